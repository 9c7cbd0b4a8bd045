// A batch of time steps captured once as a CUDA graph and replayed (engine/cuda_step_batches.cuh):
// on a small lattice each kernel's work is shorter than its launch from the host, and a graph's
// kernels start one after another on the GPU without it. The graph is tied to the state it was
// captured in (which population buffer is current, the A-A parity); the engine drops it whenever
// what a launch bakes in changes (parameters, launch configuration, node lists).
#pragma once
#include "cuda_check.hpp"

#include <utility>

namespace ll::cuda {

// LATTICELAB_CUDA_GRAPHS: unset, "auto" or "1" let small lattices replay graphs, "0" launches
// every step from the host (for comparisons). Throws ConfigError naming the values on any other.
bool cuda_graphs_allowed();
// LATTICELAB_RESIDENT: unset, "auto" or "1" let small lattices run batches of steps in one
// resident kernel (engine/resident_steps.cuh), "0" does not (graphs or launches instead).
bool resident_steps_allowed();
// LATTICELAB_NEIGHBOUR_SYNC: unset, "auto" or "1" let a resident kernel's blocks wait between
// steps only for their neighbours (resident_steps.cuh), "0" for the whole grid (comparisons).
bool neighbour_sync_allowed();
// LATTICELAB_WALL_LANE: unset, "auto" or "1" run the near-wall list kernel beside the bulk
// kernel (CudaEngine::walls_beside), "0" after it on the same stream.
bool wall_lane_allowed();
// LATTICELAB_WALL_SECTORS: unset, "auto" or "1" widen the near-wall list to whole 32-byte
// sectors of an SoA or AoSoA population array (widen_near_wall_to_sectors), "0" list only the
// nodes next to a wall (for comparisons).
bool wall_sectors_allowed();
// LATTICELAB_WALL_GHOSTS: unset, "auto" or "1" copy bounce-back reflections before a pull step
// so that the bulk kernel updates the nodes next to such walls (engine/wall_ghosts.hpp), "0"
// keep them in the near-wall list (for comparisons).
bool wall_ghosts_allowed();
// LATTICELAB_WALL_FILL: unset, "auto" or "1" let the bulk pull pass store the slots of the walls
// that share a 32-byte sector with updated nodes where wall ghosts are copied
// (mark_wall_sectors), "0" leave those sectors partly written (for comparisons).
bool wall_fill_allowed();

class StepGraph {
public:
    StepGraph() = default;
    ~StepGraph() { reset(); }
    StepGraph(const StepGraph&) = delete;
    StepGraph& operator=(const StepGraph&) = delete;

    void reset() {
        if (exec_) cudaGraphExecDestroy(exec_);
        exec_ = nullptr;
    }
    // Whether the graph was captured with current buffer `buffer` and parity `parity`.
    bool matches(const void* buffer, int parity) const {
        return exec_ && buffer == buffer_ && parity == parity_;
    }
    // Records what `queue` launches on `stream`. Thread-local capture lets other threads make
    // CUDA calls meanwhile (the visualiser's interop, on its own streams); whatever another
    // thread queued on `stream` itself would be captured too, which the engine rules out by
    // touching its stream from one thread (the solver thread, under its lock). The stream
    // leaves capture mode even when `queue` throws.
    template <class Queue>
    void capture(cudaStream_t stream, const void* buffer, int parity, Queue&& queue) {
        reset();
        LL_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
        cudaGraph_t graph = nullptr;
        try {
            std::forward<Queue>(queue)();
        } catch (...) {
            if (cudaStreamEndCapture(stream, &graph) == cudaSuccess && graph)
                cudaGraphDestroy(graph);
            throw;
        }
        LL_CUDA(cudaStreamEndCapture(stream, &graph));
        const cudaError_t made = cudaGraphInstantiate(&exec_, graph, 0);
        cudaGraphDestroy(graph);
        if (made != cudaSuccess) exec_ = nullptr;
        LL_CUDA(made);
        buffer_ = buffer;
        parity_ = parity;
    }
    void launch(cudaStream_t stream) { LL_CUDA(cudaGraphLaunch(exec_, stream)); }

private:
    cudaGraphExec_t exec_ = nullptr;
    const void* buffer_ = nullptr;
    int parity_ = 0;
};

} // namespace ll::cuda
