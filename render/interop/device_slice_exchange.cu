// [SECTION] range kernel
// [SECTION] exchange
#include "device_slice_exchange.hpp"

#include "solver/cuda/cuda_check.hpp"
#include "solver/engine/engine.hpp"

#include <array>
#include <cfloat>
#include <cmath>
#include <mutex>

namespace ll::render {

// ---- [SECTION] range kernel --------------------------------------------------------------

namespace {

constexpr int kRangeThreads = 1024;

// One block: the slice is small (a lattice cross-section), so one pass with a block-wide
// reduction is cheaper than a multi-block launch + second pass.
__global__ void finite_range_kernel(const float* v, std::size_t count, float* out) {
    __shared__ float lo_s[kRangeThreads / 32], hi_s[kRangeThreads / 32];
    float lo = FLT_MAX, hi = -FLT_MAX;
    for (std::size_t k = threadIdx.x; k < count; k += blockDim.x) {
        const float x = v[k];
        if (!isfinite(x)) continue;
        lo = fminf(lo, x);
        hi = fmaxf(hi, x);
    }
    for (int o = 16; o > 0; o /= 2) {
        lo = fminf(lo, __shfl_xor_sync(0xffffffffu, lo, o));
        hi = fmaxf(hi, __shfl_xor_sync(0xffffffffu, hi, o));
    }
    if ((threadIdx.x & 31) == 0) lo_s[threadIdx.x / 32] = lo, hi_s[threadIdx.x / 32] = hi;
    __syncthreads();
    if (threadIdx.x != 0) return;
    for (int w = 1; w < int(blockDim.x / 32); ++w)
        lo = fminf(lo, lo_s[w]), hi = fmaxf(hi, hi_s[w]);
    out[0] = lo;
    out[1] = hi;
}

// ---- [SECTION] exchange ------------------------------------------------------------------

class CudaSliceExchange final : public DeviceSliceExchange {
public:
    CudaSliceExchange() {
        LL_CUDA(cudaGetDevice(&device_));
        LL_CUDA(cudaStreamCreateWithFlags(&produce_, cudaStreamNonBlocking));
        LL_CUDA(cudaStreamCreateWithFlags(&render_, cudaStreamNonBlocking));
        for (auto& e : copied_)
            LL_CUDA(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
        LL_CUDA(cudaMalloc(&range_, 2 * sizeof(float)));
        LL_CUDA(cudaMallocHost(&range_host_, 2 * sizeof(float)));
        LL_CUDA(cudaMallocHost(&probe_host_, sizeof(float)));
    }
    ~CudaSliceExchange() override {
        // Destructors must not throw: errors here are ignored on purpose.
        cudaStreamSynchronize(render_);
        cudaStreamSynchronize(produce_);
        for (auto& b : buffers_)
            cudaFree(b.values);
        for (auto& e : copied_)
            cudaEventDestroy(e);
        cudaFree(range_);
        cudaFreeHost(range_host_);
        cudaFreeHost(probe_host_);
        cudaStreamDestroy(render_);
        cudaStreamDestroy(produce_);
    }

    // The solver side makes this exchange's GPU current: the solver thread's current GPU is
    // whichever of --devices its engines touched last.
    float* begin_write(std::size_t count) override {
        DeviceScope on(device_);
        {
            std::lock_guard lock(mutex_);
            for (writing_ = 0; writing_ == newest_ || writing_ == held_; ++writing_) {
            }
        }
        Buffer& b = buffers_[writing_];
        // The renderer may have queued a copy out of this buffer when it last held it.
        LL_CUDA(cudaEventSynchronize(copied_[writing_]));
        if (b.capacity < count) {
            LL_CUDA(cudaFree(b.values));
            b.values = nullptr;
            LL_CUDA(cudaMalloc(&b.values, count * sizeof(float)));
            b.capacity = count;
        }
        return b.values;
    }

    void publish(std::uint32_t width, std::uint32_t height, std::uint64_t serial) override {
        DeviceScope on(device_);
        Buffer& b = buffers_[writing_];
        const std::size_t count = std::size_t(width) * height;
        finite_range_kernel<<<1, kRangeThreads, 0, produce_>>>(b.values, count, range_);
        LL_CUDA(cudaGetLastError());
        LL_CUDA(cudaMemcpyAsync(range_host_, range_, 2 * sizeof(float), cudaMemcpyDeviceToHost,
                                produce_));
        LL_CUDA(cudaStreamSynchronize(produce_));
        std::lock_guard lock(mutex_);
        b.slice = DeviceSlice{b.values, width, height, serial, range_host_[0], range_host_[1]};
        newest_ = writing_;
    }

    std::optional<DeviceSlice> acquire() override {
        std::lock_guard lock(mutex_);
        if (newest_ == kNone || newest_ == held_) return std::nullopt;
        held_ = newest_;
        return buffers_[held_].slice;
    }

    DeviceSlice held() const override {
        std::lock_guard lock(mutex_);
        return held_ == kNone ? DeviceSlice{} : buffers_[held_].slice;
    }

    void* render_stream() override { return render_; }

    void copied() override {
        std::lock_guard lock(mutex_);
        if (held_ != kNone) LL_CUDA(cudaEventRecord(copied_[held_], render_));
    }

    float value_at(std::uint32_t x, std::uint32_t y) override {
        const DeviceSlice s = held();
        if (s.values == nullptr || x >= s.width || y >= s.height) return NAN;
        // A 4-byte copy on the render stream: it waits for that stream's copies only, not for
        // the solver's kernels. The buffer is held, so the solver does not overwrite it.
        LL_CUDA(cudaMemcpyAsync(probe_host_, s.values + std::size_t(y) * s.width + x, sizeof(float),
                                cudaMemcpyDeviceToHost, render_));
        LL_CUDA(cudaStreamSynchronize(render_));
        return *probe_host_;
    }

private:
    static constexpr int kNone = -1;
    struct Buffer {
        float* values = nullptr;
        std::size_t capacity = 0;
        DeviceSlice slice;
    };
    mutable std::mutex mutex_;
    std::array<Buffer, 3> buffers_;
    std::array<cudaEvent_t, 3> copied_{};
    int newest_ = kNone, held_ = kNone, writing_ = 0;
    int device_ = 0; // the GPU current when it was made: the renderer's
    cudaStream_t produce_ = nullptr, render_ = nullptr;
    float* range_ = nullptr;
    float* range_host_ = nullptr;
    float* probe_host_ = nullptr;
};

} // namespace

std::unique_ptr<DeviceSliceExchange> DeviceSliceExchange::create(std::string& why) {
    if (!cuda_device_present(why)) return nullptr;
    try {
        return std::make_unique<CudaSliceExchange>();
    } catch (const CudaError& err) {
        why = err.what();
        return nullptr;
    }
}

} // namespace ll::render
