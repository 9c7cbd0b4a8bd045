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
    // `queue` forks from them must be joined back by `queue` itself. Nothing runs.
    virtual void capture(const std::vector<void*>& streams, const std::function<void()>& queue) = 0;
    // Queues the graph on the origin stream; every stream given at capture waits for it.
    virtual void launch() = 0;
};

// nullptr without CUDA.
std::unique_ptr<QueuedGraph> make_queued_graph();

} // namespace ll
