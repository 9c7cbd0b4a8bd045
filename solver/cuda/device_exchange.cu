#include "../domain/device_exchange.hpp"
#include "cuda_buffer.hpp"

#include <algorithm>
#include <memory>
#include <string>

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
template <class Word, class Index>
__global__ void copy_halo(BufferTable table, const std::uint8_t* src_buf, const Index* src,
                          const std::uint8_t* dst_buf, const Index* dst, std::size_t count) {
    const std::size_t j = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j >= count) return;
    const Word v = static_cast<const Word*>(table.ptr[src_buf[j]])[src[j]];
    static_cast<Word*>(table.ptr[dst_buf[j]])[dst[j]] = v;
}

// One copy kernel per GPU that receives halos, on that GPU: it pulls what its tiles receive
// from the senders' memory (its own or, by peer access, another GPU's), so every GPU's links
// carry only its own halos.
class CudaDeviceExchange final : public DeviceExchange {
public:
    CudaDeviceExchange(const std::vector<HaloCopy>& copies, std::size_t element_bytes, int sets,
                       std::vector<int> devices)
        : element_bytes_(element_bytes), sets_(sets), devices_(std::move(devices)) {
        int caller = 0;
        LL_CUDA(cudaGetDevice(&caller));
        const DeviceScope restore(caller);
        std::vector<int> distinct = devices_;
        std::sort(distinct.begin(), distinct.end());
        gpus_ = int(std::unique(distinct.begin(), distinct.end()) - distinct.begin());
        for (int d : devices_)
            if (lane_of(d) < 0) lanes_.push_back(std::make_unique<Lane>(d));
        for (auto& lane : lanes_)
            for (int p = 0; p < 2; ++p) {
                std::vector<std::uint8_t> sb, db;
                std::vector<std::uint64_t> s, d;
                for (const HaloCopy& c : copies) {
                    if (c.parity != p || devices_[std::size_t(c.to_tile)] != lane->device) continue;
                    sb.push_back(std::uint8_t(c.from_tile * sets + c.set));
                    db.push_back(std::uint8_t(c.to_tile * sets + c.set));
                    s.push_back(c.from);
                    d.push_back(c.to);
                }
                LL_CUDA(cudaSetDevice(lane->device));
                upload(lane->parity[p], sb, s, db, d);
            }
        for (int d : devices_) {
            const DeviceScope on(d);
            cudaEvent_t e = nullptr;
            const cudaError_t made = cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
            if (made != cudaSuccess) {
                destroy_events();
                LL_CUDA(made);
            }
            stepped_.push_back(e);
        }
    }
    ~CudaDeviceExchange() override { destroy_events(); }

    void mark_ready(const std::vector<Engine*>& tiles) override {
        int caller = 0;
        LL_CUDA(cudaGetDevice(&caller));
        const DeviceScope restore(caller);
        for (std::size_t t = 0; t < tiles.size(); ++t) {
            LL_CUDA(cudaSetDevice(devices_[t]));
            LL_CUDA(cudaEventRecord(stepped_[t],
                                    static_cast<cudaStream_t>(tiles[t]->border_stream_handle())));
        }
        marked_ = true;
    }

    void run(const std::vector<Engine*>& tiles, int parity, StreamClock* clock) override {
        if (!marked_) mark_ready(tiles);
        marked_ = false;
        int caller = 0; // the caller's GPU again at the end, whichever GPUs the copies ran on
        LL_CUDA(cudaGetDevice(&caller));
        const DeviceScope restore(caller);
        BufferTable table{};
        for (std::size_t t = 0; t < tiles.size(); ++t) {
            for (int k = 0; k < sets_; ++k)
                table.ptr[t * std::size_t(sets_) + std::size_t(k)] = tiles[t]->current_set(k);
        }
        for (auto& lane : lanes_) {
            LL_CUDA(cudaSetDevice(lane->device));
            for (cudaEvent_t e : stepped_)
                LL_CUDA(cudaStreamWaitEvent(lane->queue.stream(), e, 0));
            const int begin = clock ? clock->mark(lane->queue.stream()) : -1;
            launch(lane->queue.stream(), table, lane->parity[parity & 1]);
            if (clock)
                clock->span("copy kernel (GPU " + std::to_string(lane->device) + ")", "halo copy",
                            begin, clock->mark(lane->queue.stream()));
            LL_CUDA(cudaEventRecord(lane->queue.event(), lane->queue.stream()));
        }
        for (std::size_t t = 0; t < tiles.size(); ++t) {
            LL_CUDA(cudaSetDevice(devices_[t]));
            LL_CUDA(cudaStreamWaitEvent(static_cast<cudaStream_t>(tiles[t]->stream_handle()),
                                        lanes_[std::size_t(lane_of(devices_[t]))]->queue.event(),
                                        0));
        }
    }

