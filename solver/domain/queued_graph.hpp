// Steps queued on several CUDA streams of one GPU, captured once as one CUDA graph and replayed
// (TiledEngine: eight tiles' updates and the device exchange). A tiled step queues dozens of
// launches, event records and waits from the host; a graph replays them in one launch, and its
// kernels follow each other on the GPU without the host.
#pragma once
#include <functional>
#include <memory>
#include <vector>

namespace ll {

class QueuedGraph {
public:
    virtual ~QueuedGraph() = default;
    // Records what `queue` launches on `streams` (cudaStream_t of one GPU; the first is the
    // origin, which the others join at the start and which joins them at the end). Streams that
    // `queue` forks from them must be joined back by `queue` itself. Nothing runs. False where
    // CUDA could not instantiate the graph (launch() may not be called then); a failed capture
    // throws. Kernels keep their streams' priorities in the graph.
    virtual bool capture(const std::vector<void*>& streams, const std::function<void()>& queue) = 0;
    // Queues the graph `times` times on the origin stream, after what every stream given at
    // capture queued before; each of them waits for the last.
    virtual void launch(int times) = 0;
};

// nullptr without CUDA.
std::unique_ptr<QueuedGraph> make_queued_graph();

} // namespace ll
