// The processes one tiled lattice runs on (docs/DESIGN.md, "Scale-out"): a single one
// (LocalCommunicator), or MPI ranks (mpi_communicator.hpp) placed by mpirun or srun. Only the
// halo exchange and the assembly of whole-lattice results talk through it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ll {

class Communicator {
public:
    virtual ~Communicator() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    // A buffer going to or coming from rank `peer`; messages between two ranks are matched by
    // tag.
    struct Message {
        int peer;
        int tag;
        void* data;
        std::size_t bytes;
    };
    // Starts every receive and send, and returns when all are complete. Throws ConfigError
    // naming the peer when one does not answer in time.
    virtual void exchange(const std::vector<Message>& sends,
                          const std::vector<Message>& receives) = 0;
    // Element-wise sums over all ranks, in place, on every rank.
    virtual void sum(double* values, std::size_t count) = 0;
    virtual void sum(std::uint64_t* values, std::size_t count) = 0;
    // Every rank's text, in rank order, on every rank; `what` names the gather in the message
    // about a rank that does not answer in time.
    virtual std::vector<std::string> all_gather(const std::string& mine, const char* what) = 0;
    // Ends every rank of the run at once with `code` (after a failure that the others cannot
    // learn of in an orderly way, e.g. a peer that stopped answering).
    [[noreturn]] virtual void abort(int code) = 0;
};

// One process: nothing to send, and sums are the values themselves.
class LocalCommunicator final : public Communicator {
public:
    int rank() const override { return 0; }
    int size() const override { return 1; }
    void exchange(const std::vector<Message>& sends, const std::vector<Message>& receives) override;
    void sum(double*, std::size_t) override {}
    void sum(std::uint64_t*, std::size_t) override {}
    std::vector<std::string> all_gather(const std::string& mine, const char*) override {
        return {mine};
    }
    [[noreturn]] void abort(int code) override;
};

// The ranks of this run when mpirun or srun started it (their environment says so): MPI is
// initialised on the first call and finalised at exit. nullptr for a process started alone,
// and in a build without MPI (mpi_compiled_in()).
std::shared_ptr<Communicator> launched_ranks();
bool mpi_compiled_in();
// The rank's index among the ranks of its machine (one GPU per rank by it); 0 alone.
int local_rank();
// How long a rank waits for its peers before it gives up with a ConfigError naming them:
// LATTICELAB_MPI_TIMEOUT seconds (default 60).
double peer_timeout_seconds();

} // namespace ll
