// The CPU back end's fast path over x-rows (issue 14: SIMD over x, the per-node rules kept at
// the edges). Along a run of plain nodes of one row (flag 0: fluid with no wall neighbour),
// away from the periodic wrap in x, every slot a node reads or writes lies one lane further
// per node (one value in SoA, Q in AoS) in every scheme: the slot is a node's shifted by a
// fixed offset (core/scheme.hpp), and only the x wrap breaks that. So the run loads, collides
// and stores in lanes that the compiler vectorises, after one make_frame for the whole run.
// Every other node (the row's two ends, walls and their neighbours, inlets, outlets, halos)
// takes update_node as before. Both paths do the same operations on each node in the same
// order, and the build has no fused multiply-add to contract them differently, so they agree
// bit for bit (tiles against one domain, where the ends of rows differ, test it).
#pragma once
#include "node_model.hpp"

#include <algorithm>
#include <concepts>
#include <cstdint>

namespace ll {

// Models whose update is the core's update_node on one population set stored as computed
// (the isothermal DdQq model in FP32 and FP64; 16-bit storage rounds per node with noise).
template <class M>
concept RowModel = M::kSets == 1 && !M::kHasTemperature &&
                   std::same_as<typename M::Real, typename M::Store> && requires {
    typename M::Stencil;
};

// The lanes' instruction set is the build's choice (cmake/CpuLanes.cmake): the widest the
// building machine runs (LL_CPU_LANES_TARGET, "avx512f" or "avx2"), or all three of the
// baseline (SSE2's 128-bit lanes), AVX2 (256-bit) and AVX-512 (512-bit), GCC picking one when
// the program starts (LL_CPU_LANES_PORTABLE: three compilations of every row loop, about three
// times the build time of the CPU units). FP32 rows are bound by arithmetic, not memory (on 2
// cores, D3Q19 FP64 reached 65 % of the copy bandwidth where FP32 reached 45 %), so wider lanes
// pay. AVX-512 and AVX2 bring fused multiply-adds, which GCC would contract a * b + c into by
// default: fp-contract=off keeps each lane computing what the per-node update does, bit for
// bit.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__CUDACC__)
#if defined(LL_CPU_LANES_PORTABLE)
#define LL_CPU_LANES                                                                               \
    __attribute__((target_clones("avx512f", "avx2", "default"), optimize("fp-contract=off")))
#elif defined(LL_CPU_LANES_TARGET)
#define LL_CPU_LANES __attribute__((target(LL_CPU_LANES_TARGET), optimize("fp-contract=off")))
#endif
#endif
#ifndef LL_CPU_LANES
#define LL_CPU_LANES
#endif

// How far ahead of the lanes a run prefetches each population's stream, in 64-byte lines (128
// FP32 or 64 FP64 nodes; past a run's end, in the next row, as SoA rows follow each other). A
// D3Q19 row streams 19 arrays in and 19 out, more than the hardware prefetchers follow; on this
// project's 2-core AMD EPYC VM D3Q19 at 128^3 gained 29-109 % in MLUPS, and 4 to 16 lines did
// about as well as 8 (docs/PERFORMANCE.md, session 19).
inline constexpr std::int64_t kPrefetchLines = 8;

// A prefetch of slot `at` of `base`. The address is formed as an integer: near an array's end
// it may lie past the array, where pointer arithmetic would be undefined; a prefetch of any
// address never faults.
template <class Real>
inline void prefetch_slot(const Real* base, offset_t at, bool write) {
    const auto* p = reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(base) +
                                                  std::uintptr_t(at) * sizeof(Real));
    if (write)
        __builtin_prefetch(p, 1);
    else
        __builtin_prefetch(p, 0);
}

