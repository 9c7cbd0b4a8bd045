// NCCL between the GPUs of MPI ranks (domain/nccl_exchange.hpp). Compiled with NCCL when CMake
// finds it (LATTICELAB_HAS_NCCL); without it every rank answers "no NCCL" and the ranks
// exchange through host memory.
#include "../domain/nccl_exchange.hpp"
#include "../engine/engine.hpp"
#include "cuda_buffer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>
#include <unistd.h>

#if LATTICELAB_HAS_NCCL
#include <nccl.h>
#endif

namespace ll {

#if !LATTICELAB_HAS_NCCL
bool nccl_compiled_in() {
    return false;
}
std::unique_ptr<NcclExchange> make_nccl_exchange(Communicator&, Engine&,
                                                 const std::vector<RankLink>&, std::string& why) {
    why = "this build has no NCCL (nccl.h and libnccl were not found at configure time)";
    return nullptr;
}
#else
bool nccl_compiled_in() {
    return true;
}

namespace cuda {
namespace {

void nccl_check(ncclResult_t r, const char* what) {
    if (r == ncclSuccess || r == ncclInProgress) return;
    throw ConfigError(std::string("NCCL: ") + what + " failed: " + ncclGetErrorString(r));
}

std::string to_hex(const void* data, std::size_t bytes) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    for (std::size_t k = 0; k < bytes; ++k) {
        const unsigned v = static_cast<const unsigned char*>(data)[k];
        s += digits[v >> 4];
        s += digits[v & 15];
    }
    return s;
}
void from_hex(const std::string& s, void* data) {
    auto* out = static_cast<unsigned char*>(data);
    for (std::size_t k = 0; k + 1 < s.size(); k += 2)
        out[k / 2] = static_cast<unsigned char>(std::stoi(s.substr(k, 2), nullptr, 16));
}

// This rank's GPU as "host/PCI bus id", or why it cannot take part.
std::string gpu_identity(Engine& tile, int& device) {
    if (!tile.stream_handle() || !tile.current_set(0)) return "";
    cudaPointerAttributes a{};
    LL_CUDA(cudaPointerGetAttributes(&a, tile.current_set(0)));
    device = a.device;
    char bus[32] = {};
    LL_CUDA(cudaDeviceGetPCIBusId(bus, sizeof bus, device));
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    return std::string(host) + "/" + bus;
}

// Why the ranks cannot all use NCCL (empty when they can), the same on every rank.
std::string ranks_not_ready(const std::vector<std::string>& gpus) {
    for (std::size_t r = 0; r < gpus.size(); ++r) {
        if (gpus[r].empty()) return "rank " + std::to_string(r) + " runs on the CPU back end";
        for (std::size_t q = 0; q < r; ++q)
            if (gpus[q] == gpus[r])
                return "ranks " + std::to_string(q) + " and " + std::to_string(r) + " share GPU " +
                       gpus[r] + " (NCCL needs one GPU per rank)";
    }
    return "";
}

// NCCL's group calls, ended on every path: a group left open defers every later NCCL call.
class Group {
public:
    Group() { nccl_check(ncclGroupStart(), "ncclGroupStart"); }
    ~Group() {
        if (open_) ncclGroupEnd();
    }
    ncclResult_t end() {
        open_ = false;
        return ncclGroupEnd();
    }

private:
    bool open_ = true;
};

class Nccl final : public NcclExchange {
public:
    // What may fail on one rank alone (GPU memory, the timeout's setting), before the ranks
    // agree to go on (make_nccl_exchange).
    Nccl(Engine& tile, int device, const std::vector<RankLink>& links)
        : tile_(tile), device_(device), links_(links), timeout_(peer_timeout_seconds()),
          own_(device) {
        const DeviceScope on(device_);
        std::size_t offset[2][2] = {}; // [parity][send]
        for (RankLink& l : links_) {
            std::size_t& o = offset[l.parity & 1][l.send];
            offsets_.push_back(o);
            o += l.bytes;
        }
        for (int p = 0; p < 2; ++p) {
            send_[p].allocate(std::max<std::size_t>(offset[p][1], 1));
            receive_[p].allocate(std::max<std::size_t>(offset[p][0], 1));
        }
    }
    ~Nccl() override {
        close();
        const auto destroy = [](const EventPair& e) {
            cudaEventDestroy(e.first);
            cudaEventDestroy(e.second);
        };
        for (const EventPair& e : pending_)
            destroy(e);
        for (const EventPair& e : spare_)
            destroy(e);
    }

