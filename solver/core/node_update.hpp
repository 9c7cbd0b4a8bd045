// The per-node streaming-collision step: scheme addressing + layout + boundary rules +
// collision, composed once and run unchanged by the CPU loop and the CUDA kernels.
//
// [SECTION] Propagation<S, L, Sc, Real>: gather / wall redirects / scatter for one node
// [SECTION] update_node: the whole step for one node
// [SECTION] State access: read and write f_i(x, t) independent of scheme and layout, used for
//           field output and for switching scheme or layout while the flow keeps its state
#pragma once
#include "boundary.hpp"
#include "layout.hpp"
#include "x_faces.hpp"

namespace ll {

// How a pull node's gather finds its x faces (x_faces.hpp). Runtime tests the lattice
// (a.faces.own) once per node, and is right for every lattice. The GPU's launched kernels are
// built for one answer, None or Faces, so that each holds one gather: both in one kernel took
// D3Q19 FP32 pull AoSoA from 48 to 52-54 registers, and one domain, 1x1x8 and 1x2x4 tiles ran
// 0.5-1.8 % slower than before the faces (H200, docs/PERFORMANCE.md, session 23).
enum class FacePath : std::uint8_t { Runtime, None, Faces };

// Real is the arithmetic, Store the number format in memory: gather, scatter and the wall
// slots go through load() and store() (storage.hpp), the only code that knows it.
template <class S, Layout L, Scheme Sc, class Real, class Store = Real>
struct Propagation {
    using A = Addressing<S, Sc>;
    using Args = StepArgs<Real, Store>;

    LL_HD static offset_t index(const Args& a, node_t node, int dir) {
        return population_index<L>(node, dir, a.soa_stride, S::Q);
    }
    LL_HD static node_t resolve(const Args& a, const NodeFrame& fr, const int (&d)[3]) {
        const bool near =
            d[0] >= -1 && d[0] <= 1 && d[1] >= -1 && d[1] <= 1 && d[2] >= -1 && d[2] <= 1;
        return near ? fr.shift(d[0], d[1], d[2]) : shift_far(a.dims, fr, d[0], d[1], d[2]);
    }
    // Where a pull tile keeps x faces (x_faces.hpp), the slot of direction dir at node m may
    // lie in a received face; any node m (a wall redirect's), so the row is m's.
    LL_HD static offset_t element_at(const Args& a, node_t m, int dir) {
        if constexpr (Sc == Scheme::Pull) {
            // (own first: no division where no tile keeps faces, as in the resident kernels)
            if (a.faces.own != 0 && in_received_face<S>(a.faces, a.dims, m % a.dims.nx, dir))
                return x_face_element(a.faces, dir, FaceKind::Received, m / a.dims.nx);
        }
        return index(a, m, dir);
    }
    // The node's own incoming slots; the received faces' rows from the frame, without the
    // division element_at takes. kFaces = false: the lattice keeps no faces (a.faces.own == 0),
    // and none of their tests is made.
    template <bool kFaces = true>
    LL_HD static offset_t incoming_index(const Args& a, const NodeFrame& fr, int i) {
        const Slot s = A::incoming(i, a.parity);
        const offset_t slot = index(a, fr.shift(s.d[0], s.d[1], s.d[2]), s.dir);
        if constexpr (Sc == Scheme::Pull && kFaces) {
            // Both addresses and a select, not a branch: with a branch per direction each
            // load waited behind its test (a 2x2x2 tile's kernel ran 4 % below the same
            // kernel without faces, on the same bytes; H200, docs/PERFORMANCE.md, session 24).
            const offset_t face = x_face_element(a.faces, s.dir, FaceKind::Received,
                                                 face_row(a.dims, fr, s.d[1], s.d[2]));
            return pulls_from_received_face<S>(a.faces, fr.x, s.dir) ? face : slot;
        }
        return slot;
    }
    LL_HD static offset_t outgoing_index(const Args& a, const NodeFrame& fr, int i) {
        const Slot s = A::outgoing(i, a.parity);
        return index(a, fr.shift(s.d[0], s.d[1], s.d[2]), s.dir);
    }

