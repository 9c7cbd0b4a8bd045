// A region put together from tiles on the GPUs (domain/device_pieces.hpp): each tile's part is
// read into a buffer on the tile's GPU and copied into place with cudaMemcpy3DAsync (same GPU)
// or cudaMemcpy3DPeerAsync (another GPU: over NVLink or PCIe where peer access is on, staged by
// the driver where it is not), queued on the tile's stream behind its read. A slice's vorticity
// is differenced by one kernel on the target's GPU (slice_vorticity.hpp).
#include "../domain/device_pieces.hpp"
#include "cuda_buffer.hpp"

#include <map>

namespace ll {
namespace cuda {
namespace {

int device_of(const void* p) {
    cudaPointerAttributes a{};
    LL_CUDA(cudaPointerGetAttributes(&a, p));
    return a.device;
}

cudaPitchedPtr pitched(const float* p, const std::array<std::uint32_t, 3>& extent) {
    return make_cudaPitchedPtr(const_cast<float*>(p), extent[0] * sizeof(float), extent[0],
                               extent[1]);
}

cudaPos position(const std::array<std::uint32_t, 3>& at) {
    return make_cudaPos(at[0] * sizeof(float), at[1], at[2]);
}

__global__ void vorticity_kernel(VelocityPlanes p, float* out, std::uint64_t count) {
    const std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k < count) out[k] = slice_vorticity_at(p, k);
}

class CudaDevicePieces final : public DevicePieces {
public:
    ~CudaDevicePieces() override {
        // Each buffer is freed on its own GPU; unchecked, as destructors must not throw.
        int previous = 0;
        cudaGetDevice(&previous);
        for (auto& [tile, t] : tiles_) {
            cudaSetDevice(t.device);
            t.values.release();
        }
        for (auto& [slot, b] : beside_) {
            cudaSetDevice(b.device);
            b.values.release();
        }
        if (stream_) {
            cudaSetDevice(stream_device_);
            cudaStreamDestroy(stream_);
        }
        cudaSetDevice(previous);
    }

    float* buffer(int tile, Engine& engine, std::size_t count) override {
        Tile& t = tiles_[tile];
        const int device = device_of(engine.current_set(0));
        DeviceScope on(device);
        if (t.device != device) t.values.release();
        t.device = device;
        t.stream = static_cast<cudaStream_t>(engine.stream_handle());
        t.values.reserve(count);
        return t.values.get();
    }

    void place(int tile, const PieceCopy& c, float* target) override {
        Tile& t = tiles_.at(tile);
        const int to = device_of(target);
        DeviceScope on(t.device);
        const cudaExtent extent = make_cudaExtent(c.size[0] * sizeof(float), c.size[1], c.size[2]);
        if (to == t.device) {
            cudaMemcpy3DParms p{};
            p.srcPtr = pitched(t.values.get(), c.source);
            p.srcPos = position(c.from);
            p.dstPtr = pitched(target, c.target);
            p.dstPos = position(c.to);
            p.extent = extent;
            p.kind = cudaMemcpyDeviceToDevice;
            LL_CUDA(cudaMemcpy3DAsync(&p, t.stream));
        } else {
            cudaMemcpy3DPeerParms p{};
            p.srcPtr = pitched(t.values.get(), c.source);
            p.srcPos = position(c.from);
            p.srcDevice = t.device;
            p.dstPtr = pitched(target, c.target);
            p.dstPos = position(c.to);
            p.dstDevice = to;
            p.extent = extent;
            LL_CUDA(cudaMemcpy3DPeerAsync(&p, t.stream));
        }
        t.queued = true;
    }

    void finish() override {
        for (auto& [tile, t] : tiles_) {
            if (!t.queued) continue;
            DeviceScope on(t.device);
            LL_CUDA(cudaStreamSynchronize(t.stream));
            t.queued = false;
        }
    }

    float* buffer_beside(int slot, const float* near, std::size_t count) override {
        Beside& b = beside_[slot];
        const int device = device_of(near);
        DeviceScope on(device);
        if (b.device != device) b.values.release();
        b.device = device;
        b.values.reserve(count);
        return b.values.get();
    }

    void vorticity(const VelocityPlanes& planes, float* out) override {
        const int device = device_of(out);
        DeviceScope on(device);
        if (stream_ && stream_device_ != device) LL_CUDA(cudaStreamDestroy(stream_));
        if (!stream_ || stream_device_ != device) {
            LL_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
            stream_device_ = device;
        }
        const std::uint64_t count = std::uint64_t(planes.width) * planes.height;
        const unsigned blocks = unsigned((count + 255) / 256);
        vorticity_kernel<<<blocks, 256, 0, stream_>>>(planes, out, count);
        LL_CUDA(cudaGetLastError());
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

private:
    struct Beside {
        int device = -1;
        DeviceBuffer<float> values;
    };
    struct Tile {
        int device = -1;
        cudaStream_t stream = nullptr;
        DeviceBuffer<float> values;
        bool queued = false;
    };
    std::map<int, Tile> tiles_; // by tile index; a node map: the buffers never move
    std::map<int, Beside> beside_;
    cudaStream_t stream_ = nullptr; // the vorticity kernel's, on stream_device_
    int stream_device_ = -1;
};

} // namespace
} // namespace cuda

std::unique_ptr<DevicePieces> make_device_pieces() {
    return std::make_unique<cuda::CudaDevicePieces>();
}

} // namespace ll
