// Many steps in one launch for lattices small enough that the GPU holds a thread for every node
// at once (issue 14: a classroom-sized 2D flow is launch-bound). A step of the launched path is
// two dependent kernels, the bulk and the near-wall list, each shorter than the gap between
// kernels even inside a CUDA graph. Here every thread updates its bulk and near-wall nodes of a
// step, then the whole grid meets at a barrier (cooperative groups) before the next step.
// Within one step no node reads what another node of the same step writes (every scheme reads
// the previous step's values), so bulk and near-wall nodes need no barrier between them.
//
// The node's update is the launched kernels' own code (M::update), so the results are the same
// bit for bit (tests/solver/engine/gpu/test_gpu_solver.cpp checks it for every scheme and
// collision). MRT's dense moment transform once broke that: inlined into this larger kernel,
// nvcc contracted its multiplies and adds differently (7e-8 in FP32). Its factored transform
// (core/mrt_basis.hpp) matches bit for bit (GPU suite, 2026-11-26 session 7), so MRT runs
// resident too.
#pragma once
#include "population_sets.hpp"

#include <cooperative_groups.h>

namespace ll::cuda {

// Which kernels have a resident variant: SoA only (a small lattice in AoS replays graphs
// instead; each variant is a kernel more in the CUDA build).
template <Layout L, class C>
inline constexpr bool has_resident_steps = L == Layout::SoA;

// Every node of one step: index k < nodes is bulk node k (a node next to a wall skips itself
// there), the rest are the near-wall list's nodes.
template <class M, Layout L, Scheme Sc, class C, int Parity>
__device__ void resident_step(typename M::Args a, const node_t* walls, node_t wall_count,
                              node_t nodes) {
    M::lattice(a).parity = Parity; // a constant, as in step_bulk, so addressing folds
    const node_t stride = node_t(gridDim.x) * blockDim.x;
    for (node_t k = node_t(blockIdx.x) * blockDim.x + threadIdx.x; k < nodes + wall_count;
         k += stride) {
        if (k < nodes)
            M::template update<L, Sc, C, Pass::Bulk>(a, k);
        else
            M::template update<L, Sc, C, Pass::NearWall>(a, walls[k - nodes]);
    }
}

// `steps` steps; `even` binds the buffers and parity of steps 0, 2, 4 ..., `odd` those of 1, 3 ...
// (the host's finish_step() alternates the same two). Launched with cudaLaunchCooperativeKernel,
// with no more blocks than fit on the GPU at once, or the barrier would never open.
template <class M, Layout L, Scheme Sc, class C>
__global__ void resident_steps(typename M::Args even, typename M::Args odd, const node_t* walls,
                               node_t wall_count, node_t nodes, int steps) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    for (int s = 0; s < steps; ++s) {
        const typename M::Args& a = (s & 1) ? odd : even;
        if (M::lattice(a).parity)
            resident_step<M, L, Sc, C, 1>(a, walls, wall_count, nodes);
        else
            resident_step<M, L, Sc, C, 0>(a, walls, wall_count, nodes);
        grid.sync(); // also makes this step's writes visible to every block
    }
}

} // namespace ll::cuda
