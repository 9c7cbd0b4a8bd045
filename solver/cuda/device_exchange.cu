#include "../domain/device_exchange.hpp"
#include "cuda_buffer.hpp"
#include "solver/core/layout.hpp"

#include <algorithm>
#include <cstdlib>
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

// One list of copies on the device: copy k reads buffers[src_buf[k]] from element src[k] and
// writes buffers[dst_buf[k]] from element dst[k].
template <class Index>
struct CopyList {
    const std::uint8_t* src_buf;
    const Index* src;
    const std::uint8_t* dst_buf;
    const Index* dst;
    std::size_t count;
};

template <class Word, class Index>
__device__ void copy_element(const BufferTable& table, const CopyList<Index>& l, std::size_t k) {
    const Word v = static_cast<const Word*>(table.ptr[l.src_buf[k]])[l.src[k]];
    static_cast<Word*>(table.ptr[l.dst_buf[k]])[l.dst[k]] = v;
}

// A type of `Bytes` bytes that one instruction loads.
template <std::size_t Bytes>
struct Vector;
template <>
struct Vector<16> {
    using type = uint4;
};
template <>
struct Vector<8> {
    using type = uint2;
};
template <>
struct Vector<4> {
    using type = unsigned;
};

// Copies N values of type T, every load before the first store, so that all of them are in
// flight at once.
template <class T, int N>
__device__ void copy_values(const char* from, char* to) {
    T v[N];
    for (int q = 0; q < N; ++q)
        v[q] = reinterpret_cast<const T*>(from)[q];
    for (int q = 0; q < N; ++q)
        reinterpret_cast<T*>(to)[q] = v[q];
}

// A run is one sector, copied by kLanes threads, each a chunk of it, in vectors where both
// ends allow (how many threads: run_lanes_requested).
template <class Word, int kLanes, class Index>
__device__ void copy_run(const BufferTable& table, const CopyList<Index>& runs, std::size_t k,
                         int lane) {
    constexpr std::size_t kChunk = kSectorBytes / kLanes;
    static_assert(kChunk % sizeof(Word) == 0, "a chunk holds whole values");
    using V = typename Vector<(kChunk < 16 ? kChunk : 16)>::type;
    const auto* from = reinterpret_cast<const char*>(table.ptr[runs.src_buf[k]]) +
                       runs.src[k] * sizeof(Word) + lane * kChunk;
    auto* to = reinterpret_cast<char*>(table.ptr[runs.dst_buf[k]]) + runs.dst[k] * sizeof(Word) +
               lane * kChunk;
    const bool aligned =
        (reinterpret_cast<std::uintptr_t>(from) | reinterpret_cast<std::uintptr_t>(to)) %
            sizeof(V) ==
        0;
    if (aligned)
        copy_values<V, int(kChunk / sizeof(V))>(from, to);
    else
        copy_values<Word, int(kChunk / sizeof(Word))>(from, to);
}

// Threads j < kLanes * runs.count copy runs (kLanes threads a sector); the threads after them
// one element each.
template <class Word, int kLanes, class Index>
__global__ void copy_halo(BufferTable table, CopyList<Index> runs, CopyList<Index> elements) {
    const std::size_t j = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j < runs.count * kLanes)
        copy_run<Word, kLanes>(table, runs, j / kLanes, int(j % kLanes));
    else if (j - runs.count * kLanes < elements.count)
        copy_element<Word>(table, elements, j - runs.count * kLanes);
}

// Threads per run, from LATTICELAB_HALO_RUN_LANES: 2 by default, each a 16-byte vector. On an
// H200 (D3Q19 FP32 pull AoSoA at 256^3; docs/PERFORMANCE.md, session 18) one thread per sector
// kept 2.4 points less of one domain's speed in 2x2x2 tiles, whose x-face runs lie one per row,
// and one thread per value (8) 1.2-1.7 points less in slabs, whose runs are contiguous.
int run_lanes_requested() {
    const char* v = std::getenv("LATTICELAB_HALO_RUN_LANES");
    const std::string text = v ? v : "";
    if (text.empty()) return 2;
    for (const char* allowed : {"1", "2", "4", "8"})
        if (text == allowed) return std::stoi(text);
    throw ConfigError("LATTICELAB_HALO_RUN_LANES = '" + text +
                      "': 1, 2 (the default), 4 or 8 threads copy each 32-byte sector of a halo "
                      "(no more threads than the sector has values)");
}