    // One test of the lattice (or none: kPath), not ten of every node: without faces (one
    // domain, every scheme but pull) the loads are addressed as if faces did not exist, and
    // cost what they did before them.
    template <FacePath kPath = FacePath::Runtime>
    LL_HD static void gather(const Args& a, const NodeFrame& fr, Real (&f)[S::Q]) {
        if constexpr (Sc == Scheme::Pull && kPath == FacePath::Runtime) {
            if (a.faces.own != 0) {
                gather_from<true>(a, fr, f);
                return;
            }
        }
        gather_from<Sc == Scheme::Pull && kPath == FacePath::Faces>(a, fr, f);
    }
    // Where the format decodes in two steps (fp16c), the second runs only for a node that has
    // a value needing it; the values are what load() returns either way.
    template <bool kFaces>
    LL_HD static void gather_from(const Args& a, const NodeFrame& fr, Real (&f)[S::Q]) {
        using C = Codec<Store>;
        if constexpr (C::kPlainLoad) {
            bool plain = true;
            LL_UNROLL
            for (int i = 0; i < S::Q; ++i) {
                f[i] = C::template decode_plain<Real>(a.src[incoming_index<kFaces>(a, fr, i)]);
                plain = plain & C::loaded_plain(f[i]);
            }
            if (!plain) {
                LL_UNROLL
                for (int i = 0; i < S::Q; ++i)
                    f[i] = C::finish(f[i]);
            }
        } else {
            LL_UNROLL
            for (int i = 0; i < S::Q; ++i)
                f[i] = load<Real>(a.src, incoming_index<kFaces>(a, fr, i));
        }
    }
    // A time step's stores: 16-bit formats round stochastically (storage.hpp, dither), wider
    // ones ignore the noise, which the compiler then drops. Where the format has a plain path
    // (fp16s), one test of the node's values (all but a blown-up node pass it) lets every store
    // skip the per-value select; both branches store what store(..., noise) stores.
    template <FacePath kPath = FacePath::Runtime>
    LL_HD static void scatter(const Args& a, const NodeFrame& fr, const Real (&f)[S::Q]) {
        const std::uint32_t seed = node_seed(fr.n, a.step);
        if constexpr (Sc == Scheme::Pull && kPath != FacePath::None)
            store_sent_faces(a, fr, f, seed);
        using C = Codec<Store>;
        if constexpr (C::kPlainPath) {
            bool plain = true;
            LL_UNROLL
            for (int i = 0; i < S::Q; ++i)
                plain = plain & C::plain(f[i]); // & rather than &&: no branch per value
            if (plain) {
                LL_UNROLL
                for (int i = 0; i < S::Q; ++i)
                    a.dst[outgoing_index(a, fr, i)] = C::encode_plain(f[i], dither(seed, i));
                return;
            }
        }
        LL_UNROLL
        for (int i = 0; i < S::Q; ++i)
            store(a.dst, outgoing_index(a, fr, i), f[i], dither(seed, i));
    }

    // An x-edge node of a pull tile with x faces also stores what crosses the cut in its sent
    // face (x_faces.hpp), with the bits its slot gets: only the copy reads it.
    LL_HD static void store_sent_faces(const Args& a, const NodeFrame& fr, const Real (&f)[S::Q],
                                       std::uint32_t seed) {
        if (a.faces.own == 0 || (fr.x != 0 && fr.x != a.faces.own - 1)) return;
        const offset_t row = face_row(a.dims, fr, 0, 0);
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i)
            if (in_sent_face<S>(a.faces, fr.x, i))
                store(a.dst, x_face_element(a.faces, i, FaceKind::Sent, row), f[i],
                      dither(seed, i));
    }

