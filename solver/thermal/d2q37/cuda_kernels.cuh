// The D2Q37 CUDA kernels: seed 004's steps (propagate, bc, collide, the fused propagate+collide,
// push and pull) around the per-node steps of lattice.hpp, so that the GPU runs the CPU
// reference's arithmetic; and the output kernels (fields, one derived field, NaN count). One
// thread per site, threads along y (the contiguous direction), one grid row of blocks per x
// column (seed 004, Fig. 3 right). Included by cuda_engine.cu alone: one copy of each kernel.
//
// [SECTION] step kernels     one per seed-004 step
// [SECTION] output kernels   hydrodynamic fields, one float field over a region, NaN count
#pragma once
#include "fields.hpp"
#include "lattice.hpp"

#include <cstdint>

namespace ll::thermal {
namespace {

// ---- [SECTION] step kernels ----
// Kernel parameters in one named struct, passed by value.
struct Args {
    Grid g;
    D2Q37Params p;
    const double* a; // state array read
    double* b;       // array written (the other one, or `a` itself for in-place steps)
    int y0;          // first row of the launch; blockIdx.y is x
    int rows;
    bool wall_bands = false; // the H rows next to each wall instead, in one 1D launch
};

// A block of threads along y per column suits full columns; the two wall bands are only
// 2 H = 6 rows deep, so a column's block there would be 6 threads at work out of 128.
// Instead one 1D launch covers both bands, 2 H consecutive threads per column (the three
// bottom rows, then the three top ones).
__device__ __forceinline__ bool site_of(const Args& k, int& x, int& y) {
    if (k.wall_bands) {
        const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
        const int r = i % (2 * Grid::H);
        x = i / (2 * Grid::H);
        y = r < Grid::H ? r : k.g.ly - 2 * Grid::H + r;
        return x < k.g.lx;
    }
    x = int(blockIdx.y);
    y = k.y0 + int(blockIdx.x * blockDim.x + threadIdx.x);
    return y < k.y0 + k.rows;
}

__global__ void collide_kernel(Args k) {
    int x, y;
    if (site_of(k, x, y)) collide_site(k.g, k.p, k.b, x, y);
}
__global__ void propagate_pull_kernel(Args k) {
    int x, y;
    if (site_of(k, x, y)) propagate_pull(k.g, k.a, k.b, x, y);
}
__global__ void propagate_push_kernel(Args k) {
    int x, y;
    if (site_of(k, x, y)) propagate_push(k.g, k.a, k.b, x, y);
}
__global__ void bc_pull_kernel(Args k) {
    int x, y;
    if (site_of(k, x, y)) bc_pull(k.g, k.p, k.a, k.b, x, y);
}
__global__ void bc_push_kernel(Args k) {
    int x, y;
    if (site_of(k, x, y)) bc_push(k.g, k.p, k.b, x, y);
}
template <bool kNearWall>
__global__ void pull_collide_kernel(Args k) {
    int x, y;
    if (site_of(k, x, y)) pull_collide<kNearWall>(k.g, k.p, k.a, k.b, x, y);
}
__global__ void collide_push_kernel(Args k) {
    int x, y;
    if (site_of(k, x, y)) collide_push(k.g, k.p, k.a, k.b, x, y);
}
// blockIdx.y is the halo depth d - 1 here.
__global__ void fold_kernel(Args k) {
    const int y = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (y < k.g.ly) fold_site(k.g, k.b, int(blockIdx.y) + 1, y);
}

// ---- [SECTION] output kernels ----
// What the output kernels read: the state array of `scheme` (pull: pbc done).
struct StateView {
    Grid g;
    D2Q37Params p;
    D2Q37Scheme scheme;
    const double* a;
};

// Out of line: the vorticity asks for four neighbours, and one copy of the gather (with its
// wall rule) keeps the field kernel small.
__device__ __noinline__ Moments fields_at(const StateView& v, int x, int y) {
    return node_fields(v.g, v.p, v.scheme, v.a, x, y);
}

struct FieldPtrs {
    double *rho, *ux, *uy, *T;
};
// The output kernels run one thread per node n = x + lx y, kOutputBlock threads per block
// whatever the step's block size: 256 threads start with any register count.
constexpr int kOutputBlock = 256;
__device__ __forceinline__ bool output_node(const Grid& g, std::uint64_t& n) {
    n = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    return n < std::uint64_t(g.lx) * std::uint64_t(g.ly);
}

__global__ void fields_kernel(StateView v, FieldPtrs out) {
    std::uint64_t n;
    if (!output_node(v.g, n)) return;
    const Moments m = fields_at(v, int(n % std::uint64_t(v.g.lx)), int(n / std::uint64_t(v.g.lx)));
    out.rho[n] = m.rho;
    out.ux[n] = m.ux;
    out.uy[n] = m.uy;
    out.T[n] = m.T;
}

// Element k of `region` (field_types.hpp) of the lx x ly x 1 lattice.
__global__ void field_kernel(StateView v, FieldKind kind, FieldRegion region, float* out,
                             std::uint64_t count) {
    const std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    const int lx = v.g.lx, ly = v.g.ly;
    const node_t n = region_node(Dims{std::uint32_t(lx), std::uint32_t(ly), 1}, region, k);
    const auto at = [&v](int x, int y) { return fields_at(v, x, y); };
    out[k] = field_value(kind, int(n % node_t(lx)), int(n / node_t(lx)), lx, ly, at);
}

// Adds the number of nodes that fail finite_node to *bad: one atomic per warp.
__global__ void nonfinite_kernel(StateView v, unsigned long long* bad) {
    std::uint64_t n;
    const bool ok = !output_node(v.g, n) || finite_node(fields_at(v, int(n % std::uint64_t(v.g.lx)),
                                                                  int(n / std::uint64_t(v.g.lx))));
    const unsigned warp_bad = __popc(__ballot_sync(0xffffffffu, !ok));
    if ((threadIdx.x & 31) == 0 && warp_bad) atomicAdd(bad, warp_bad);
}

} // namespace
} // namespace ll::thermal
