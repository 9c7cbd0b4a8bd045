// The halo exchange between MPI ranks that each drive a GPU, through NCCL (docs/DESIGN.md,
// "Scale-out"): the device buffers move GPU to GPU (NVLink, PCIe or the network), set up
// through the ranks' Communicator. Every step is queued on a stream beside the tile's: gather the
// crossing populations into one send buffer, the sends and receives of every link in one
// NCCL group, scatter what arrived; the host never waits (Calore et al. 2016 move halos
// through host memory with MPI: that remains the fallback, TiledEngine::exchange). With a
// tile that updates its border first, all of it runs while the interior updates.
#pragma once
#include "communicator.hpp"
#include "solver/engine/engine.hpp"
#include "step_timeline.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ll {

// One halo list of the rank's tile engine that goes to (send) or comes from a peer rank in
// steps of one parity. Links between the same two ranks are matched in the order given, which
// both ranks derive from the same ordered plan.
struct RankLink {
    int peer;
    int list; // the tile engine's halo list (Engine::add_halo_list)
    std::size_t bytes;
    bool send;
    int parity;
};

class NcclExchange {
public:
    virtual ~NcclExchange() = default;
    // The halos of this step are ready where the tile's stream now is (its border is queued,
    // its interior not yet): the next run() waits only for that.
    virtual void mark_ready() = 0;
    // Queues one exchange of `parity` on the exchange's own stream (highest priority), after
    // the tile's queued step or the point mark_ready() recorded; the tile's next step waits
    // for it. With a clock, its pack, transfer and unpack are marked as spans.
    virtual void run(int parity, StreamClock* clock = nullptr) = 0;
    // Waits for the exchanges queued since the last call and returns the GPU seconds they took
    // (from the first pack to the last unpack). Throws ConfigError when one does not complete
    // within peer_timeout_seconds() (a peer rank stopped).
    virtual double finish() = 0;
};

// Collective over `comm`: every rank calls it with its one tile engine. nullptr on every rank,
// with `why`, when some rank cannot take part (no NCCL in this build, a CPU engine, two ranks
// on one GPU: NCCL wants a GPU per rank). Throws ConfigError naming the rank when NCCL's
// set-up fails or does not finish within peer_timeout_seconds().
std::unique_ptr<NcclExchange> make_nccl_exchange(Communicator& comm, Engine& tile,
                                                 const std::vector<RankLink>& links,
                                                 std::string& why);
bool nccl_compiled_in();

} // namespace ll
