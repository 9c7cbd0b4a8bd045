// NCCL between the GPUs of MPI ranks (domain/nccl_exchange.hpp). Compiled with NCCL when CMake
// finds it (LATTICELAB_HAS_NCCL); without it every rank answers "no NCCL" and the ranks
// exchange through host memory.
#include "../domain/nccl_exchange.hpp"
#include "../engine/engine.hpp"
#include "cuda_buffer.hpp"

#include <chrono>
#include <cstdlib>
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

// A non-blocking communicator reports ncclInProgress until its work is enqueued; a peer that
// never joins would keep it there, so the wait is bounded (docs/DESIGN.md, "Faults").
void wait_ready(ncclComm_t comm, double timeout, const char* what) {
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        ncclResult_t state = ncclSuccess;
        nccl_check(ncclCommGetAsyncError(comm, &state), what);
        if (state == ncclSuccess) return;
        nccl_check(state, what);
        const double waited =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (waited > timeout) {
            ncclCommAbort(comm);
            throw ConfigError(std::string("NCCL: ") + what + " did not finish within " +
                              std::to_string(int(timeout)) +
                              " s (LATTICELAB_MPI_TIMEOUT): a peer rank is not answering");
        }
        std::this_thread::yield();
    }
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

class Nccl final : public NcclExchange {
public:
    Nccl(Communicator& comm, Engine& tile, int device, const std::vector<RankLink>& links)
        : tile_(tile), device_(device), links_(links) {
        LL_CUDA(cudaSetDevice(device_));
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
        join(comm);
        connect();
    }
    ~Nccl() override {
        for (auto& [a, b] : pending_) {
            cudaEventDestroy(a);
            cudaEventDestroy(b);
        }
        if (comm_) ncclCommDestroy(comm_);
    }

    void run(int parity, StreamClock* clock) override {
        LL_CUDA(cudaSetDevice(device_));
        const auto stream = static_cast<cudaStream_t>(tile_.stream_handle());
        auto [start, end] = events();
        LL_CUDA(cudaEventRecord(start, stream));
        const int p = parity & 1;
        const auto marked = [&] { return clock ? clock->mark(stream) : -1; };
        const int packing = marked();
        for (std::size_t k = 0; k < links_.size(); ++k)
            if (links_[k].send && links_[k].parity == p)
                tile_.pack(links_[k].list, send_[p].get() + offsets_[k], MemorySpace::Device);
        const int sending = marked();
        transfer(p, stream);
        const int unpacking = marked();
        for (std::size_t k = 0; k < links_.size(); ++k)
            if (!links_[k].send && links_[k].parity == p)
                tile_.unpack(links_[k].list, receive_[p].get() + offsets_[k], MemorySpace::Device);
        LL_CUDA(cudaEventRecord(end, stream));
        pending_.push_back({start, end});
        if (clock) {
            const std::string lane = "NCCL (GPU " + std::to_string(device_) + ")";
            clock->span(lane, "pack", packing, sending);
            clock->span(lane, "send and receive", sending, unpacking);
            clock->span(lane, "unpack", unpacking, marked());
        }
    }

    // Waits for each queued exchange in turn; a peer that stopped (its rank failed) leaves
    // NCCL's kernels waiting forever, so each wait is bounded and then the communicator is
    // aborted, which releases them.
    double finish() override {
        double seconds = 0;
        for (auto& [a, b] : pending_) {
            const auto start = std::chrono::steady_clock::now();
            cudaError_t state;
            while ((state = cudaEventQuery(b)) == cudaErrorNotReady) {
                const double waited =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                if (waited > timeout_) {
                    ncclCommAbort(comm_);
                    comm_ = nullptr;
                    throw ConfigError("NCCL: a halo exchange did not finish within " +
                                      std::to_string(int(timeout_)) +
                                      " s (LATTICELAB_MPI_TIMEOUT): a peer rank is not answering");
                }
                std::this_thread::sleep_for(std::chrono::microseconds(50));
            }
            LL_CUDA(state);
            float ms = 0;
            LL_CUDA(cudaEventElapsedTime(&ms, a, b));
            seconds += ms * 1e-3;
            spare_.push_back({a, b});
        }
        pending_.clear();
        return seconds;
    }

private:
    using EventPair = std::pair<cudaEvent_t, cudaEvent_t>;
    // The sends and receives of every link of parity p, one NCCL group.
    void transfer(int p, cudaStream_t stream) {
        nccl_check(ncclGroupStart(), "ncclGroupStart");
        for (std::size_t k = 0; k < links_.size(); ++k) {
            const RankLink& l = links_[k];
            if (l.parity != p) continue;
            if (l.send)
                nccl_check(ncclSend(send_[p].get() + offsets_[k], l.bytes, ncclUint8, l.peer, comm_,
                                    stream),
                           "ncclSend");
            else
                nccl_check(ncclRecv(receive_[p].get() + offsets_[k], l.bytes, ncclUint8, l.peer,
                                    comm_, stream),
                           "ncclRecv");
        }
        nccl_check(ncclGroupEnd(), "ncclGroupEnd");
        wait_ready(comm_, timeout_, "a halo exchange");
    }
    // NCCL connects two peers on their first transfer (about a second on NVLink): one
    // transfer of each parity at set-up keeps that out of the first steps' time.
    void connect() {
        const auto stream = static_cast<cudaStream_t>(tile_.stream_handle());
        auto [start, end] = events();
        LL_CUDA(cudaEventRecord(start, stream));
        transfer(0, stream);
        transfer(1, stream);
        LL_CUDA(cudaEventRecord(end, stream));
        pending_.push_back({start, end});
        finish();
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
    // Rank 0 makes the id; every rank learns it through the communicator.
    void join(Communicator& comm) {
        timeout_ = peer_timeout_seconds();
        ncclUniqueId id{};
        if (comm.rank() == 0) nccl_check(ncclGetUniqueId(&id), "ncclGetUniqueId");
        const auto ids = comm.all_gather(comm.rank() == 0 ? to_hex(&id, sizeof id) : "");
        from_hex(ids.at(0), &id);
        ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
        config.blocking = 0;
        nccl_check(ncclCommInitRankConfig(&comm_, comm.size(), id, comm.rank(), &config),
                   "ncclCommInitRankConfig");
        wait_ready(comm_, timeout_, "joining the ranks");
    }

    Engine& tile_;
    int device_;
    std::vector<RankLink> links_;
    std::vector<std::size_t> offsets_; // of each link in its parity's send or receive buffer
    DeviceBuffer<unsigned char> send_[2], receive_[2];
    ncclComm_t comm_ = nullptr;
    double timeout_ = 60;
    std::vector<EventPair> pending_, spare_;
};

} // namespace
} // namespace cuda

std::unique_ptr<NcclExchange> make_nccl_exchange(Communicator& comm, Engine& tile,
                                                 const std::vector<RankLink>& links,
                                                 std::string& why) {
    // NVLink SHARP (multicast) is off on the machines this was measured on; an explicit
    // setting of the user's wins.
    setenv("NCCL_NVLS_ENABLE", "0", 0);
    int device = -1;
    why = cuda::ranks_not_ready(comm.all_gather(cuda::gpu_identity(tile, device)));
    if (!why.empty()) return nullptr;
    return std::make_unique<cuda::Nccl>(comm, tile, device, links);
}
#endif

} // namespace ll
