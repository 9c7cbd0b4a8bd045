// Many steps in one launch for lattices small enough that the GPU holds a thread for every node
// at once (issue 14: a classroom-sized 2D flow is launch-bound). A step of the launched path is
// two dependent kernels, the bulk and the near-wall list, each shorter than the gap between
// kernels even inside a CUDA graph. Here every thread updates its node of a step, walls
// included, then waits for its neighbours (below) before the next step. Within one step no
// node uses what another node of the same step writes (every scheme reads the previous step's
// values). One read may race, harmlessly: a node reads every direction's bounce-back slot
// before it knows which directions come from a wall (Propagation::bounce_backs), and in A-A
// and esoteric a neighbour may write such a slot in the same step; the value is used only
// where the source is a half-way wall, which is never updated.
//
// Between steps a block waits only for its neighbours (ResidentSync, resident_neighbours.hpp):
// the blocks whose nodes read what it wrote, or wrote what it read. Each block counts the steps
// it has finished in done[block] (a release store once its threads have passed a block barrier)
// and, before the next, waits until each neighbour's count has caught up (acquire loads, one
// thread per neighbour, then the block barrier). With `first` null the whole grid meets at
// cooperative groups' barrier instead (LATTICELAB_NEIGHBOUR_SYNC=0, for comparisons).
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
#include <cstdint>
#include <cuda/atomic>
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
        update_with<M, L, Sc, C, Pass::Resident, kOneDomainFaces<M, Sc>>(a, k);
}

// How the blocks of a resident launch wait between steps; first[] and blocks[] are the lists of
// resident_block_neighbours, done[] has a count per block.
struct ResidentSync {
    const std::uint32_t* first = nullptr; // null: the whole grid's barrier
    const std::uint32_t* blocks = nullptr;
    std::uint32_t* done = nullptr; // steps each block has finished, over every launch
    std::uint32_t base = 0;        // what every done[] holds when this launch starts
};

// Counts compare by their difference, so that they may wrap around.
__device__ inline bool caught_up(std::uint32_t count, std::uint32_t target) {
    return std::int32_t(count - target) >= 0;
}
// Every neighbour of this block has finished `target` steps; their writes are visible to all
// of this block's threads after the barrier.
__device__ inline void wait_for_neighbours(const ResidentSync& s, std::uint32_t target) {
    const std::uint32_t end = s.first[blockIdx.x + 1];
    for (std::uint32_t k = s.first[blockIdx.x] + threadIdx.x; k < end; k += blockDim.x) {
        const ::cuda::atomic_ref<std::uint32_t, ::cuda::thread_scope_device> count(
            s.done[s.blocks[k]]);
        while (!caught_up(count.load(::cuda::memory_order_acquire), target)) {
        }
    }
    __syncthreads();
}
// This block has finished `count` steps: once all its threads are past the barrier, their
// writes are released with the count.
__device__ inline void mark_done(const ResidentSync& s, std::uint32_t count) {
    __syncthreads();
    if (threadIdx.x == 0)
        ::cuda::atomic_ref<std::uint32_t, ::cuda::thread_scope_device>(s.done[blockIdx.x])
            .store(count, ::cuda::memory_order_release);
}

// `steps` steps; `even` binds the buffers and parity of steps 0, 2, 4 ..., `odd` those of 1, 3 ...
// (the host's finish_step() alternates the same two). Launched with cudaLaunchCooperativeKernel,
// with no more blocks than fit on the GPU at once, or a block would wait for one that never
// started. Block b updates nodes [b * blockDim.x, (b + 1) * blockDim.x) (one wave: a node per
// thread), the blocks resident_block_neighbours was given.
template <class M, Layout L, Scheme Sc, class C>
__global__ void resident_steps(typename M::Args even, typename M::Args odd, node_t nodes, int steps,
                               ResidentSync sync) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    for (int s = 0; s < steps; ++s) {
        if (sync.first && s > 0) wait_for_neighbours(sync, sync.base + std::uint32_t(s));
        const typename M::Args& a = (s & 1) ? odd : even;
        if (M::lattice(a).parity)
            resident_step<M, L, Sc, C, 1>(a, nodes);
        else
            resident_step<M, L, Sc, C, 0>(a, nodes);
        if (sync.first)
            mark_done(sync, sync.base + std::uint32_t(s) + 1);
        else
            grid.sync(); // also makes this step's writes visible to every block
    }
}

} // namespace ll::cuda