// `count` plain nodes from n0 on, along x, none at the row's ends. Flattened: the collision is
// inlined into the lanes' loop, which the vectoriser needs.
template <class S, Layout L, Scheme Sc, class C, class Real>
[[gnu::flatten]] LL_CPU_LANES void update_run(const StepArgs<Real, Real>& a, node_t n0,
                                              std::int64_t count, bool prefetch) {
    static_assert(L != Layout::AoSoA, "AoSoA's slots shift by one lane only inside a tile");
    using P = Propagation<S, L, Sc, Real, Real>;
    const NodeFrame fr = make_frame(a.dims, n0);
    offset_t in[S::Q], out[S::Q];
    for (int i = 0; i < S::Q; ++i) {
        in[i] = P::incoming_index(a, fr, i);
        out[i] = P::outgoing_index(a, fr, i);
    }
    constexpr offset_t lane = L == Layout::SoA ? 1 : S::Q;
    const Real* src = a.src;
    Real* dst = a.dst;
    // Local copies: stores through dst could alias the arguments' values for all the compiler
    // knows. The force's test is made here, once: inside, its answer is known and the lanes'
    // loop has no branch (the vectoriser needs none).
    const CollisionParams<Real> coll = a.coll;
    const Real force[3] = {a.force[0], a.force[1], a.force[2]};
    const Real none[3] = {Real(0), Real(0), Real(0)};
    // With prefetch (SoA only: in AoS a node's values are one stream), the lanes run in chunks
    // of four lines, each after the prefetches of what a later chunk reads and writes; without,
    // in one chunk. One loop either way, so the vectorised collision is inlined once.
    constexpr std::int64_t kLine = 64 / sizeof(Real), kChunk = 4 * kLine;
    constexpr std::int64_t kAhead = kPrefetchLines * kLine;
    const bool ahead = L == Layout::SoA && prefetch;
    // The run's last kBlock nodes go in one block of whole vectors whose results wait in `last`
    // until the lanes, which take the nodes before the remainder (a multiple of kBlock), are
    // done; then `last` is stored over the run's end. The nodes the block shares with the lanes
    // get the same bits from both: the same operations on the values the step began with, as
    // the block reads before the lanes write them (in the in-place schemes too: each slot is
    // one node's) and stores after they read. So no node of the run is left to the compiler's
    // scalar remainder (14 of a row of 128 FP32 nodes). The block is read just before the
    // chunk that reaches it, whose lines the earlier chunks prefetched: read first, at the run's
    // start, they cost FP64 A-A 8 % of its speed on 64^3 (2-core EPYC).
    constexpr std::int64_t kBlock = kLine; // 16 FP32 or 8 FP64: one AVX-512 vector, two AVX2
    const bool block = count > kBlock && count % kBlock != 0;
    const std::int64_t body = block ? count - count % kBlock : count;
    const std::int64_t last0 = count - kBlock; // the block's first node in the run
    const std::int64_t span = ahead ? kChunk : body;
    const auto lanes = [&](const Real(&g)[3]) {
        alignas(64) Real last[S::Q][kBlock];
        bool held = false;
        for (std::int64_t j0 = 0; j0 < body; j0 += span) {
            if (ahead)
                for (int i = 0; i < S::Q; ++i)
                    for (std::int64_t l = 0; l < kChunk; l += kLine) {
                        prefetch_slot(src, in[i] + offset_t(j0 + kAhead + l), false);
                        prefetch_slot(dst, out[i] + offset_t(j0 + kAhead + l), true);
                    }
            const std::int64_t j1 = std::min(body, j0 + span);
            if (block && !held && j1 > last0) {
                held = true;
#pragma omp simd
                for (std::int64_t k = 0; k < kBlock; ++k) {
                    Real f[S::Q];
                    LL_UNROLL
                    for (int i = 0; i < S::Q; ++i)
                        f[i] = src[in[i] + offset_t(last0 + k) * lane];
                    C::template collide<S>(coll, f, g);
                    LL_UNROLL
                    for (int i = 0; i < S::Q; ++i)
                        last[i][k] = f[i];
                }
            }
#pragma omp simd
            for (std::int64_t j = j0; j < j1; ++j) {
                Real f[S::Q];
                LL_UNROLL
                for (int i = 0; i < S::Q; ++i)
                    f[i] = src[in[i] + offset_t(j) * lane];
                C::template collide<S>(coll, f, g);
                LL_UNROLL
                for (int i = 0; i < S::Q; ++i)
                    dst[out[i] + offset_t(j) * lane] = f[i];
            }
        }
        if (held)
            for (int i = 0; i < S::Q; ++i) {
#pragma omp simd
                for (std::int64_t k = 0; k < kBlock; ++k)
                    dst[out[i] + offset_t(last0 + k) * lane] = last[i][k];
            }
    };
    if (has_force(force))
        lanes(force);
    else
        lanes(none);
}

// One row of the lattice (node row0 is its x = 0): runs of plain nodes through update_run,
// every other node through the model's update. A tile's x faces (core/x_faces.hpp) break the
// lanes' fixed offsets at x = 0 and own - 1, so its runs end before own - 1 (x = 0 starts no
// run anyway).
template <class M, Layout L, Scheme Sc, class C>
void update_row(const typename M::Args& a, const std::uint8_t* flags, node_t row0, bool prefetch) {
    const std::uint32_t nx = a.dims.nx;
    const std::uint32_t own = M::lattice(a).faces.own;
    const std::uint32_t run_end = own != 0 ? own - 1 : nx - 1; // x past a run's last node
    std::uint32_t x = 0;
    while (x < nx) {
        const bool plain = x > 0 && x < run_end && flags[row0 + x] == kFluid;
        if (!plain) {
            M::template update<L, Sc, C, Pass::All>(a, row0 + x);
            ++x;
            continue;
        }
        std::uint32_t end = x + 1;
        while (end < run_end && flags[row0 + end] == kFluid)
            ++end;
        update_run<typename M::Stencil, L, Sc, C>(a, row0 + x, end - x, prefetch);
        x = end;
    }
}

} // namespace ll
