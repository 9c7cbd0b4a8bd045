#include "../domain/device_exchange.hpp"
#include "cuda_buffer.hpp"

#include <algorithm>
#include <map>

namespace ll {
namespace cuda {
namespace {

// The (tile, set) buffers one step's copies touch, as kernel parameters: the pointers change
// every step for A-B schemes, so they travel with the launch rather than in device memory.
constexpr int kMaxBuffers = 64;
struct BufferTable {
    void* ptr[kMaxBuffers];
};

// Element j: copy buffers[src_buf[j]][src[j]] to buffers[dst_buf[j]][dst[j]].
template <class Word>
__global__ void copy_halo(BufferTable table, const std::uint8_t* src_buf, const std::uint32_t* src,
                          const std::uint8_t* dst_buf, const std::uint32_t* dst,
                          std::size_t count) {
    const std::size_t j = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j >= count) return;
    const Word v = static_cast<const Word*>(table.ptr[src_buf[j]])[src[j]];
    static_cast<Word*>(table.ptr[dst_buf[j]])[dst[j]] = v;
}

class CudaDeviceExchange final : public DeviceExchange {
public:
    // The copy kernel runs on devices[0]; other devices' buffers are reached by peer access.
    CudaDeviceExchange(const std::vector<HaloCopy>& copies, std::size_t element_bytes, int sets,
                       std::vector<int> devices)
        : element_bytes_(element_bytes), sets_(sets), devices_(std::move(devices)) {
        LL_CUDA(cudaSetDevice(devices_[0]));
        LL_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
        LL_CUDA(cudaEventCreateWithFlags(&done_, cudaEventDisableTiming));
        for (int p = 0; p < 2; ++p) {
            std::vector<std::uint8_t> sb, db;
            std::vector<std::uint32_t> s, d;
            for (const HaloCopy& c : copies) {
                if (c.parity != p) continue;
                sb.push_back(std::uint8_t(c.from_tile * sets + c.set));
                db.push_back(std::uint8_t(c.to_tile * sets + c.set));
                s.push_back(std::uint32_t(c.from));
                d.push_back(std::uint32_t(c.to));
            }
            upload(parity_[p], sb, s, db, d);
        }
    }
    ~CudaDeviceExchange() override {
        for (cudaEvent_t e : stepped_)
            cudaEventDestroy(e);
        cudaEventDestroy(done_);
        cudaStreamDestroy(stream_);
    }

    void run(const std::vector<Engine*>& tiles, int parity) override {
        while (stepped_.size() < tiles.size()) { // each on its tile's device, as its stream
            LL_CUDA(cudaSetDevice(devices_[stepped_.size()]));
            stepped_.emplace_back();
            LL_CUDA(cudaEventCreateWithFlags(&stepped_.back(), cudaEventDisableTiming));
        }
        BufferTable table{};
        for (std::size_t t = 0; t < tiles.size(); ++t) {
            const auto s = static_cast<cudaStream_t>(tiles[t]->stream_handle());
            LL_CUDA(cudaEventRecord(stepped_[t], s));
            LL_CUDA(cudaStreamWaitEvent(stream_, stepped_[t], 0));
            for (int k = 0; k < sets_; ++k)
                table.ptr[t * std::size_t(sets_) + std::size_t(k)] = tiles[t]->current_set(k);
        }
        LL_CUDA(cudaSetDevice(devices_[0]));
        const Copies& c = parity_[parity & 1];
        if (c.count > 0) {
            const unsigned blocks = unsigned((c.count + 255) / 256);
            if (element_bytes_ == 2)
                launch<std::uint16_t>(blocks, table, c);
            else if (element_bytes_ == 4)
                launch<std::uint32_t>(blocks, table, c);
            else
                launch<std::uint64_t>(blocks, table, c);
        }
        LL_CUDA(cudaEventRecord(done_, stream_));
        for (Engine* t : tiles)
            LL_CUDA(cudaStreamWaitEvent(static_cast<cudaStream_t>(t->stream_handle()), done_, 0));
    }

private:
    struct Copies {
        DeviceBuffer<std::uint8_t> src_buf, dst_buf;
        DeviceBuffer<std::uint32_t> src, dst;
        std::size_t count = 0;
    };
    template <class T>
    static void put(DeviceBuffer<T>& b, const std::vector<T>& v) {
        b.allocate(v.size());
        if (!v.empty())
            LL_CUDA(cudaMemcpy(b.get(), v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
    }
    static void upload(Copies& c, const std::vector<std::uint8_t>& sb,
                       const std::vector<std::uint32_t>& s, const std::vector<std::uint8_t>& db,
                       const std::vector<std::uint32_t>& d) {
        put(c.src_buf, sb);
        put(c.src, s);
        put(c.dst_buf, db);
        put(c.dst, d);
        c.count = s.size();
    }
    template <class Word>
    void launch(unsigned blocks, const BufferTable& table, const Copies& c) {
        copy_halo<Word><<<blocks, 256, 0, stream_>>>(table, c.src_buf.get(), c.src.get(),
                                                     c.dst_buf.get(), c.dst.get(), c.count);
        LL_CUDA(cudaGetLastError());
    }

    std::size_t element_bytes_;
    int sets_;
    std::vector<int> devices_; // of each tile
    Copies parity_[2];
    cudaStream_t stream_ = nullptr;
    cudaEvent_t done_ = nullptr;
    std::vector<cudaEvent_t> stepped_;
};

} // namespace
} // namespace cuda

std::unique_ptr<DeviceExchange> make_device_exchange(const std::vector<Engine*>& tiles,
                                                     const std::vector<HaloCopy>& copies,
                                                     std::size_t element_bytes) {
    if (tiles.empty() || element_bytes > 8) return nullptr;
    const int sets = tiles.front()->population_sets();
    if (int(tiles.size()) * sets > cuda::kMaxBuffers) return nullptr;
    for (const HaloCopy& c : copies)
        if (std::max(c.from, c.to) > 0xffffffffull) return nullptr;
    std::vector<int> devices;
    for (Engine* t : tiles) {
        if (!t->stream_handle() || !t->current_set(0)) return nullptr;
        cudaPointerAttributes a{};
        LL_CUDA(cudaPointerGetAttributes(&a, t->current_set(0)));
        devices.push_back(a.device);
    }
    // Tiles on several GPUs: the kernel on the first reads and writes the others' memory.
    for (int to : devices) {
        if (to == devices[0]) continue;
        int can = 0;
        LL_CUDA(cudaDeviceCanAccessPeer(&can, devices[0], to));
        if (!can) return nullptr; // no peer path: the host-staged exchange serves
        LL_CUDA(cudaSetDevice(devices[0]));
        const cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
        if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) LL_CUDA(e);
        cudaGetLastError(); // clears "already enabled"
    }
    return std::make_unique<cuda::CudaDeviceExchange>(copies, element_bytes, sets, devices);
}

} // namespace ll
