#include "tiled_engine.hpp"

#include "device_exchange.hpp"
#include "halo_plan.hpp"
#include "sector_copies.hpp"
#include "solver/core/flags.hpp"
#include "solver/core/layout.hpp"
#include "solver/models/registry.hpp"
#include "spare_slots.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace ll {

// (LocalCommunicator::abort and the MPI ranks: mpi_communicator.cpp.)
void LocalCommunicator::exchange(const std::vector<Message>& sends,
                                 const std::vector<Message>& receives) {
    if (!sends.empty() || !receives.empty())
        throw ConfigError("subdomains: a single process has no peer to exchange with");
}

TiledEngine::TiledEngine(const EngineConfig& cfg, const Tiles& tiles, EngineMaker make,
                         std::shared_ptr<Communicator> comm, HaloTransport transport)
    : cfg_(cfg), tiles_(tiles), make_(std::move(make)), comm_(std::move(comm)),
      transport_(transport) {
    const int expected = comm_->size() > 1 ? comm_->size() : 0;
    const HaloShape halo = halo_shape(cfg);
    reach_.depth = std::uint32_t(halo.depth);
    for (int a = 0; a < 3; ++a)
        reach_.wraps[a] = halo.wraps[a];
    reach_.row_align = tile_row_align(cfg);
    const std::string shape_error = tiles_error(tiles_, cfg.dims, halo, expected, "MPI ranks");
    if (!shape_error.empty()) throw ConfigError(shape_error);
    if (!model_traits(cfg).subdomains)
        throw ConfigError("subdomains: this model's engine has no halo exchange (" +
                          std::string(model_traits(cfg).name) +
                          "); split lattices of the isothermal and Boussinesq models");
    engines_.resize(std::size_t(tiles_.count()));
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!local(t)) continue;
        EngineConfig sub = cfg;
        const TileFrame f = frame(t);
        sub.dims = f.local;
        sub.tile = f.place(cfg.dims);
        engines_[t] = make_(sub, t);
        local_engines_.push_back(engines_[t].get());
    }
    Engine& e = any_engine();
    info_ = e.device();
    info_.device +=
        ", " + std::to_string(tiles_.count()) + " subdomains (" + to_string(tiles_) + ")";
    if (comm_->size() > 1) info_.device += " on " + std::to_string(comm_->size()) + " ranks";
    flags_.assign(cfg.dims.nodes(), kFluid);
}

bool x_faces_requested() {
    return env_switch("LATTICELAB_X_FACES",
                      "a pull tile cut along x keeps what crosses x in faces of its own",
                      "in its rows' halo columns");
}

OverlapMode overlap_requested() {
    const char* v = std::getenv("LATTICELAB_OVERLAP");
    const std::string_view text = v ? v : "";
    if (text.empty() || text == "auto") return OverlapMode::Auto;
    if (text == "1") return OverlapMode::On;
    if (text == "0") return OverlapMode::Off;
    throw ConfigError(
        "LATTICELAB_OVERLAP = '" + std::string(text) +
        "': auto (the default: border first where halos cross GPUs or ranks, or where "
        "x is whole and tiles hold a million nodes), 1 (always) or 0 (never: the exchange after "
        "each step)");
}
std::string_view to_string(OverlapMode m) {
    return m == OverlapMode::Auto ? "auto" : m == OverlapMode::On ? "on" : "off";
}

Engine& TiledEngine::any_engine() const {
    for (const auto& e : engines_)
        if (e) return *e;
    throw ConfigError("subdomains: rank " + std::to_string(comm_->rank()) + " holds no tile");
}

std::vector<int> TiledEngine::set_sizes() const {
    std::vector<int> q;
    const Engine& e = any_engine();
    for (int k = 0; k < e.population_sets(); ++k)
        q.push_back(int(e.set_velocities(k).size()));
    return q;
}

