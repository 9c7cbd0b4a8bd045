// CUDA events as the marks of a StreamClock (domain/step_timeline.hpp).
#include "../domain/step_timeline.hpp"
#include "cuda_check.hpp"

#include <algorithm>
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
    // Times from each GPU's earliest mark: the first mark issued is not always the first run
    // (several streams share a GPU), so the origin is the minimum over that GPU's marks.
    std::vector<TimelineSpan> read() override {
        std::map<int, int> first; // per GPU, a reference mark
        for (std::size_t k = 0; k < marks_.size(); ++k) {
            LL_CUDA(cudaEventSynchronize(marks_[k].event));
            first.emplace(marks_[k].device, int(k));
        }
        std::vector<double> us(marks_.size());
        std::map<int, double> origin;
        for (std::size_t k = 0; k < marks_.size(); ++k) {
            const Mark& m = marks_[k];
            float ms = 0;
            LL_CUDA(cudaEventElapsedTime(&ms, marks_[std::size_t(first[m.device])].event, m.event));
            us[k] = 1e3 * double(ms);
            const auto [at, fresh] = origin.emplace(m.device, us[k]);
            if (!fresh) at->second = std::min(at->second, us[k]);
        }
        std::vector<TimelineSpan> out = spans_;
        for (TimelineSpan& s : out) {
            const int b = int(s.begin_us), e = int(s.end_us);
            const double o = origin[marks_[std::size_t(b)].device];
            s.begin_us = us[std::size_t(b)] - o;
            s.end_us = us[std::size_t(e)] - o;
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