    // Collective: rank 0 makes the id, every rank learns it through the communicator; then one
    // transfer of each parity, since NCCL connects two peers on their first transfer (about a
    // second on NVLink), which would otherwise land in the first steps' time.
    void join(Communicator& comm) {
        const DeviceScope on(device_);
        ncclUniqueId id{};
        if (comm.rank() == 0) nccl_check(ncclGetUniqueId(&id), "ncclGetUniqueId");
        const auto ids = comm.all_gather(comm.rank() == 0 ? to_hex(&id, sizeof id) : "",
                                         "NCCL's set-up (its id from rank 0)");
        from_hex(ids.at(0), &id);
        ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
        config.blocking = 0; // every wait polled against the timeout
        nccl_check(ncclCommInitRankConfig(&comm_, comm.size(), id, comm.rank(), &config),
                   "ncclCommInitRankConfig");
        wait_ready("joining the ranks");
        const auto stream = static_cast<cudaStream_t>(tile_.stream_handle());
        auto [start, end] = events();
        LL_CUDA(cudaEventRecord(start, stream));
        transfer(0, stream);
        transfer(1, stream);
        LL_CUDA(cudaEventRecord(end, stream));
        pending_.push_back({start, end});
        finish();
    }

    void mark_ready() override {
        const DeviceScope on(device_);
        LL_CUDA(
            cudaEventRecord(own_.event(), static_cast<cudaStream_t>(tile_.border_stream_handle())));
        marked_ = true;
    }

    void run(int parity, StreamClock* clock) override {
        if (!comm_) throw ConfigError("NCCL: the exchange stopped after an earlier failure");
        if (!marked_) mark_ready();
        marked_ = false;
        const DeviceScope on(device_);
        const auto tile_stream = static_cast<cudaStream_t>(tile_.stream_handle());
        LL_CUDA(cudaStreamWaitEvent(own_.stream(), own_.event(), 0));
        auto [start, end] = events();
        LL_CUDA(cudaEventRecord(start, own_.stream()));
        const int p = parity & 1;
        const auto marked = [&] { return clock ? clock->mark(own_.stream()) : -1; };
        const int packing = marked();
        for (std::size_t k = 0; k < links_.size(); ++k)
            if (links_[k].send && links_[k].parity == p)
                tile_.pack(links_[k].list, send_[p].get() + offsets_[k], MemorySpace::Device,
                           own_.stream());
        const int sending = marked();
        transfer(p, own_.stream());
        const int unpacking = marked();
        for (std::size_t k = 0; k < links_.size(); ++k)
            if (!links_[k].send && links_[k].parity == p)
                tile_.unpack(links_[k].list, receive_[p].get() + offsets_[k], MemorySpace::Device,
                             own_.stream());
        LL_CUDA(cudaEventRecord(end, own_.stream()));
        LL_CUDA(cudaStreamWaitEvent(tile_stream, end, 0));
        pending_.push_back({start, end});
        if (clock) {
            const std::string lane = "NCCL (GPU " + std::to_string(device_) + ")";
            clock->span(lane, "pack", packing, sending);
            clock->span(lane, "send and receive", sending, unpacking);
            clock->span(lane, "unpack", unpacking, marked());
        }
    }