    // What the out-of-line wall path needs, passed by value: a reference would force the
    // caller's StepArgs and NodeFrame into local memory for every node.
    struct WallLookup {
        Store* mem;
        const std::uint8_t* flags;
        Dims dims;
        node_t soa_stride;
        int parity;
        Real wall_u[3];
        node_t n;
        XFaces faces;
    };
    LL_HD static WallLookup wall_lookup(const Args& a, node_t n) {
        return {const_cast<Store*>(a.src),
                a.flags,
                a.dims,
                a.soa_stride,
                a.parity,
                {a.wall_u[0], a.wall_u[1], a.wall_u[2]},
                n,
                a.faces};
    }
    // Where the reflection of incoming direction i from the wall node `sf` lives, and what the
    // wall adds (boundary.hpp).
    LL_HD static offset_t reflection_slot(const Args& a, const NodeFrame& fr, int i,
                                          std::uint8_t sf, Real& add) {
        const Redirect<Real> r = wall_redirect<S, Sc>(a, fr, i, sf);
        add = r.add;
        return element_at(a, resolve(a, fr, r.d), r.dir);
    }
    // The arguments a WallLookup carries, as the slot arithmetic takes them.
    LL_HD static Args lookup_args(const WallLookup& w) {
        Args a{};
        a.src = w.mem;
        a.dims = w.dims;
        a.soa_stride = w.soa_stride;
        a.flags = w.flags;
        a.parity = w.parity;
        a.faces = w.faces;
        for (int k = 0; k < 3; ++k)
            a.wall_u[k] = w.wall_u[k];
        return a;
    }
    // The reflected population read in the caller's code, so that a node's reflected reads
    // issue together (Pass::Resident); reflected() is the same read out of line. Both compute
    // the same bits: the CUDA units of these models are built without FMA contraction
    // (solver/models/CMakeLists.txt).
    LL_HD static Real reflected_inline(const Args& a, const NodeFrame& fr, int i, std::uint8_t sf) {
        Real add;
        const offset_t slot = reflection_slot(a, fr, i, sf, add);
        return load<Real>(a.src, slot) + add;
    }
    LL_HD_NOINLINE static Real reflected(WallLookup w, int i, std::uint8_t sf) {
        return reflected_inline(lookup_args(w), make_frame(w.dims, w.n), i, sf);
    }
    // Wall ghosts (engine/wall_ghosts.hpp): the reflection of each incoming direction i in
    // `walls` (a bit per direction), whose source is a bounce-back wall (`moving`: the lid),
    // copied into the slot the gather reads for i, so that the bulk pass needs no wall code.
    // The values reflected_inline reads, without reading the walls' flags. Every value is
    // loaded before any is stored: the stores go to wall nodes' slots and the loads come from
    // the node's own, but the compiler cannot know it, and would otherwise chain them. Only
    // where wall_ghosts_exact(Sc) (each slot written is the wall node's and nobody else's)
    // and Real == Store (the copy is exact).
    LL_HD static void fill_wall_ghosts(const Args& a, const NodeFrame& fr, std::uint32_t walls,
                                       std::uint32_t moving) {
        Real v[S::Q] = {}; // only the walls' entries are read
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i) {
            if (!((walls >> i) & 1u)) continue;
            const Redirect<Real> r = bounce_back_redirect<S, Sc>(a, i, (moving >> i) & 1u);
            v[i] = load<Real>(a.src, element_at(a, resolve(a, fr, r.d), r.dir)) + r.add;
        }
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i)
            if ((walls >> i) & 1u) store(const_cast<Store*>(a.src), incoming_index(a, fr, i), v[i]);
    }
    // A bounce-back wall that shares a 32-byte sector with updated nodes (fills_wall_sector):
    // the bulk pull pass stores its slots of the next step too, so that the sector's stores are
    // whole and the DRAM does not read it first (mark_wall_sectors). Pull stores a node's own
    // slots; a wall's are read only where a ghost is copied before the step, or by readers that
    // replace what they read there by the reflection (apply_walls): zero is never used.
    LL_HD static void fill_wall_sector(const Args& a, node_t n) {
        static_assert(Sc == Scheme::Pull, "other schemes keep reflections in the walls' slots");
        LL_UNROLL
        for (int i = 0; i < S::Q; ++i)
            store(a.dst, index(a, n, i), Real(0));
    }
    // The inverse of reflected(): stores what reflected() will read back.
    LL_HD_NOINLINE static void store_reflected(WallLookup w, int i, std::uint8_t sf, Real value) {
        Real add;
        const offset_t slot = reflection_slot(lookup_args(w), make_frame(w.dims, w.n), i, sf, add);
        store(w.mem, slot, value - add);
    }

    // The flag of the node each incoming population streams from (sf[0], the rest population's
    // own node, is not read).
    LL_HD static void source_flags(const Args& a, const NodeFrame& fr, std::uint8_t (&sf)[S::Q]) {
        sf[0] = 0;
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i)
            sf[i] = a.flags[fr.shift(-cvel<S>(i, 0), -cvel<S>(i, 1), -cvel<S>(i, 2))];
    }
    // Every direction's bounce-back value (what a solid or moving wall reflects, before the
    // moving wall's term), read with the node's populations before its source flags are known
    // (Pass::Resident): a near-wall node then waits for one round trip instead of two. Values
    // of directions without a wall are read for nothing; in the resident kernel the lattice
    // sits in L2 and latency, not bandwidth, bounds the step.
    LL_HD static void bounce_backs(const Args& a, const NodeFrame& fr, Real (&b)[S::Q]) {
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i) {
            const Redirect<Real> r = bounce_back_redirect<S, Sc>(a, i, false);
            b[i] = load<Real>(a.src, element_at(a, resolve(a, fr, r.d), r.dir));
        }
    }
    // apply_walls with the bounce-back values read already: the same sums, so the same bits.
    // A free-slip wall's reflection depends on the flags around, and is read here.
    LL_HD static void apply_walls_read(const Args& a, const NodeFrame& fr,
                                       const std::uint8_t (&sf)[S::Q], const Real (&b)[S::Q],
                                       Real (&f)[S::Q]) {
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i) {
            if (!is_halfway_wall(sf[i])) continue;
            if (node_type(sf[i]) == kFreeSlip) {
                f[i] = reflected_inline(a, fr, i, sf[i]);
            } else {
                const bool moving = node_type(sf[i]) == kMovingWall;
                f[i] = b[i] + bounce_back_redirect<S, Sc>(a, i, moving).add;
            }
        }
    }
    // Replace the populations whose source is a half-way wall by their reflection; kInline
    // reads each reflection in the caller's code instead of a call (the Boussinesq model's
    // resident pass; the isothermal one uses apply_walls_read).
    template <bool kInline = false>
    LL_HD static void apply_walls(const Args& a, const NodeFrame& fr,
                                  const std::uint8_t (&sf)[S::Q], Real (&f)[S::Q]) {
        LL_UNROLL
        for (int i = 1; i < S::Q; ++i) {
            if (!is_halfway_wall(sf[i])) continue;
            if constexpr (kInline)
                f[i] = reflected_inline(a, fr, i, sf[i]);
            else
                f[i] = reflected(wall_lookup(a, fr.n), i, sf[i]);
        }
    }
    template <bool kInline = false>
    LL_HD static void apply_walls(const Args& a, const NodeFrame& fr, Real (&f)[S::Q]) {
        std::uint8_t sf[S::Q];
        source_flags(a, fr, sf);
        apply_walls<kInline>(a, fr, sf, f);
    }

    // f_i(x, t) exactly as the next step would see it (walls applied, pressure ends completed),
    // unshifted: memory holds f_i - w_i (equilibrium.hpp).
    LL_HD static void read_state(const Args& a, const NodeFrame& fr, Real (&f)[S::Q]) {
        gather(a, fr, f);
        if (near_wall(a.flags[fr.n])) apply_walls(a, fr, f);
        complete_pressure_end<S>(a, node_type(a.flags[fr.n]), f);
        LL_UNROLL
        for (int i = 0; i < S::Q; ++i)
            f[i] += Real(weight<S>(i));
    }
    // The inverse of read_state: stores f so that read_state returns it. Writes into src.
    LL_HD static void write_state(const Args& a, const NodeFrame& fr, const Real (&f_full)[S::Q]) {
        Real f[S::Q];
        LL_UNROLL
        for (int i = 0; i < S::Q; ++i)
            f[i] = f_full[i] - Real(weight<S>(i));
        Store* mem = const_cast<Store*>(a.src); // the state lives in the incoming slots
        const bool walls = near_wall(a.flags[fr.n]);
        LL_UNROLL
        for (int i = 0; i < S::Q; ++i) {
            const std::uint8_t sf =
                walls ? a.flags[fr.shift(-cvel<S>(i, 0), -cvel<S>(i, 1), -cvel<S>(i, 2))] : 0;
            if (i > 0 && is_halfway_wall(sf)) {
                store_reflected(wall_lookup(a, fr.n), i, sf, f[i]);
            } else {
                store(mem, incoming_index(a, fr, i), f[i]);
            }
        }
    }
};