// One copy kernel per GPU that receives halos, on that GPU: it pulls what its tiles receive
// from the senders' memory (its own or, by peer access, another GPU's), so every GPU's links
// carry only its own halos.
class CudaDeviceExchange final : public DeviceExchange {
public:
    CudaDeviceExchange(const HaloCopies& copies, std::size_t element_bytes, int sets,
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
                LL_CUDA(cudaSetDevice(lane->device));
                upload(lane->parity[p], host_list(copies.runs, p, lane->device),
                       host_list(copies.elements, p, lane->device));
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
    // A list's indices on the host, as copy_halo reads them.
    struct HostList {
        std::vector<std::uint8_t> src_buf, dst_buf;
        std::vector<std::uint64_t> src, dst;
    };
    struct DeviceList {
        DeviceBuffer<std::uint8_t> src_buf, dst_buf;
        DeviceBuffer<std::uint32_t> src, dst;
        DeviceBuffer<std::uint64_t> src_wide, dst_wide;
        std::size_t count = 0;
        template <class Index>
        CopyList<Index> view() const {
            if constexpr (sizeof(Index) == 8)
                return {src_buf.get(), src_wide.get(), dst_buf.get(), dst_wide.get(), count};
            else
                return {src_buf.get(), src.get(), dst_buf.get(), dst.get(), count};
        }
    };
    struct Copies {
        DeviceList runs, elements;
        // 32-bit element indices while they fit (less to read per copy), else 64-bit: a
        // D3Q19 tile of 768 x 768 x 384 nodes has more than 2^32 populations.
        bool wide = false;
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
    // The copies of parity p into the tiles on `device`.
    HostList host_list(const std::vector<HaloCopy>& copies, int p, int device) const {
        HostList l;
        for (const HaloCopy& c : copies) {
            if (c.parity != p || devices_[std::size_t(c.to_tile)] != device) continue;
            l.src_buf.push_back(std::uint8_t(c.from_tile * sets_ + c.set));
            l.dst_buf.push_back(std::uint8_t(c.to_tile * sets_ + c.set));
            l.src.push_back(c.from);
            l.dst.push_back(c.to);
        }
        return l;
    }
    template <class T>
    static void put(DeviceBuffer<T>& b, const std::vector<T>& v) {
        b.allocate(v.size());
        if (!v.empty()) upload_now(b.get(), v.data(), v.size());
    }
    // A run's first elements are what must fit: copy_run adds the rest in 64-bit bytes.
    static bool fits_32_bits(const HostList& l) {
        for (std::size_t j = 0; j < l.src.size(); ++j)
            if (std::max(l.src[j], l.dst[j]) > 0xffffffffull) return false;
        return true;
    }
    static void put(DeviceList& d, const HostList& h, bool wide) {
        put(d.src_buf, h.src_buf);
        put(d.dst_buf, h.dst_buf);
        d.count = h.src.size();
        if (wide) {
            put(d.src_wide, h.src);
            put(d.dst_wide, h.dst);
            return;
        }
        put(d.src, std::vector<std::uint32_t>(h.src.begin(), h.src.end()));
        put(d.dst, std::vector<std::uint32_t>(h.dst.begin(), h.dst.end()));
    }
    static void upload(Copies& c, const HostList& runs, const HostList& elements) {
        c.wide = !fits_32_bits(runs) || !fits_32_bits(elements);
        put(c.runs, runs, c.wide);
        put(c.elements, elements, c.wide);
    }
    void launch(cudaStream_t stream, const BufferTable& table, const Copies& c) {
        if (c.runs.count + c.elements.count == 0) return;
        if (element_bytes_ == 2)
            launch_words<std::uint16_t>(stream, table, c);
        else if (element_bytes_ == 4)
            launch_words<std::uint32_t>(stream, table, c);
        else
            launch_words<std::uint64_t>(stream, table, c);
    }
    template <class Word>
    void launch_words(cudaStream_t stream, const BufferTable& table, const Copies& c) const {
        constexpr int kWidth = int(kSectorBytes / sizeof(Word)); // 4 FP64 values, 8 FP32
        const int lanes = std::min(run_lanes_, kWidth);
        if constexpr (kWidth >= 8) {
            if (lanes >= 8) return launch_lanes<Word, 8>(stream, table, c);
        }
        if (lanes >= 4)
            launch_lanes<Word, 4>(stream, table, c);
        else if (lanes >= 2)
            launch_lanes<Word, 2>(stream, table, c);
        else
            launch_lanes<Word, 1>(stream, table, c);
    }
    template <class Word, int kLanes>
    void launch_lanes(cudaStream_t stream, const BufferTable& table, const Copies& c) const {
        const std::size_t threads = c.runs.count * kLanes + c.elements.count;
        const unsigned blocks = unsigned((threads + 255) / 256);
        if (c.wide)
            copy_halo<Word, kLanes><<<blocks, 256, 0, stream>>>(table, c.runs.view<std::uint64_t>(),
                                                                c.elements.view<std::uint64_t>());
        else
            copy_halo<Word, kLanes><<<blocks, 256, 0, stream>>>(table, c.runs.view<std::uint32_t>(),
                                                                c.elements.view<std::uint32_t>());
        LL_CUDA(cudaGetLastError());
    }

    std::size_t element_bytes_;
    int sets_;
    int run_lanes_ = run_lanes_requested();
    std::vector<int> devices_;                 // of each tile
    int gpus_ = 0;                             // distinct GPUs among them
    std::vector<std::unique_ptr<Lane>> lanes_; // one per device that holds a tile
    std::vector<cudaEvent_t> stepped_;         // per tile, on its device
    bool marked_ = false;                      // stepped_ recorded for the next run()
};

} // namespace
} // namespace cuda

std::unique_ptr<DeviceExchange> make_device_exchange(const std::vector<Engine*>& tiles,
                                                     const HaloCopies& copies,
                                                     std::size_t element_bytes) {
    if (tiles.empty() || element_bytes > 8) return nullptr;
    // A run is one sector (copy_run).
    if (!copies.runs.empty() && copies.width * element_bytes != kSectorBytes) return nullptr;
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
