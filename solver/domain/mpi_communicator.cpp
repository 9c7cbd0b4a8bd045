// The MPI ranks of a run (communicator.hpp): Debian's OpenMPI, or any MPI, host buffers only
// (Debian's build is not CUDA-aware, so a GPU's halo is staged through host memory). Every wait
// is a poll with a deadline: a peer that stopped answering ends the wait with its rank named,
// never a hang.
#include "communicator.hpp"

#include "solver/options.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <thread>

#if LATTICELAB_HAS_MPI
#include <mpi.h>
#endif

namespace ll {

void LocalCommunicator::abort(int code) {
    std::exit(code);
}

double peer_timeout_seconds() {
    const char* text = std::getenv("LATTICELAB_MPI_TIMEOUT");
    if (!text || !*text) return 60;
    char* end = nullptr;
    const double t = std::strtod(text, &end);
    if (*end != '\0' || !(t > 0))
        throw ConfigError("LATTICELAB_MPI_TIMEOUT = '" + std::string(text) +
                          "': must be a number of seconds greater than 0");
    return t;
}

namespace {
bool started_by_launcher() {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
        if (std::getenv(v)) return true;
    return false;
}
} // namespace

int local_rank() {
    for (const char* v : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"})
        if (const char* text = std::getenv(v)) return std::atoi(text);
    return 0;
}

#if LATTICELAB_HAS_MPI

bool mpi_compiled_in() {
    return true;
}

namespace {

class MpiCommunicator final : public Communicator {
public:
    MpiCommunicator() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &size_);
        try {
            timeout_ = peer_timeout_seconds();
        } catch (const ConfigError& e) { // no error path yet: the ranks are not joined
            if (rank_ == 0) std::fprintf(stderr, "latticelab: warning: %s; using 60\n", e.what());
        }
    }
    int rank() const override { return rank_; }
    int size() const override { return size_; }

    void exchange(const std::vector<Message>& sends,
                  const std::vector<Message>& receives) override {
        std::vector<MPI_Request> requests;
        std::vector<int> peers;
        for (const Message& m : receives) {
            requests.emplace_back();
            peers.push_back(m.peer);
            MPI_Irecv(m.data, int(m.bytes), MPI_BYTE, m.peer, m.tag, MPI_COMM_WORLD,
                      &requests.back());
        }
        for (const Message& m : sends) {
            requests.emplace_back();
            peers.push_back(m.peer);
            MPI_Isend(m.data, int(m.bytes), MPI_BYTE, m.peer, m.tag, MPI_COMM_WORLD,
                      &requests.back());
        }
        wait(requests, peers, "the halo exchange");
    }
    void sum(double* values, std::size_t count) override {
        reduce(values, count, MPI_DOUBLE, "a sum over ranks");
    }
    void sum(std::uint64_t* values, std::size_t count) override {
        reduce(values, count, MPI_UINT64_T, "a sum over ranks");
    }
    std::vector<std::string> all_gather(const std::string& mine, const char* what) override {
        int length = int(mine.size());
        std::vector<int> lengths(std::size_t(size_), 0);
        MPI_Request r;
        MPI_Iallgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD, &r);
        wait_all_ranks(r, what);
        std::vector<int> offsets(std::size_t(size_), 0);
        for (int k = 1; k < size_; ++k)
            offsets[k] = offsets[k - 1] + lengths[k - 1];
        std::string all(std::size_t(offsets.back() + lengths.back()), '\0');
        MPI_Iallgatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(),
                        MPI_CHAR, MPI_COMM_WORLD, &r);
        wait_all_ranks(r, what);
        std::vector<std::string> texts;
        for (int k = 0; k < size_; ++k)
            texts.push_back(all.substr(std::size_t(offsets[k]), std::size_t(lengths[k])));
        return texts;
    }
    [[noreturn]] void abort(int code) override {
        MPI_Abort(MPI_COMM_WORLD, code);
        std::exit(code);
    }

private:
    template <class T>
    void reduce(T* values, std::size_t count, MPI_Datatype type, const char* what) {
        constexpr std::size_t kChunk = std::size_t(1) << 28; // MPI counts are ints
        for (std::size_t at = 0; at < count; at += kChunk) {
            MPI_Request r;
            MPI_Iallreduce(MPI_IN_PLACE, values + at, int(std::min(kChunk, count - at)), type,
                           MPI_SUM, MPI_COMM_WORLD, &r);
            wait_all_ranks(r, what);
        }
    }
    void wait_all_ranks(MPI_Request& r, const char* what) {
        std::vector<MPI_Request> one{r};
        wait(one, {-1}, what);
    }
    // Polls until every request completes; past the deadline, names the peers still missing
    // (-1: some rank of a collective).
    void wait(std::vector<MPI_Request>& requests, const std::vector<int>& peers, const char* what) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_);
        for (int spin = 0;; ++spin) {
            int done = 0;
            MPI_Testall(int(requests.size()), requests.data(), &done, MPI_STATUSES_IGNORE);
            if (done) return;
            if (std::chrono::steady_clock::now() > deadline) break;
            if (spin > 1000) std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
        // MPI_Testall leaves every request as it was: test each to name only the silent peers.
        std::set<int> silent;
        for (std::size_t k = 0; k < requests.size(); ++k) {
            int done = 0;
            MPI_Test(&requests[k], &done, MPI_STATUS_IGNORE);
            if (!done) silent.insert(peers[k]);
        }
        std::string missing;
        for (int p : silent) {
            if (!missing.empty()) missing += ", ";
            missing += p < 0 ? std::string("another rank") : "rank " + std::to_string(p);
        }
        throw ConfigError("rank " + std::to_string(rank_) + ": " + what + ": no answer from " +
                          missing + " within " + std::to_string(int(timeout_)) +
                          " s (LATTICELAB_MPI_TIMEOUT); a rank failed or cannot reach its "
                          "neighbours");
    }

    int rank_ = 0, size_ = 1;
    double timeout_ = 60;
};

void finalize_mpi() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
}

} // namespace

std::shared_ptr<Communicator> launched_ranks() {
    static std::shared_ptr<Communicator> world;
    if (world || !started_by_launcher()) return world;
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
        int provided = 0;
        MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
        std::atexit(finalize_mpi);
    }
    world = std::make_shared<MpiCommunicator>();
    return world;
}

#else

bool mpi_compiled_in() {
    return false;
}
std::shared_ptr<Communicator> launched_ranks() {
    if (started_by_launcher())
        throw ConfigError("mpirun: this build has no MPI (install libopenmpi-dev and rebuild); "
                          "every rank would run the whole lattice alone");
    return nullptr;
}

#endif

} // namespace ll
