// A CUDA graph of work queued on several streams (domain/queued_graph.hpp).
#include "../domain/queued_graph.hpp"
#include "cuda_buffer.hpp"

#include <memory>

namespace ll {
namespace {

class CudaQueuedGraph final : public QueuedGraph {
public:
    ~CudaQueuedGraph() override { reset(); }

    bool capture(const std::vector<void*>& streams, const std::function<void()>& queue) override {
        reset();
        for (void* s : streams)
            streams_.push_back(static_cast<cudaStream_t>(s));
        const cudaStream_t origin = streams_.front();
        int device = 0; // the events live on the streams' GPU
        LL_CUDA(cudaStreamGetDevice(origin, &device));
        fork_ = std::make_unique<cuda::CudaEvent>(device);
        done_ = std::make_unique<cuda::CudaEvent>(device);
        joins_.clear();
        for (std::size_t k = 0; k < streams_.size(); ++k)
            joins_.push_back(std::make_unique<cuda::CudaEvent>(device));
        // Thread-local: the visualiser's interop may call CUDA from its own thread meanwhile.
        LL_CUDA(cudaStreamBeginCapture(origin, cudaStreamCaptureModeThreadLocal));
        cudaGraph_t graph = nullptr;
        try {
            LL_CUDA(cudaEventRecord(fork_->get(), origin));
            for (std::size_t k = 1; k < streams_.size(); ++k)
                LL_CUDA(cudaStreamWaitEvent(streams_[k], fork_->get(), 0));
            queue();
            for (std::size_t k = 1; k < streams_.size(); ++k) {
                LL_CUDA(cudaEventRecord(joins_[k]->get(), streams_[k]));
                LL_CUDA(cudaStreamWaitEvent(origin, joins_[k]->get(), 0));
            }
        } catch (...) {
            if (cudaStreamEndCapture(origin, &graph) == cudaSuccess && graph)
                cudaGraphDestroy(graph);
            streams_.clear();
            throw;
        }
        LL_CUDA(cudaStreamEndCapture(origin, &graph));
        // Each kernel node keeps the priority of the stream it was captured on (a splitting
        // tile's border lane and the exchange's lane are the highest), not the origin's.
        const cudaError_t made =
            cudaGraphInstantiate(&exec_, graph, cudaGraphInstantiateFlagUseNodePriority);
        cudaGraphDestroy(graph);
        if (made == cudaSuccess) return true;
        cudaGetLastError(); // not sticky: clear it
        exec_ = nullptr;
        streams_.clear();
        return false;
    }

    void launch(int times) override {
        // A graph launch waits only for what its origin stream queued before: the other
        // streams' last steps (a tile's interior, when borders go first, ends after its halos
        // were sent) must be joined first.
        const cudaStream_t origin = streams_.front();
        for (std::size_t k = 1; k < streams_.size(); ++k) {
            LL_CUDA(cudaEventRecord(joins_[k]->get(), streams_[k]));
            LL_CUDA(cudaStreamWaitEvent(origin, joins_[k]->get(), 0));
        }
        for (int k = 0; k < times; ++k) // each launch waits for the one before
            LL_CUDA(cudaGraphLaunch(exec_, origin));
        LL_CUDA(cudaEventRecord(done_->get(), origin));
        for (std::size_t k = 1; k < streams_.size(); ++k)
            LL_CUDA(cudaStreamWaitEvent(streams_[k], done_->get(), 0));
    }

private:
    void reset() {
        if (exec_) cudaGraphExecDestroy(exec_);
        exec_ = nullptr;
        streams_.clear();
    }

    cudaGraphExec_t exec_ = nullptr;
    std::vector<cudaStream_t> streams_;
    std::unique_ptr<cuda::CudaEvent> fork_, done_;
    std::vector<std::unique_ptr<cuda::CudaEvent>> joins_; // one per stream (the origin's unused)
};

} // namespace

std::unique_ptr<QueuedGraph> make_queued_graph() {
    return std::make_unique<CudaQueuedGraph>();
}

} // namespace ll
