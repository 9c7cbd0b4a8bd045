// One lattice split into tiles (tiling.hpp), each advanced by its own engine with halo layers,
// which the exchange fills after every step (halo_plan.hpp; docs/DESIGN.md, "Scale-out"). To
// its callers it is the whole lattice: state, fields and flags are global, as for one engine.
// Tiles live in this process or on other ranks of the Communicator (tile t on rank
// t % size); whole-lattice results are summed over ranks, so every rank must make the same
// calls.
#pragma once
#include "communicator.hpp"
#include "device_exchange.hpp"
#include "device_pieces.hpp"
#include "halo_plan.hpp"
#include "nccl_exchange.hpp"
#include "queued_graph.hpp"
#include "solver/engine/engine.hpp"
#include "step_timeline.hpp"
#include "tiling.hpp"

#include <functional>
#include <map>
#include <tuple>

namespace ll {

// Builds the engine of tile `tile` (its device, with --devices); -1: the whole lattice's.
using EngineMaker = std::function<std::unique_ptr<Engine>(const EngineConfig&, int tile)>;

// What the exchange moved since the start, for reports: bytes this process sent (to its own
// tiles or other ranks') and exchanges (one per step), the seconds spent in exchanges (host
// time for the host-staged exchange, GPU time by CUDA events for NCCL, none for the one-GPU
// device exchange, which is queued behind the steps and timed with them) and how the halos
// moved. queue_seconds: the host's time spent queuing steps on GPUs (where it nears the steps'
// own time, the GPUs wait for the host); replayed_steps: those of them replayed from a CUDA
// graph of two steps (TiledEngine::step).
struct HaloTraffic {
    std::string transport;
    double seconds = 0;
    double queue_seconds = 0;
    std::uint64_t replayed_steps = 0;
    double bytes = 0;
    std::uint64_t exchanges = 0;
    double bytes_per_exchange() const { return exchanges ? bytes / double(exchanges) : 0; }
};

// When tiles update their borders first and exchange beside the interior (docs/DESIGN.md,
// "Scale-out"), from LATTICELAB_OVERLAP: auto (unset: where the halos cross GPUs or ranks, and
// on one GPU where no tile is cut along x, whose faces cost more to split than to copy after the
// step, and the tiles hold a million nodes or more), 1 (always) or 0 (never: the exchange after
// each step). Throws ConfigError naming the allowed values on any other.
enum class OverlapMode : std::uint8_t { Auto, On, Off };
OverlapMode overlap_requested();
std::string_view to_string(OverlapMode m);
// LATTICELAB_X_FACES: unset, auto or 1 (a pull tile cut along x keeps what crosses x in faces
// of its own, core/x_faces.hpp), 0 (in its rows' halo columns: for comparisons); another value
// throws ConfigError.
bool x_faces_requested();

class TiledEngine final : public Engine {
public:
    // Throws ConfigError when the tiling cannot split cfg.dims (tiles_error) or the model has
    // no halo exchange.
    TiledEngine(const EngineConfig& cfg, const Tiles& tiles, EngineMaker make,
                std::shared_ptr<Communicator> comm = std::make_shared<LocalCommunicator>(),
                HaloTransport transport = HaloTransport::Auto);

    double step(int steps) override;
    void export_state(std::vector<double>& f) override;
    void import_state(const std::vector<double>& f) override;
    // Tile by tile: each tile's own nodes' fields (cfg is this engine's).
    void import_equilibrium(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags,
                            const std::vector<double>& rho, const std::vector<double>& u,
                            const std::vector<double>& T) override;
    void set_flags(const std::vector<std::uint8_t>& flags) override;
    void set_flow(const FlowParams& flow) override;
    void set_launch(const LaunchConfig& launch) override;
    LaunchReport launch_report() const override;
    void read_macro(MacroField& out) override;
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override;
    std::uint64_t count_nonfinite() override;
    const DeviceInfo& device() const override { return info_; }
    double copy_bandwidth() override;
    double copy_bandwidth_now() override;

    // Runs one step with marks on every stream (or host clocks) and returns when each tile's
    // update and each part of the exchange ran (step_timeline.hpp).
    std::vector<TimelineSpan> trace_step();

    const Tiles& tiles() const { return tiles_; }
    const HaloTraffic& traffic() const { return traffic_; }

private:
    // The populations one tile sends another in a step of one parity, for one set.
    struct Link {
        int to = -1;                      // the receiving tile
        int list_from = -1, list_to = -1; // halo lists of the local engines (-1: remote)
        std::size_t count = 0;
        std::vector<unsigned char> buffer;
    };
    using LinkKey = std::tuple<int, int, int, int>; // from, to, set, parity
    // The sender's and the receiver's elements of a link, in crossing order.
    using ElementLists = std::pair<std::vector<std::uint64_t>, std::vector<std::uint64_t>>;

