// A node model's population sets as CpuEngine, CudaEngine and the CUDA state kernels hold them.
#pragma once
#include "engine.hpp"
#include "node_model.hpp"
#include "solver/dispatch.hpp"

#include <array>
#include <vector>

namespace ll {

// Values of the canonical state: sum over sets of Q_k, per node.
template <NodeModel M>
std::size_t state_size(const Dims& d) {
    std::size_t q = 0;
    for (int k = 0; k < M::kSets; ++k)
        q += std::size_t(M::set_q(k));
    return q * std::size_t(d.nodes());
}

// The x faces (core/x_faces.hpp) of population set k, for a model that keeps them (kXFaces:
// one set, addressed by the core's Propagation); none for the others.
template <class M>
XFaces model_x_faces(int k, const EngineConfig& c) {
    if constexpr (XFacesModel<M>)
        return x_faces_of(c, M::set_q(k));
    else
        return {};
}

// Elements of population set k's buffer: nodes x Q_k (AoSoA: its last tile whole) and its x
// faces, unless the model pads its lattice (D2Q37: halo columns and rows 3 deep, around a
// tile's own nodes) and says so with set_elements(k, c).
template <class M>
std::size_t set_elements(int k, const EngineConfig& c) {
    if constexpr (requires { M::set_elements(k, c); }) return M::set_elements(k, c);
    const XFaces f = model_x_faces<M>(k, c);
    if (f.own != 0) return std::size_t(f.base + x_face_elements(f, M::set_q(k)));
    return std::size_t(stored_nodes(c.model.layout, c.dims.nodes(), population_stride(c))) *
           std::size_t(M::set_q(k));
}

// Allocates an engine's population sets: a[k] for every set, b[k] too for A-B schemes (in-place
// ones read and write a[k]). `alloc(buffer, count)` is the back end's allocation.
template <NodeModel M, class Buffers, class Alloc>
void allocate_sets(Buffers& a, Buffers& b, const EngineConfig& c, Alloc&& alloc) {
    for (int k = 0; k < M::kSets; ++k) {
        const std::size_t count = set_elements<M>(k, c);
        alloc(a[k], count);
        if (!is_in_place(c.model.scheme)) alloc(b[k], count);
    }
}

// The end of a step: in-place schemes flip the parity, A-B schemes swap every set's buffers.
template <NodeModel M, Scheme Sc, class Buffers>
void finish_step(Buffers& a, Buffers& b, int& parity, std::uint32_t& step) {
    ++step;
    if constexpr (is_in_place(Sc))
        parity ^= 1;
    else
        for (int k = 0; k < M::kSets; ++k)
            a[k].swap(b[k]);
}

// Node n's values v (set 0's Q_0, then set 1's, ...) to and from the canonical state.
template <NodeModel M>
LL_HD void to_canonical(const typename M::Real (&v)[M::kStateQ], node_t n, node_t nodes,
                        double* state) {
    std::size_t base = 0;
    int i0 = 0;
    for (int k = 0; k < M::kSets; ++k) {
        for (int i = 0; i < M::set_q(k); ++i)
            state[base + offset_t(n) * M::set_q(k) + i] = double(v[i0 + i]);
        base += std::size_t(nodes) * M::set_q(k);
        i0 += M::set_q(k);
    }
}
template <NodeModel M>
LL_HD void from_canonical(const double* state, node_t n, node_t nodes,
                          typename M::Real (&v)[M::kStateQ]) {
    std::size_t base = 0;
    int i0 = 0;
    for (int k = 0; k < M::kSets; ++k) {
        for (int i = 0; i < M::set_q(k); ++i)
            v[i0 + i] = typename M::Real(state[base + offset_t(n) * M::set_q(k) + i]);
        base += std::size_t(nodes) * M::set_q(k);
        i0 += M::set_q(k);
    }
}

// Node n's start state from its fields (EquilibriumFromFields): rho, u (3 per node), T (null: 0),
// written where the scheme keeps it. The CPU engine's loop and the GPU kernel both call it.
template <NodeModel M, Layout L, Scheme Sc>
LL_HD void start_node(const typename M::Args& a, node_t n, const double* rho, const double* u,
                      const double* T) {
    const double un[3] = {u[3 * std::size_t(n)], u[3 * std::size_t(n) + 1],
                          u[3 * std::size_t(n) + 2]};
    typename M::Real v[M::kStateQ];
    M::equilibrium_values(a, rho[n], un, T ? T[n] : 0.0, v);
    M::template write_state<L, Sc>(a, n, v);
}

// The step arguments with an engine's buffers: set k in a[k] (A-B schemes write b[k]; in-place
// ones read and write a[k]), the flags, the parity and the step number.
template <NodeModel M, class Buffers>
typename M::Args bound_args(typename M::Args args, const Buffers& a, const Buffers& b,
                            bool in_place, const std::uint8_t* flags, int parity,
                            std::uint32_t step) {
    SetBuffers<typename M::Store, M::kSets> sets{};
    for (int k = 0; k < M::kSets; ++k) {
        sets.src[k] = const_cast<typename M::Store*>(a[k].data());
        sets.dst[k] = in_place ? sets.src[k] : const_cast<typename M::Store*>(b[k].data());
    }
    M::bind(args, sets);
    auto& l = M::lattice(args);
    l.flags = flags;
    l.parity = parity;
    l.step = step;
    return args;
}

// ---- the halo exchange's view of a model (solver/domain/) ----
// A model whose set k streams on the DdQq addressing of core/scheme.hpp with the stencil
// SetStencil<k>, over the engine's Dims (no padding): the isothermal and Boussinesq models.
template <class M>
concept HaloModel = NodeModel<M> && requires {
    typename M::template SetStencil<0>;
};
// A model that names its slots itself (host code; D2Q37: padded planes, x periodic only in a
// tile that spans it): set k's velocities, and Engine::outgoing_element for configuration c.
template <class M>
concept OwnHaloModel = NodeModel<M> && requires(const EngineConfig& c) {
    { M::halo_velocities(0) } -> std::same_as<std::vector<std::array<int, 3>>>;
    { M::outgoing_element(c, 0, node_t(0), 0, 0) } -> std::convertible_to<std::uint64_t>;
};
// A model whose tiles exchange halos (Engine's halo methods answer).
template <class M>
concept ExchangesHalos = HaloModel<M> || OwnHaloModel<M>;

// f(Tag<S>) with set k's stencil S.
template <HaloModel M, class F>
decltype(auto) with_set_stencil(int k, F&& f) {
    if constexpr (M::kSets == 1)
        return f(Tag<typename M::template SetStencil<0>>{});
    else
        return k == 0 ? f(Tag<typename M::template SetStencil<0>>{})
                      : f(Tag<typename M::template SetStencil<1>>{});
}

template <HaloModel M>
std::vector<std::array<int, 3>> set_velocities(int k) {
    return with_set_stencil<M>(k, [](auto tag) {
        using S = typename decltype(tag)::type;
        std::vector<std::array<int, 3>> c(S::Q);
        for (int i = 0; i < S::Q; ++i)
            c[i] = {cvel<S>(i, 0), cvel<S>(i, 1), cvel<S>(i, 2)};
        return c;
    });
}

// Whether local row (y, z) of tile t is one of its own (not a halo row).
inline bool owned_row(const TilePlace& t, std::uint32_t y, std::uint32_t z) {
    const auto owned = [&](int a, std::uint32_t v) {
        return v >= t.origin[a] && v - t.origin[a] < t.hi[a] - t.lo[a];
    };
    return owned(1, y) && owned(2, z);
}

// Engine::outgoing_element for set k of a HaloModel on layout L and scheme Sc.
template <HaloModel M, Layout L, Scheme Sc>
std::uint64_t outgoing_element(const EngineConfig& c, int k, node_t n, int i, int parity) {
    const Dims& d = c.dims;
    return with_set_stencil<M>(k, [&](auto tag) {
        using S = typename decltype(tag)::type;
        const Slot s = Addressing<S, Sc>::outgoing(i, parity);
        const node_t at = make_frame(d, n).shift(s.d[0], s.d[1], s.d[2]);
        // Pull's outgoing slot is the node's own: an x-edge node the tile updates sends through
        // its face, and a halo node an edge node pulls from receives into one
        // (core/x_faces.hpp). A node of the x-edge columns in a y or z halo row is not updated:
        // what a copy brings it (a free-slip reflection's source) stays in its slot.
        const XFaces f = model_x_faces<M>(k, c);
        const std::uint32_t x = at % d.nx;
        if (in_sent_face<S>(f, x, s.dir) && owned_row(c.tile, (at / d.nx) % d.ny, at / d.nx / d.ny))
            return std::uint64_t(x_face_element(f, s.dir, FaceKind::Sent, at / d.nx));
        if (in_received_face<S>(f, d, x, s.dir))
            return std::uint64_t(x_face_element(f, s.dir, FaceKind::Received, at / d.nx));
        return std::uint64_t(population_index<L>(at, s.dir, population_stride(c), S::Q));
    });
}

// Engine::element_node for set k of a HaloModel on layout L: none past the set's buffer or in
// room no node uses.
template <HaloModel M, Layout L>
std::optional<node_t> element_node(const EngineConfig& c, int k, std::uint64_t e) {
    const XFaces f = model_x_faces<M>(k, c);
    if (e >= (f.own != 0 ? f.base : set_elements<M>(k, c))) return std::nullopt; // or a face
    const offset_t n = population_node<L>(e, population_stride(c), M::set_q(k));
    if (n >= c.dims.nodes()) return std::nullopt;
    return node_t(n);
}

} // namespace ll
