// RAII CUDA resources shared by the CUDA engines: allocations, the staging path that brings a
// device-computed field to a host caller, and the event pair that times work on a stream.
#pragma once
#include "cuda_check.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

namespace ll::cuda {

enum class CudaMemory : std::uint8_t { Device, PinnedHost };

// An event without timing, on the current GPU or on `device`, made and released with its owner.
class CudaEvent {
public:
    CudaEvent() { LL_CUDA(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming)); }
    explicit CudaEvent(int device) {
        const DeviceScope on(device);
        LL_CUDA(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming));
    }
    ~CudaEvent() { cudaEventDestroy(event_); }
    CudaEvent(const CudaEvent&) = delete;
    CudaEvent& operator=(const CudaEvent&) = delete;
    cudaEvent_t get() const { return event_; }

private:
    cudaEvent_t event_ = nullptr;
};

// A non-blocking stream of the highest priority on GPU `device` and an event beside it, made
// and released together: each halo exchange's own (device_exchange.cu, nccl_exchange.cu) and a
// splitting tile's border lane (cuda_engine.cuh), so that their blocks start as soon as the
// tiles' bulk kernels leave room.
class PriorityStream {
public:
    explicit PriorityStream(int device) : event_(device) {
        const DeviceScope on(device);
        int least = 0, greatest = 0;
        LL_CUDA(cudaDeviceGetStreamPriorityRange(&least, &greatest));
        LL_CUDA(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, greatest));
    }
    ~PriorityStream() {
        cudaStreamSynchronize(stream_);
        cudaStreamDestroy(stream_);
    }
    PriorityStream(const PriorityStream&) = delete;
    PriorityStream& operator=(const PriorityStream&) = delete;
    cudaStream_t stream() const { return stream_; }
    cudaEvent_t event() const { return event_.get(); }

private:
    CudaEvent event_; // made first, released last
    cudaStream_t stream_ = nullptr;
};

// Device memory, or page-locked host memory (a copy from the device into it runs at full PCIe
// speed without the driver's own staging).
template <class T, CudaMemory M = CudaMemory::Device>
class CudaBuffer {
public:
    CudaBuffer() = default;
    explicit CudaBuffer(std::size_t count) { allocate(count); }
    ~CudaBuffer() { release(); }
    CudaBuffer(const CudaBuffer&) = delete;
    CudaBuffer& operator=(const CudaBuffer&) = delete;
    void allocate(std::size_t count) {
        release();
        if (count && M == CudaMemory::Device) LL_CUDA(cudaMalloc(&ptr_, count * sizeof(T)));
        if (count && M == CudaMemory::PinnedHost) LL_CUDA(cudaMallocHost(&ptr_, count * sizeof(T)));
        count_ = count;
    }
    // Reallocates only when `count` does not fit: buffers read every frame are kept.
    void reserve(std::size_t count) {
        if (count_ < count) allocate(count);
    }
    void release() {
        if (ptr_ && M == CudaMemory::Device) cudaFree(ptr_);
        if (ptr_ && M == CudaMemory::PinnedHost) cudaFreeHost(ptr_);
        ptr_ = nullptr;
        count_ = 0;
    }
    void swap(CudaBuffer& o) noexcept {
        std::swap(ptr_, o.ptr_);
        std::swap(count_, o.count_);
    }
    T* get() const { return ptr_; }
    T* data() const { return ptr_; } // as std::vector, for code shared with the CPU engine
    std::size_t size() const { return count_; }

private:
    T* ptr_ = nullptr;
    std::size_t count_ = 0;
};

template <class T>
using DeviceBuffer = CudaBuffer<T, CudaMemory::Device>;

// `count` values from pageable host memory into device memory, landed on return. A plain
// cudaMemcpy from pageable memory may return before its DMA completes, on the legacy stream,
// which kernels on the engines' non-blocking streams do not wait for.
template <class T>
void upload_now(T* to, const T* from, std::size_t count) {
    LL_CUDA(cudaMemcpy(to, from, count * sizeof(T), cudaMemcpyHostToDevice));
    LL_CUDA(cudaStreamSynchronize(cudaStreamLegacy));
}
template <class T>
using PinnedBuffer = CudaBuffer<T, CudaMemory::PinnedHost>;

// read_field into host memory: a kernel writes the device staging buffer, which then comes
// through page-locked memory to the caller. Both buffers are kept between calls (the visualiser's
// host-copy slice path reads one every frame).
class HostFieldStaging {
public:
    // Every engine's read_field: launch(target) writes `count` floats straight into `out` when
    // it is device memory, or into the staging buffer on the way to host memory. Complete when
    // this returns, as the slice exchange between threads requires.
    template <class Launch>
    void read(float* out, std::size_t count, bool out_is_host, cudaStream_t stream,
              Launch&& launch) {
        launch(out_is_host ? target(count) : out);
        LL_CUDA(cudaGetLastError());
        if (out_is_host)
            finish(out, count, stream);
        else
            LL_CUDA(cudaStreamSynchronize(stream));
    }

private:
    float* target(std::size_t count) {
        device_.reserve(count);
        return device_.get();
    }
    // Waits for the stream; `out` holds the `count` values when this returns.
    void finish(float* out, std::size_t count, cudaStream_t stream) {
        pinned_.reserve(count);
        LL_CUDA(cudaMemcpyAsync(pinned_.get(), device_.get(), count * sizeof(float),
                                cudaMemcpyDeviceToHost, stream));
        LL_CUDA(cudaStreamSynchronize(stream));
        std::memcpy(out, pinned_.get(), count * sizeof(float));
    }

    DeviceBuffer<float> device_;
    PinnedBuffer<float> pinned_;
};

// A total that kernels accumulate with atomicAdd (the NaN/Inf count of every engine):
// count() zeroes it, runs launch(counter) on the stream and returns the sum.
class DeviceCounter {
public:
    template <class Launch>
    unsigned long long count(cudaStream_t stream, Launch&& launch) {
        counter_.reserve(1);
        LL_CUDA(cudaMemsetAsync(counter_.get(), 0, sizeof(unsigned long long), stream));
        launch(counter_.get());
        LL_CUDA(cudaGetLastError());
        unsigned long long total = 0;
        LL_CUDA(
            cudaMemcpyAsync(&total, counter_.get(), sizeof total, cudaMemcpyDeviceToHost, stream));
        LL_CUDA(cudaStreamSynchronize(stream));
        return total;
    }

private:
    DeviceBuffer<unsigned long long> counter_;
};

// Times work queued on a stream: start() before it, seconds() after it (which waits for the
// stream and reports any launch error first).
class StreamTimer {
public:
    StreamTimer() {
        LL_CUDA(cudaEventCreate(&start_));
        LL_CUDA(cudaEventCreate(&stop_));
    }
    ~StreamTimer() {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }
    StreamTimer(const StreamTimer&) = delete;
    StreamTimer& operator=(const StreamTimer&) = delete;
    void start(cudaStream_t stream) { LL_CUDA(cudaEventRecord(start_, stream)); }
    double seconds(cudaStream_t stream) {
        LL_CUDA(cudaGetLastError());
        LL_CUDA(cudaEventRecord(stop_, stream));
        LL_CUDA(cudaEventSynchronize(stop_));
        float ms = 0;
        LL_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
        return ms * 1e-3;
    }

private:
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

} // namespace ll::cuda
