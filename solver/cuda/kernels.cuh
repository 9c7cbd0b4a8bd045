// CUDA kernels. All of them run the shared per-node code of solver/core; only the thread
// mapping and the shared-memory variant are GPU-specific.
//
// [SECTION] stream_collide      one thread per node, any scheme; Parity is a template constant
//                               so A-A (seed 003) really is two alternating kernels
// [SECTION] shared_x            the Tolke/Habich baseline: pull with the x-shift through
//                               shared memory; one block covers a segment of one x-row
// [SECTION] state and fields    canonical state import/export, macroscopic fields
#pragma once
#include "../core/field_at.hpp"
#include "../core/node_update.hpp"

namespace ll::cuda {

// Nodes next to a wall are skipped here and updated by stream_collide_walls.
template <class S, Layout L, Scheme Sc, class C, int Parity, class Real, class Store>
__global__ void stream_collide(StepArgs<Real, Store> a) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= a.dims.nodes()) return;
    a.parity = Parity;
    update_node<S, L, Sc, C, Real, Pass::Bulk>(a, n);
}

// The boundary list: nodes with a half-way wall among their neighbours.
template <class S, Layout L, Scheme Sc, class C, int Parity, class Real, class Store>
__global__ void stream_collide_walls(StepArgs<Real, Store> a, const node_t* nodes, node_t count) {
    const node_t k = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    a.parity = Parity;
    update_node<S, L, Sc, C, Real, Pass::NearWall>(a, nodes[k]);
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
    const node_t nodes = a.dims.nodes();

    // Aligned loads: each direction from the row shifted in y/z only.
    Real f[S::Q];
    int k = 0;
    LL_UNROLL
    for (int i = 0; i < S::Q; ++i) {
        const node_t m = fr.shift(0, -cvel<S>(i, 1), -cvel<S>(i, 2));
        if (cvel<S>(i, 0) == 0) {
            f[i] = load<Real>(a.src, population_index<L>(m, i, nodes, S::Q));
            continue;
        }
        Real* lane = buf + k * (block + 2);
        if (active) lane[tx + 1] = load<Real>(a.src, population_index<L>(m, i, nodes, S::Q));
        // Halo: one node left of the segment and one node right of it (periodic in x).
        if (tx == 0)
            lane[0] = load<Real>(a.src, population_index<L>(m + fr.minus[0], i, nodes, S::Q));
        if (tx == width - 1)
            lane[width + 1] =
                load<Real>(a.src, population_index<L>(m + fr.plus[0], i, nodes, S::Q));
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

template <class S, Layout L, Scheme Sc, class Real, class Store>
__global__ void export_state_kernel(StepArgs<Real, Store> a, double* out) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= a.dims.nodes()) return;
    Real f[S::Q];
    const bool updated = is_updated(a.flags[n]);
    if (updated) Propagation<S, L, Sc, Real, Store>::read_state(a, make_frame(a.dims, n), f);
    for (int i = 0; i < S::Q; ++i)
        out[offset_t(n) * S::Q + i] = updated ? double(f[i]) : 0.0;
}

template <class S, Layout L, Scheme Sc, class Real, class Store>
__global__ void import_state_kernel(StepArgs<Real, Store> a, const double* in) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= a.dims.nodes() || !is_updated(a.flags[n])) return;
    Real f[S::Q];
    for (int i = 0; i < S::Q; ++i)
        f[i] = Real(in[offset_t(n) * S::Q + i]);
    // Redirect slots are unique per (node, direction), so parallel writes never collide.
    Propagation<S, L, Sc, Real, Store>::write_state(a, make_frame(a.dims, n), f);
}

template <class S, Layout L, Scheme Sc, class Real, class Store>
__global__ void macro_fields_kernel(StepArgs<Real, Store> a, float* rho, float* ux, float* uy,
                                    float* uz) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= a.dims.nodes()) return;
    const Macro<Real> m = read_macro<S, L, Sc, Real>(a, n);
    rho[n] = float(m.rho);
    ux[n] = float(m.u[0]);
    uy[n] = float(m.u[1]);
    uz[n] = float(m.u[2]);
}

template <class S, Layout L, Scheme Sc, class Real, class Store>
__global__ void count_nonfinite_kernel(StepArgs<Real, Store> a, unsigned long long* bad) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const bool ok = n >= a.dims.nodes() || node_is_finite<S, L, Sc>(a, n);
    const unsigned warp_bad = __popc(__ballot_sync(0xffffffffu, !ok));
    if ((threadIdx.x & 31) == 0 && warp_bad) atomicAdd(bad, warp_bad);
}

template <class S, Layout L, Scheme Sc, class Real, class Store>
__global__ void field_kernel(StepArgs<Real, Store> a, FieldRequest req, FieldRegion region,
                             float* out, std::uint64_t count) {
    const std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    out[k] = field_at<S, L, Sc>(a, region_node(a.dims, region, k), req);
}

} // namespace ll::cuda
