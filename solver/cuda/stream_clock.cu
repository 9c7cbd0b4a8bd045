// CUDA events as the marks of a StreamClock (domain/step_timeline.hpp).
#include "../domain/step_timeline.hpp"
#include "cuda_check.hpp"

#include <map>

namespace ll {
namespace {

class CudaStreamClock final : public StreamClock {
public:
    ~CudaStreamClock() override {
        for (const Mark& m : marks_)
            cudaEventDestroy(m.event);
    }
    int mark(void* stream) override {
        const auto s = static_cast<cudaStream_t>(stream);
        Mark m{nullptr, device_of(stream)};
        int current = 0;
        LL_CUDA(cudaGetDevice(&current));
        LL_CUDA(cudaSetDevice(m.device)); // an event is recorded on its own GPU's streams
        LL_CUDA(cudaEventCreate(&m.event));
        LL_CUDA(cudaEventRecord(m.event, s));
        LL_CUDA(cudaSetDevice(current));
        marks_.push_back(m);
        return int(marks_.size()) - 1;
    }
    int device_of(void* stream) override {
        int device = 0;
        LL_CUDA(cudaStreamGetDevice(static_cast<cudaStream_t>(stream), &device));
        return device;
    }
    std::vector<TimelineSpan> read() override {
        std::map<int, int> first; // per GPU, the first mark (the origin of its times)
        for (std::size_t k = 0; k < marks_.size(); ++k) {
            LL_CUDA(cudaEventSynchronize(marks_[k].event));
            first.emplace(marks_[k].device, int(k));
        }
        const auto us = [&](int id) {
            const Mark& m = marks_[std::size_t(id)];
            float ms = 0;
            LL_CUDA(cudaEventElapsedTime(&ms, marks_[std::size_t(first[m.device])].event, m.event));
            return 1e3 * double(ms);
        };
        std::vector<TimelineSpan> out = spans_;
        for (TimelineSpan& s : out) {
            s.begin_us = us(int(s.begin_us));
            s.end_us = us(int(s.end_us));
        }
        return out;
    }

private:
    struct Mark {
        cudaEvent_t event;
        int device;
    };
    std::vector<Mark> marks_;
};

} // namespace

std::unique_ptr<StreamClock> make_stream_clock() {
    return std::make_unique<CudaStreamClock>();
}

} // namespace ll