// Which nodes a pass updates: all of them (the CPU loop), only those with no wall neighbour
// (the GPU bulk kernel, which then carries no wall code), or only those with one (the GPU
// boundary-list kernel). Nodes touch only their own slots, so the split needs no ordering.
// Resident is All for the resident kernel (engine/resident_steps.cuh), where one thread holds
// one node of a lattice that sits in L2 and no other warps hide latency: a node's populations,
// its neighbours' flags and every bounce-back value are read before any test, and the wall
// reflections are applied inline (Propagation::apply_walls_read), not by a call per wall
// direction, each a round trip after the last.
// Those chains made a resident cylinder2d step three times a wall-free lattice's (issue 14).
// The launched kernels keep the call per wall direction and read neighbour flags only for
// near-wall nodes: there other warps hide the latency, and the extra loads or inlined wall
// code would cost every node of a large lattice (and the build: wall code inlined into every
// list kernel took the CUDA build from 290 to 500 s).
enum class Pass : std::uint8_t { All, Bulk, NearWall, Resident };

// Whether a pass leaves node `flag` alone. The bulk pass takes a near-wall node whose walls'
// reflections were copied where it streams from (kWallGhostBit): its gather reads them there.
template <Pass kPass>
LL_HD bool skipped_by(std::uint8_t flag) {
    return !is_updated(flag) || (kPass == Pass::Bulk && in_wall_list(flag));
}