    int devices() const override { return gpus_; }

private:
    struct Copies {
        DeviceBuffer<std::uint8_t> src_buf, dst_buf;
        // 32-bit element indices while they fit (less to read per copy), else 64-bit: a
        // D3Q19 tile of 768 x 768 x 384 nodes has more than 2^32 populations.
        DeviceBuffer<std::uint32_t> src, dst;
        DeviceBuffer<std::uint64_t> src_wide, dst_wide;
        bool wide = false;
        std::size_t count = 0;
    };
    struct Lane {
        explicit Lane(int d) : device(d), queue(d) {}
        int device;
        PriorityStream queue; // its event: the copies are done
        Copies parity[2];
    };
    void destroy_events() {
        for (cudaEvent_t e : stepped_)
            cudaEventDestroy(e);
        stepped_.clear();
    }
    int lane_of(int device) const {
        for (std::size_t k = 0; k < lanes_.size(); ++k)
            if (lanes_[k]->device == device) return int(k);
        return -1;
    }
    template <class T>
    static void put(DeviceBuffer<T>& b, const std::vector<T>& v) {
        b.allocate(v.size());
        if (!v.empty()) upload_now(b.get(), v.data(), v.size());
    }
    static void upload(Copies& c, const std::vector<std::uint8_t>& sb,
                       const std::vector<std::uint64_t>& s, const std::vector<std::uint8_t>& db,
                       const std::vector<std::uint64_t>& d) {
        put(c.src_buf, sb);
        put(c.dst_buf, db);
        c.count = s.size();
        for (std::size_t j = 0; j < s.size(); ++j)
            c.wide = c.wide || std::max(s[j], d[j]) > 0xffffffffull;
        if (c.wide) {
            put(c.src_wide, s);
            put(c.dst_wide, d);
            return;
        }
        put(c.src, std::vector<std::uint32_t>(s.begin(), s.end()));
        put(c.dst, std::vector<std::uint32_t>(d.begin(), d.end()));
    }
    void launch(cudaStream_t stream, const BufferTable& table, const Copies& c) {
        if (c.count == 0) return;
        if (element_bytes_ == 2)
            launch_words<std::uint16_t>(stream, table, c);
        else if (element_bytes_ == 4)
            launch_words<std::uint32_t>(stream, table, c);
        else
            launch_words<std::uint64_t>(stream, table, c);
    }
    template <class Word>
    static void launch_words(cudaStream_t stream, const BufferTable& table, const Copies& c) {
        const unsigned blocks = unsigned((c.count + 255) / 256);
        if (c.wide)
            copy_halo<Word><<<blocks, 256, 0, stream>>>(table, c.src_buf.get(), c.src_wide.get(),
                                                        c.dst_buf.get(), c.dst_wide.get(), c.count);
        else
            copy_halo<Word><<<blocks, 256, 0, stream>>>(table, c.src_buf.get(), c.src.get(),
                                                        c.dst_buf.get(), c.dst.get(), c.count);
        LL_CUDA(cudaGetLastError());
    }

    std::size_t element_bytes_;
    int sets_;
    std::vector<int> devices_;                 // of each tile
    int gpus_ = 0;                             // distinct GPUs among them
    std::vector<std::unique_ptr<Lane>> lanes_; // one per device that receives
    std::vector<cudaEvent_t> stepped_;         // per tile, on its device
    bool marked_ = false;                      // stepped_ recorded for the next run()
};

} // namespace
} // namespace cuda

std::unique_ptr<DeviceExchange> make_device_exchange(const std::vector<Engine*>& tiles,
                                                     const std::vector<HaloCopy>& copies,
                                                     std::size_t element_bytes) {
    if (tiles.empty() || element_bytes > 8) return nullptr;
    const int sets = tiles.front()->population_sets();
    if (int(tiles.size()) * sets > cuda::kMaxBuffers) return nullptr;
    std::vector<int> devices;
    for (Engine* t : tiles) {
        if (!t->stream_handle() || !t->current_set(0)) return nullptr;
        cudaPointerAttributes a{};
        LL_CUDA(cudaPointerGetAttributes(&a, t->current_set(0)));
        devices.push_back(a.device);
    }
    int caller = 0;
    LL_CUDA(cudaGetDevice(&caller));
    const DeviceScope restore(caller);
    // Tiles on several GPUs: each GPU's kernel reads the others' memory.
    for (int to : devices)
        for (int from : devices) {
            if (from == to) continue;
            int can = 0;
            LL_CUDA(cudaDeviceCanAccessPeer(&can, to, from));
            if (!can) return nullptr; // no peer path: the host-staged exchange serves
            LL_CUDA(cudaSetDevice(to));
            const cudaError_t e = cudaDeviceEnablePeerAccess(from, 0);
            if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled) LL_CUDA(e);
            cudaGetLastError(); // clears "already enabled"
        }
    return std::make_unique<cuda::CudaDeviceExchange>(copies, element_bytes, sets, devices);
}

} // namespace ll