void TiledEngine::set_flags(const std::vector<std::uint8_t>& flags) {
    // Before any tile takes them: each rebuilds the node lists the graph's launches read, and a
    // tile that refuses them (throwing) leaves the others' lists rebuilt.
    step_graph_.reset();
    if (flags.size() != cfg_.dims.nodes())
        throw ConfigError("flags: " + std::to_string(flags.size()) + " given, the lattice has " +
                          std::to_string(cfg_.dims.nodes()) + " nodes");
    for (int t = 0; t < tiles_.count(); ++t)
        if (engines_[t]) engines_[t]->set_flags(tile_flags(frame(t), cfg_.dims, flags));
    flags_ = flags;
    whole_.reset();
    build_links();
}

void TiledEngine::build_links() {
    step_graph_.reset();
    for (auto& e : engines_)
        if (e) e->clear_halo_lists();
    std::vector<std::vector<std::array<int, 3>>> velocities;
    const Engine& any = any_engine();
    for (int k = 0; k < any.population_sets(); ++k)
        velocities.push_back(any.set_velocities(k));
    const int parities = is_in_place(cfg_.model.scheme) ? 2 : 1;
    std::map<LinkKey, ElementLists> lists;
    for_each_crossing(tiles_, cfg_.dims, flags_, velocities, reach_, [&](const Crossing& c) {
        if (!local(c.from) && !local(c.to)) return;
        for (int p = 0; p < parities; ++p) {
            auto& l = lists[{c.from, c.to, c.set, p}];
            if (local(c.from))
                l.first.push_back(engines_[c.from]->outgoing_element(c.set, c.x_from, c.i, p));
            if (local(c.to))
                l.second.push_back(engines_[c.to]->outgoing_element(c.set, c.x_to, c.i, p));
        }
    });
    links_.clear();
    make_device_exchange_for(lists);
    for (auto& [key, l] : lists) {
        const auto [from, to, set, parity] = key;
        Link link;
        link.to = to;
        link.count = std::max(l.first.size(), l.second.size());
        if (local(from)) link.list_from = engines_[from]->add_halo_list(set, std::move(l.first));
        if (local(to)) link.list_to = engines_[to]->add_halo_list(set, std::move(l.second));
        link.buffer.resize(link.count * any.element_bytes());
        links_.emplace(key, std::move(link));
    }
    make_nccl_exchange_for_links();
    border_first_ = (nccl_ || device_exchange_) && overlaps_exchange();
    if (border_first_) traffic_.transport += ", border first";
}

// Between ranks: NCCL when every rank has a GPU of its own, else MPI through host memory. The
// choice is collective (make_nccl_exchange), so every rank takes the same path.
void TiledEngine::make_nccl_exchange_for_links() {
    nccl_.reset();
    if (comm_->size() == 1) {
        traffic_.transport = device_exchange_ ? "device copy kernel" : "host (pack, unpack)";
        if (device_exchange_ && sector_share_ > 0)
            traffic_.transport += " (" + std::to_string(int(std::lround(100 * sector_share_))) +
                                  " % of the values in whole sectors)";
        if (transport_ == HaloTransport::HostStaged) traffic_.transport += ", host-staged";
        return;
    }
    traffic_.transport = "MPI through host memory";
    if (transport_ != HaloTransport::Auto) return;
    std::vector<RankLink> rank_links;
    device_bytes_[0] = device_bytes_[1] = 0;
    for (const auto& [key, link] : links_) {
        const auto [from, to, set, parity] = key;
        const std::size_t bytes = link.buffer.size();
        if (local(from) && local(to)) return; // several tiles per rank: not through NCCL
        if (local(from)) {
            rank_links.push_back({to % comm_->size(), link.list_from, bytes, true, parity});
            device_bytes_[parity] += double(bytes);
        } else {
            rank_links.push_back({from % comm_->size(), link.list_to, bytes, false, parity});
        }
    }
    if (!is_in_place(cfg_.model.scheme)) device_bytes_[1] = device_bytes_[0];
    std::string why;
    nccl_ = make_nccl_exchange(*comm_, any_engine(), rank_links, why);
    traffic_.transport = nccl_ ? "NCCL" : "MPI through host memory (no NCCL: " + why + ")";
}