// kPath None takes a lattice without x faces, Faces one with them, Runtime either.
template <class S, Layout L, Scheme Sc, class C, class Real, Pass kPass = Pass::All,
          class Store = Real, FacePath kPath = FacePath::Runtime>
LL_HD void update_node(const StepArgs<Real, Store>& a, node_t n) {
    using P = Propagation<S, L, Sc, Real, Store>;
    const std::uint8_t flag = a.flags[n];
    if (kPass != Pass::Resident && skipped_by<kPass>(flag)) {
        if constexpr (kPass == Pass::Bulk && Sc == Scheme::Pull)
            if (fills_wall_sector(flag)) P::fill_wall_sector(a, n);
        return;
    }
    const NodeFrame fr = make_frame(a.dims, n);
    Real f[S::Q];
    P::template gather<kPath>(a, fr, f);
    if constexpr (kPass == Pass::Resident) {
        std::uint8_t sf[S::Q];
        P::source_flags(a, fr, sf); // for every node: its wall tests need no near-wall bit
        Real bounced[S::Q];
        P::bounce_backs(a, fr, bounced);
        if (skipped_by<kPass>(flag)) return;
        P::apply_walls_read(a, fr, sf, bounced, f);
    } else if constexpr (kPass != Pass::Bulk) {
        if (near_wall(flag)) P::apply_walls(a, fr, f);
    }
    if (!apply_node_rule<S>(a, node_type(flag), f)) C::template collide<S>(a.coll, f, a.force);
    P::template scatter<kPath>(a, fr, f);
}

// Density and velocity of a node at time t (walls report rho = 1 and their own velocity).
template <class S, Layout L, Scheme Sc, class Real, class Store>
LL_HD_NOINLINE Macro<Real> read_macro(const StepArgs<Real, Store>& a, node_t n) {
    const std::uint8_t flag = a.flags[n];
    if (!is_updated(flag)) {
        const bool moving = node_type(flag) == kMovingWall;
        return {Real(1),
                {moving ? a.wall_u[0] : Real(0), moving ? a.wall_u[1] : Real(0),
                 moving ? a.wall_u[2] : Real(0)}};
    }
    // From the shifted populations: rho = 1 + drho keeps drho's precision in FP32.
    using P = Propagation<S, L, Sc, Real, Store>;
    const NodeFrame fr = make_frame(a.dims, n);
    Real g[S::Q], drho;
    P::gather(a, fr, g);
    if (near_wall(flag)) P::apply_walls(a, fr, g);
    complete_pressure_end<S>(a, node_type(flag), g);
    return shifted_moments<S>(g, a.force, drho);
}

// False for NaN and +-infinity (and |v| >= 1e30), in host and device code alike: NaN fails
// every comparison, and an overflow to Inf fails the magnitude check.
template <class Real>
LL_HD bool is_finite_value(Real v) {
    return v > Real(-1e30) && v < Real(1e30);
}
// Density and velocity of a node's moments (members rho, u[3]) all finite.
template <class M>
LL_HD bool moments_are_finite(const M& m) {
    return is_finite_value(m.rho) && is_finite_value(m.u[0]) && is_finite_value(m.u[1]) &&
           is_finite_value(m.u[2]);
}

// True when the node's density and velocity are finite (walls always are).
template <class S, Layout L, Scheme Sc, class Real, class Store>
LL_HD bool node_is_finite(const StepArgs<Real, Store>& a, node_t n) {
    return !is_updated(a.flags[n]) || moments_are_finite(read_macro<S, L, Sc>(a, n));
}

} // namespace ll
