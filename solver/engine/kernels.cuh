// CUDA kernels of the one engine. Every kernel runs a node model's per-node code
// (engine/node_model.hpp); only the thread mapping and the shared-memory variant are
// GPU-specific.
//
// [SECTION] step                one thread per node, any scheme; Parity is a template constant
//                               so A-A (Bailey et al. 2009) really is two alternating kernels;
//                               register-capped variants of the bulk pass
// [SECTION] shared_x            the Toelke/Habich baseline: pull with the x-shift through
//                               shared memory; one block covers a segment of one x-row
// [SECTION] state and fields    canonical state import/export, macroscopic fields
#pragma once
#include "population_sets.hpp"
#include "step_plan.hpp"
#include "wall_ghosts.hpp"

#if __CUDACC_VER_MAJOR__ * 100 + __CUDACC_VER_MINOR__ < 1204
#error "step_bulk_capped needs __maxnreg__ (register_caps.hpp): CUDA 12.4 or newer"
#endif

namespace ll::cuda {

// Which nodes a bulk launch takes: every node (one domain, or a tile stepped whole), every node
// but a tile's border, or the border's own list (a tile that updates its border first). The
// nodes next to a wall are step_walls': inline here, their rule's registers (95 against 48 for
// D3Q19 FP32 pull) halved every node's occupancy, and a 256^3 cavity ran at 0.65-0.76 of the
// list's speed on an H200 (2026-11-26, scripts/walls-bench).
enum class BulkNodes : std::uint8_t { All, AllButBorder, Listed };

// The bulk pass: nodes next to a wall are skipped here and updated by step_walls. The three
// variants differ only in how a thread finds its node; the node's update is the same code, so
// a tile's nodes compute what one domain's do, bit for bit. One domain keeps the plain kernel
// (a node list and a skip test in it cost the 16-bit kernels 3 %).
template <class M, Layout L, Scheme Sc, class C, int Parity, BulkNodes kNodes, FacePath kFaces>
__device__ __forceinline__ void bulk_thread(typename M::Args& a, const node_t* list, node_t count) {
    const node_t k = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    const node_t n = kNodes == BulkNodes::Listed ? list[k] : k;
    if constexpr (kNodes == BulkNodes::AllButBorder)
        if (on_border(M::lattice(a).flags[n])) return;
    M::lattice(a).parity = Parity;
    update_with<M, L, Sc, C, Pass::Bulk, kFaces>(a, n);
}
template <class M, Layout L, Scheme Sc, class C, int Parity, BulkNodes kNodes = BulkNodes::All,
          FacePath kFaces = FacePath::Runtime>
__global__ void step_bulk(typename M::Args a, const node_t* list, node_t count) {
    bulk_thread<M, L, Sc, C, Parity, kNodes, kFaces>(a, list, count);
}

// The bulk pass over every node with at most kRegs registers per thread (register_caps.hpp):
// the same node update, so the same results bit for bit; what does not fit in kRegs registers
// spills to local memory. Built only where register_capped<M, L, Sc, C>() says so, for one
// domain (register_cap_error refuses a tile a cap), which keeps no x faces.
template <class M, Layout L, Scheme Sc, class C, int Parity, int kRegs>
__global__ void __maxnreg__(kRegs) step_bulk_capped(typename M::Args a, node_t count) {
    bulk_thread<M, L, Sc, C, Parity, BulkNodes::All, kOneDomainFaces<M, Sc>>(a, nullptr, count);
}

// The boundary list: nodes with a half-way wall among their neighbours.
template <class M, Layout L, Scheme Sc, class C, int Parity, FacePath kFaces = FacePath::Runtime>
__global__ void step_walls(typename M::Args a, const node_t* nodes, node_t count) {
    const node_t k = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    M::lattice(a).parity = Parity;
    update_with<M, L, Sc, C, Pass::NearWall, kFaces>(a, nodes[k]);
}

// Wall ghosts (wall_ghosts.hpp), before a step: each ghosted node's reflections copied where it
// streams from, so that the bulk kernel updates the node. A thread per node, not per wall
// link: its loads then issue together (a thread per link took 57 us of a 256^3 cavity's
// 720 us step on an H200, 2026-11-27).
template <class M, Layout L, Scheme Sc>
__global__ void fill_wall_ghosts(typename M::Args a, const WallGhostNode* nodes,
                                 std::uint32_t count) {
    const std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < count) M::template fill_wall_ghosts<L, Sc>(a, nodes[k]);
}

// One pass of a model's step plan (step_plan.hpp): item i of `count` per thread.
template <class M, class Op>
__global__ void sweep_kernel(typename M::Args a, Op op, std::uint32_t count) {
    const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) op(a, i);
}

// Number of directions with a nonzero x component: those go through shared memory.
template <class S>
constexpr int x_moving_directions() {
    int k = 0;
    for (int i = 0; i < S::Q; ++i)
        k += S::c[i][0] != 0;
    return k;
}

template <class S, class Real>
constexpr std::size_t shared_x_bytes(int block) {
    return sizeof(Real) * std::size_t(x_moving_directions<S>()) * std::size_t(block + 2);
}