void TiledEngine::make_device_exchange_for(const std::map<LinkKey, ElementLists>& lists) {
    device_exchange_.reset();
    if (comm_->size() > 1 || transport_ == HaloTransport::HostStaged) return;
    if (!any_engine().stream_handle()) return; // the CPU's tiles pack and unpack
    std::vector<HaloCopy> copies;
    device_bytes_[0] = device_bytes_[1] = 0;
    for (const auto& [key, l] : lists) {
        const auto [from, to, set, parity] = key;
        for (std::size_t j = 0; j < l.first.size(); ++j)
            copies.push_back({from, to, set, parity, l.first[j], l.second[j]});
        device_bytes_[parity] += double(l.first.size() * any_engine().element_bytes());
    }
    if (!is_in_place(cfg_.model.scheme)) device_bytes_[1] = device_bytes_[0];
    const double values = double(copies.size());
    const HaloCopies gathered = in_sectors(std::move(copies));
    sector_share_ = values > 0 ? 1.0 - double(gathered.elements.size()) / values : 0.0;
    device_exchange_ = make_device_exchange(local_engines_, gathered, any_engine().element_bytes());
}

// The copies in whole sectors where the receiver's other slots of a sector are spare
// (spare_slots.hpp, sector_copies.hpp).
HaloCopies TiledEngine::in_sectors(std::vector<HaloCopy> copies) const {
    SectorRules rules; // width 1: every population alone
    if (!env_switch("LATTICELAB_HALO_SECTORS",
                    "halo copies in whole sectors where the receiver's other slots are spare",
                    "every halo population copied alone, for comparisons"))
        return gather_sectors(std::move(copies), rules);
    std::vector<const Engine*> engines;
    std::vector<TileFrame> frames;
    std::vector<std::vector<std::uint8_t>> flags(engines_.size());
    for (std::size_t t = 0; t < engines_.size(); ++t) {
        engines.push_back(engines_[t].get());
        frames.push_back(frame(int(t)));
        if (engines_[t]) flags[t] = tile_flags(frames[t], cfg_.dims, flags_);
    }
    const SpareSlots spare(std::move(engines), frames, tiles_, std::move(flags), reach_.depth,
                           is_in_place(cfg_.model.scheme) ? 2 : 1);
    rules.width =
        std::uint32_t(kSectorBytes / std::max<std::size_t>(any_engine().element_bytes(), 1));
    rules.stored = [&](int t, int set) { return engines_[t]->stored_elements(set); };
    rules.spare = [&](int t, int set, std::uint64_t e) { return spare(t, set, e); };
    return gather_sectors(std::move(copies), rules);
}

std::uint64_t TiledEngine::count_nonfinite() {
    std::uint64_t bad = 0;
    for (auto& e : engines_)
        if (e) bad += e->count_nonfinite();
    comm_->sum(&bad, 1);
    return bad;
}

void TiledEngine::set_flow(const FlowParams& flow) {
    step_graph_.reset(); // its launches hold the old parameters
    cfg_.flow = flow;
    for (auto& e : engines_)
        if (e) e->set_flow(flow);
    if (whole_) whole_->set_flow(flow);
}
void TiledEngine::set_launch(const LaunchConfig& launch) {
    step_graph_.reset();
    cfg_.launch = launch;
    for (auto& e : engines_)
        if (e) e->set_launch(launch);
}
LaunchReport TiledEngine::launch_report() const {
    return any_engine().launch_report();
}
double TiledEngine::copy_bandwidth() {
    return any_engine().copy_bandwidth();
}
double TiledEngine::copy_bandwidth_now() {
    return any_engine().copy_bandwidth_now();
}

} // namespace ll