    bool local(int tile) const { return tile % comm_->size() == comm_->rank(); }
    TileFrame frame(int tile) const {
        TileFrame f = tile_frame(tiles_, cfg_.dims, tile, reach_.depth, reach_.row_align);
        f.x_faces = x_faces_;
        return f;
    }
    Engine& any_engine() const;
    void build_links();
    void make_device_exchange_for(const std::map<LinkKey, ElementLists>& lists);
    HaloCopies in_sectors(std::vector<HaloCopy> copies) const;
    void make_nccl_exchange_for_links();
    // Stepping (tiled_step.cpp).
    void queue_steps(int steps);
    void queue_step(StreamClock* clock);
    // The graph of two steps (step_graph_): whether it may be captured here, whether what it
    // baked in still holds, and its capture.
    bool graphs_steps() const;
    std::vector<void*> current_sets() const;
    void capture_step_graph();
    // Every tile updates its border first, and the exchange runs beside the interiors
    // (decided once per set of links: border_first_).
    bool overlaps_exchange() const;
    enum class StepPart { Border, Interior, Whole };
    void queue_updates(StepPart part, StreamClock* clock);
    void finish_queued();
    void host_step(std::vector<TimelineSpan>* trace);
    std::string lane_name(int tile, StreamClock* clock);
    void exchange(int parity);
    void read_field_by_tiles(const FieldRequest& req, const FieldRegion& region, float* out);
    void read_field_on_devices(const FieldRequest& req, const FieldRegion& region, float* out);
    void read_vorticity_slice(const FieldRequest& req, const FieldRegion& slice, float* out,
                              bool on_devices);
    // Global canonical (or per-node) values to and from a tile's local lattice.
    void scatter_to_tile(int tile, const std::vector<double>& global, std::vector<double>& local,
                         const std::vector<int>& q) const;
    void gather_from_tile(int tile, const std::vector<double>& local, std::vector<double>& global,
                          const std::vector<int>& q) const;
    std::vector<int> set_sizes() const;

    EngineConfig cfg_;
    Tiles tiles_;
    HaloReach reach_; // the model's halo depth (1 for DdQq, 3 for D2Q37), wrapping axes, rows
    EngineMaker make_;
    std::shared_ptr<Communicator> comm_;
    std::vector<std::unique_ptr<Engine>> engines_; // per tile; null where the tile is remote
    std::vector<Engine*> local_engines_;           // the non-null ones, in tile order
    std::vector<std::uint8_t> flags_;              // the whole lattice's
    std::map<LinkKey, Link> links_;
    std::unique_ptr<DeviceExchange> device_exchange_; // tiles on one GPU, else null
    std::unique_ptr<NcclExchange> nccl_;              // ranks with a GPU each, else null
    std::unique_ptr<Engine> whole_; // for the whole lattice's vorticity, made on demand
    std::unique_ptr<DevicePieces> device_pieces_; // device reads put together, made on demand
    int parity_ = 0;
    HaloTransport transport_;
    OverlapMode overlap_ = overlap_requested(); // border first (where the engines split)
    bool x_faces_ = x_faces_requested();        // x faces where a tile can keep them
    bool border_first_ = false;                 // overlaps_exchange(), decided by build_links
    double device_bytes_[2] = {0, 0}; // per exchange of each parity, by the device or NCCL
    DeviceInfo info_;
    HaloTraffic traffic_;
    double sector_share_ = 0; // of the halo values the device exchange copies in runs
    // Two steps of the tiles on one GPU and their exchange as one CUDA graph (queued_graph.hpp),
    // replayed while every tile's current buffers are those it was captured with (two steps
    // bring back the buffers and the parity). Dropped whenever what its launches bake in
    // changes: flags and links, flow, launch configuration. LATTICELAB_TILED_GRAPH=0 queues
    // every step from the host.
    std::unique_ptr<QueuedGraph> step_graph_;
    std::vector<void*> graph_sets_;
    bool queued_before_ = false; // a step has been queued (a capture needs the tiles set up)
    bool graph_refused_ = false; // a capture failed: every step queued from the host
    const bool graphs_allowed_ = env_switch(
        "LATTICELAB_TILED_GRAPH", "tiles on one GPU replay two queued steps as one CUDA graph",
        "every step of the tiles queued from the host, for comparisons");
};

} // namespace ll