    // Waits for each queued exchange in turn. A peer that stopped (its rank failed) leaves
    // NCCL's kernels waiting forever, so each wait is bounded, an error NCCL already knows of
    // ends it at once, and then the communicator is aborted, which releases them.
    double finish() override {
        double seconds = 0;
        while (!pending_.empty()) {
            const EventPair e = pending_.front();
            const auto start = std::chrono::steady_clock::now();
            cudaError_t state;
            while ((state = cudaEventQuery(e.second)) == cudaErrorNotReady) {
                ncclResult_t async = ncclSuccess;
                if (ncclCommGetAsyncError(comm_, &async) == ncclSuccess && async != ncclSuccess &&
                    async != ncclInProgress)
                    fail(std::string("a halo exchange failed: ") + ncclGetErrorString(async));
                if (waited(start) > timeout_) fail("a halo exchange " + not_answering());
                std::this_thread::sleep_for(std::chrono::microseconds(50));
            }
            LL_CUDA(state);
            float ms = 0;
            LL_CUDA(cudaEventElapsedTime(&ms, e.first, e.second));
            seconds += ms * 1e-3;
            pending_.pop_front();
            spare_.push_back(e);
        }
        return seconds;
    }

private:
    using EventPair = std::pair<cudaEvent_t, cudaEvent_t>;
    static double waited(std::chrono::steady_clock::time_point since) {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
    }
    std::string not_answering() const {
        std::vector<int> peers;
        for (const RankLink& l : links_)
            if (std::find(peers.begin(), peers.end(), l.peer) == peers.end())
                peers.push_back(l.peer);
        std::string text = "did not finish within ";
        text += std::to_string(int(timeout_));
        text += " s (LATTICELAB_MPI_TIMEOUT): peer rank(s)";
        for (std::size_t k = 0; k < peers.size(); ++k) {
            text += k ? ", " : " ";
            text += std::to_string(peers[k]);
        }
        text += " not answering";
        return text;
    }
    // Aborting releases whatever waits on a dead peer; nothing uses the communicator after.
    [[noreturn]] void fail(const std::string& why) {
        if (comm_) ncclCommAbort(comm_);
        comm_ = nullptr;
        throw ConfigError("NCCL: " + why);
    }
    // A non-blocking communicator reports ncclInProgress until its work is enqueued; a peer
    // that never joins would keep it there.
    void wait_ready(const char* what) {
        const auto start = std::chrono::steady_clock::now();
        for (;;) {
            ncclResult_t state = ncclSuccess;
            const ncclResult_t r = ncclCommGetAsyncError(comm_, &state);
            if (r != ncclSuccess) state = r;
            if (state == ncclSuccess) return;
            if (state != ncclInProgress)
                fail(std::string(what) + " failed: " + ncclGetErrorString(state));
            if (waited(start) > timeout_) fail(std::string(what) + " " + not_answering());
            std::this_thread::yield();
        }
    }
    // The sends and receives of every link of parity p, one NCCL group.
    void transfer(int p, cudaStream_t stream) {
        Group group;
        for (std::size_t k = 0; k < links_.size(); ++k) {
            const RankLink& l = links_[k];
            if (l.parity != p) continue;
            const ncclResult_t r = l.send ? ncclSend(send_[p].get() + offsets_[k], l.bytes,
                                                     ncclUint8, l.peer, comm_, stream)
                                          : ncclRecv(receive_[p].get() + offsets_[k], l.bytes,
                                                     ncclUint8, l.peer, comm_, stream);
            if (r != ncclSuccess && r != ncclInProgress) {
                group.end();
                fail(std::string(l.send ? "ncclSend" : "ncclRecv") +
                     " failed: " + ncclGetErrorString(r));
            }
        }
        const ncclResult_t r = group.end();
        if (r != ncclSuccess && r != ncclInProgress)
            fail(std::string("ncclGroupEnd failed: ") + ncclGetErrorString(r));
        wait_ready("a halo exchange");
    }
    // A healthy communicator is finalised (its operations flushed, bounded by the timeout) and
    // destroyed; one with work still queued (after a failure) or in error is aborted.
    void close() noexcept {
        if (!comm_) return;
        ncclResult_t state = ncclSuccess;
        bool healthy = pending_.empty() && ncclCommGetAsyncError(comm_, &state) == ncclSuccess &&
                       state == ncclSuccess && ncclCommFinalize(comm_) == ncclSuccess;
        const auto start = std::chrono::steady_clock::now();
        while (healthy && ncclCommGetAsyncError(comm_, &state) == ncclSuccess &&
               state == ncclInProgress && waited(start) < timeout_)
            std::this_thread::yield();
        healthy = healthy && state == ncclSuccess;
        if (healthy)
            ncclCommDestroy(comm_);
        else
            ncclCommAbort(comm_);
        comm_ = nullptr;
    }
    EventPair events() {
        if (spare_.empty()) {
            EventPair e;
            LL_CUDA(cudaEventCreate(&e.first));
            LL_CUDA(cudaEventCreate(&e.second));
            return e;
        }
        EventPair e = spare_.back();
        spare_.pop_back();
        return e;
    }

    Engine& tile_;
    int device_;
    std::vector<RankLink> links_;
    std::vector<std::size_t> offsets_; // of each link in its parity's send or receive buffer
    DeviceBuffer<unsigned char> send_[2], receive_[2];
    double timeout_;
    ncclComm_t comm_ = nullptr;
    std::deque<EventPair> pending_;
    std::vector<EventPair> spare_;
    PriorityStream own_; // beside the tile's stream; its event: where the halos were ready
    bool marked_ = false;
};

} // namespace
} // namespace cuda

std::unique_ptr<NcclExchange> make_nccl_exchange(Communicator& comm, Engine& tile,
                                                 const std::vector<RankLink>& links,
                                                 std::string& why) {
    // NVLink SHARP (multicast) is off on the machines this was measured on; an explicit
    // setting of the user's wins. Set once, before NCCL first reads it.
    static std::once_flag nvls;
    std::call_once(nvls, [] { setenv("NCCL_NVLS_ENABLE", "0", 0); });
    int device = -1;
    why = cuda::ranks_not_ready(
        comm.all_gather(cuda::gpu_identity(tile, device), "NCCL's set-up (each rank's GPU)"));
    if (!why.empty()) return nullptr;
    // A failure on one rank alone is agreed on, so that no rank waits for it in NCCL's set-up.
    std::unique_ptr<cuda::Nccl> nccl;
    std::string failed;
    try {
        nccl = std::make_unique<cuda::Nccl>(tile, device, links);
    } catch (const std::exception& e) {
        failed = e.what();
    }
    const auto failures = comm.all_gather(failed, "NCCL's set-up (each rank's result)");
    for (std::size_t r = 0; r < failures.size(); ++r)
        if (!failures[r].empty()) {
            why = "rank " + std::to_string(r) + " could not set NCCL up: " + failures[r];
            return nullptr;
        }
    nccl->join(comm);
    return nccl;
}
#endif

} // namespace ll