template <class S, Layout L, class C, class Real, class Store>
__global__ void shared_x(StepArgs<Real, Store> a) {
    using P = Propagation<S, L, Scheme::SharedX, Real, Store>;
    extern __shared__ unsigned char smem_raw[];
    Real* buf = reinterpret_cast<Real*>(smem_raw);
    const int block = blockDim.x, tx = threadIdx.x;
    const std::uint32_t segments = (a.dims.nx + block - 1) / block;
    const std::uint32_t row = blockIdx.x / segments, seg = blockIdx.x % segments;
    const std::uint32_t x0 = seg * block;
    const int width = int(min(std::uint32_t(block), a.dims.nx - x0));
    const bool active = tx < width;
    const node_t n = node_t(row) * a.dims.nx + x0 + (active ? tx : 0);
    const NodeFrame fr = make_frame(a.dims, n);

    // Aligned loads: each direction from the row shifted in y/z only.
    Real f[S::Q];
    int k = 0;
    LL_UNROLL
    for (int i = 0; i < S::Q; ++i) {
        const node_t m = fr.shift(0, -cvel<S>(i, 1), -cvel<S>(i, 2));
        if (cvel<S>(i, 0) == 0) {
            f[i] = load<Real>(a.src, population_index<L>(m, i, a.soa_stride, S::Q));
            continue;
        }
        Real* lane = buf + k * (block + 2);
        if (active) lane[tx + 1] = load<Real>(a.src, population_index<L>(m, i, a.soa_stride, S::Q));
        // Halo: one node left of the segment and one node right of it (periodic in x).
        if (tx == 0)
            lane[0] =
                load<Real>(a.src, population_index<L>(m + fr.minus[0], i, a.soa_stride, S::Q));
        if (tx == width - 1)
            lane[width + 1] =
                load<Real>(a.src, population_index<L>(m + fr.plus[0], i, a.soa_stride, S::Q));
        ++k;
    }
    __syncthreads();
    k = 0;
    LL_UNROLL
    for (int i = 0; i < S::Q; ++i) {
        if (cvel<S>(i, 0) == 0) continue;
        f[i] = buf[k * (block + 2) + tx + 1 - cvel<S>(i, 0)];
        ++k;
    }
    if (!active) return;
    const std::uint8_t flag = a.flags[n];
    if (!is_updated(flag) || near_wall(flag)) return; // walls: stream_collide_walls
    if (!apply_node_rule<S>(a, node_type(flag), f)) C::template collide<S>(a.coll, f, a.force);
    P::scatter(a, fr, f);
}

// The canonical state (population_sets.hpp); updated nodes only, the others hold zeros.
template <class M, Layout L, Scheme Sc>
__global__ void export_state_kernel(typename M::Args a, double* out) {
    const auto& l = M::lattice(a);
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= l.dims.nodes()) return;
    typename M::Real v[M::kStateQ] = {};
    if (is_updated(l.flags[n])) M::template read_state<L, Sc>(a, n, v);
    to_canonical<M>(v, n, l.dims.nodes(), out);
}

template <class M, Layout L, Scheme Sc>
__global__ void import_state_kernel(typename M::Args a, const double* in) {
    const auto& l = M::lattice(a);
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= l.dims.nodes() || !is_updated(l.flags[n])) return;
    typename M::Real v[M::kStateQ];
    from_canonical<M>(in, n, l.dims.nodes(), v);
    // Redirect slots are unique per (node, direction), so parallel writes never collide.
    M::template write_state<L, Sc>(a, n, v);
}

// Each updated node's equilibrium from its fields: rho, u (3 per node), T (none: 0).
template <class M, Layout L, Scheme Sc>
__global__ void import_equilibrium_kernel(typename M::Args a, const double* rho, const double* u,
                                          const double* T) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= M::lattice(a).dims.nodes() || !is_updated(M::lattice(a).flags[n])) return;
    start_node<M, L, Sc>(a, n, rho, u, T);
}

// rho, ux, uy, uz and T, each `nodes` doubles from `out`.
template <class M, Layout L, Scheme Sc>
__global__ void macro_fields_kernel(typename M::Args a, double* out) {
    const node_t nodes = M::lattice(a).dims.nodes();
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= nodes) return;
    const NodeMacro<typename M::Real> m = M::template macro<L, Sc>(a, n);
    out[n] = double(m.rho);
    out[nodes + n] = double(m.u[0]);
    out[2 * std::size_t(nodes) + n] = double(m.u[1]);
    out[3 * std::size_t(nodes) + n] = double(m.u[2]);
    out[4 * std::size_t(nodes) + n] = double(m.T);
}

// One atomic per warp: a blown-up lattice has many bad nodes.
template <class M, Layout L, Scheme Sc>
__global__ void count_nonfinite_kernel(typename M::Args a, unsigned long long* bad) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const bool ok = n >= M::lattice(a).dims.nodes() || M::template finite<L, Sc>(a, n);
    const unsigned warp_bad = __popc(__ballot_sync(0xffffffffu, !ok));
    if ((threadIdx.x & 31) == 0 && warp_bad) atomicAdd(bad, warp_bad);
}

// One float field over a region, for the visualiser's device slices.
template <class M, Layout L, Scheme Sc>
__global__ void field_kernel(typename M::Args a, FieldRequest req, FieldRegion region, float* out,
                             std::uint64_t count) {
    const std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    out[k] = M::template field<L, Sc>(a, region_node(M::lattice(a).dims, region, k), req);
}

} // namespace ll::cuda
