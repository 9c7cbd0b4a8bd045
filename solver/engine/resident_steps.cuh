// Many steps in one launch for lattices small enough that the GPU holds a thread for every node
// at once (issue 14: a classroom-sized 2D flow is launch-bound). A step of the launched path is
// two dependent kernels, the bulk and the near-wall list, each shorter than the gap between
// kernels even inside a CUDA graph. Here every thread updates its node of a step, walls
// included, then the whole grid meets at a barrier (cooperative groups) before the next step.
// Within one step no node reads what another node of the same step writes (every scheme reads
// the previous step's values).
//
// The node's update is the launched kernels' own code (M::update, Pass::Resident: the same
// formulas, the wall reflections inline), so the results are the same bit for bit
// (tests/solver/engine/gpu/test_gpu_solver.cpp checks it for every scheme and collision).
// That holds because the models' CUDA units are built without FMA contraction: nvcc fuses per
// block of code, and with contraction the inlined walls rounded differently (one FP64 ulp in
// D2Q9 TRT pull), as MRT's dense transform once did (7e-8 in FP32).
#pragma once
#include "population_sets.hpp"

#include <cooperative_groups.h>
#include <type_traits>

namespace ll::cuda {

// Which kernels have a resident variant: SoA with floating-point stores (a small lattice in
// AoS replays graphs instead; 16-bit stores launch step by step, CudaStepBatches::
// batches_small_steps; each variant is a kernel more in the CUDA build).
template <class M, Layout L, class C>
inline constexpr bool has_resident_steps =
    L == Layout::SoA&& std::is_floating_point_v<typename M::Store>;

// Every node of one step, walls included (Pass::Resident): no near-wall list, whose index
// would be one more round trip before a near-wall node's reads.
template <class M, Layout L, Scheme Sc, class C, int Parity>
__device__ void resident_step(typename M::Args a, node_t nodes) {
    M::lattice(a).parity = Parity; // a constant, as in step_bulk, so addressing folds
    const node_t stride = node_t(gridDim.x) * blockDim.x;
    for (node_t k = node_t(blockIdx.x) * blockDim.x + threadIdx.x; k < nodes; k += stride)
        M::template update<L, Sc, C, Pass::Resident>(a, k);
}

// `steps` steps; `even` binds the buffers and parity of steps 0, 2, 4 ..., `odd` those of 1, 3 ...
// (the host's finish_step() alternates the same two). Launched with cudaLaunchCooperativeKernel,
// with no more blocks than fit on the GPU at once, or the barrier would never open.
template <class M, Layout L, Scheme Sc, class C>
__global__ void resident_steps(typename M::Args even, typename M::Args odd, node_t nodes,
                               int steps) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    for (int s = 0; s < steps; ++s) {
        const typename M::Args& a = (s & 1) ? odd : even;
        if (M::lattice(a).parity)
            resident_step<M, L, Sc, C, 1>(a, nodes);
        else
            resident_step<M, L, Sc, C, 0>(a, nodes);
        grid.sync(); // also makes this step's writes visible to every block
    }
}

} // namespace ll::cuda
