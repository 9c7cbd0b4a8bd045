#include "tiled_engine.hpp"

#include "device_exchange.hpp"
#include "halo_plan.hpp"
#include "solver/core/flags.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace ll {

// (LocalCommunicator::abort and the MPI ranks: mpi_communicator.cpp.)
void LocalCommunicator::exchange(const std::vector<Message>& sends,
                                 const std::vector<Message>& receives) {
    if (!sends.empty() || !receives.empty())
        throw ConfigError("subdomains: a single process has no peer to exchange with");
}

namespace {

// The halo depth of every model with a halo exchange: DdQq velocities reach one node.
constexpr std::uint32_t kDepth = 1;

HaloShape halo_shape(const Engine& e) {
    HaloShape h;
    for (int k = 0; k < e.population_sets(); ++k)
        for (const auto& c : e.set_velocities(k))
            for (int a = 0; a < 3; ++a)
                h.per_face_node[a] += c[a] > 0 ? 1 : 0;
    return h;
}

} // namespace

TiledEngine::TiledEngine(const EngineConfig& cfg, const Tiles& tiles, EngineMaker make,
                         std::shared_ptr<Communicator> comm, HaloTransport transport)
    : cfg_(cfg), tiles_(tiles), make_(std::move(make)), comm_(std::move(comm)),
      transport_(transport) {
    const int expected = comm_->size() > 1 ? comm_->size() : 0;
    const std::string shape_error =
        tiles_error(tiles_, cfg.dims, {{0, 0, 0}, int(kDepth)}, expected, "MPI ranks");
    if (!shape_error.empty()) throw ConfigError(shape_error);
    engines_.resize(std::size_t(tiles_.count()));
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!local(t)) continue;
        EngineConfig sub = cfg;
        sub.dims = tile_frame(tiles_, cfg.dims, t, kDepth).local;
        engines_[t] = make_(sub, t);
    }
    Engine& e = any_engine();
    (void)halo_shape(e); // throws ConfigError where the model has no halo exchange
    info_ = e.device();
    info_.device +=
        ", " + std::to_string(tiles_.count()) + " subdomains (" + to_string(tiles_) + ")";
    if (comm_->size() > 1) info_.device += " on " + std::to_string(comm_->size()) + " ranks";
    flags_.assign(cfg.dims.nodes(), kFluid);
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
    if (flags.size() != cfg_.dims.nodes())
        throw ConfigError("flags: " + std::to_string(flags.size()) + " given, the lattice has " +
                          std::to_string(cfg_.dims.nodes()) + " nodes");
    for (int t = 0; t < tiles_.count(); ++t)
        if (engines_[t])
            engines_[t]->set_flags(
                tile_flags(tile_frame(tiles_, cfg_.dims, t, kDepth), cfg_.dims, flags));
    flags_ = flags;
    whole_.reset();
    build_links();
}

void TiledEngine::build_links() {
    for (auto& e : engines_)
        if (e) e->clear_halo_lists();
    std::vector<std::vector<std::array<int, 3>>> velocities;
    const Engine& any = any_engine();
    for (int k = 0; k < any.population_sets(); ++k)
        velocities.push_back(any.set_velocities(k));
    const int parities = is_in_place(cfg_.model.scheme) ? 2 : 1;
    std::map<LinkKey, ElementLists> lists;
    for_each_crossing(tiles_, cfg_.dims, flags_, velocities, [&](const Crossing& c) {
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
}

void TiledEngine::make_device_exchange_for(const std::map<LinkKey, ElementLists>& lists) {
    device_exchange_.reset();
    if (comm_->size() > 1 || transport_ == HaloTransport::HostStaged) return;
    std::vector<HaloCopy> copies;
    device_bytes_[0] = device_bytes_[1] = 0;
    for (const auto& [key, l] : lists) {
        const auto [from, to, set, parity] = key;
        for (std::size_t j = 0; j < l.first.size(); ++j)
            copies.push_back({from, to, set, parity, l.first[j], l.second[j]});
        device_bytes_[parity] += double(l.first.size() * any_engine().element_bytes());
    }
    if (!is_in_place(cfg_.model.scheme)) device_bytes_[1] = device_bytes_[0];
    device_exchange_ = make_device_exchange(local_engines(), copies, any_engine().element_bytes());
}

std::vector<Engine*> TiledEngine::local_engines() const {
    std::vector<Engine*> e;
    for (const auto& p : engines_)
        if (p) e.push_back(p.get());
    return e;
}

void TiledEngine::exchange(int parity) {
    if (transport_ == HaloTransport::Skip) return;
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<Communicator::Message> sends, receives;
    std::vector<Link*> unpack_from_host;
    for (auto& [key, link] : links_) {
        const auto [from, to, set, p] = key;
        if (p != parity) continue;
        if (local(from)) traffic_.bytes += double(link.buffer.size()); // each link once: sent
        // Through host memory: tiles on GPUs that the device exchange cannot join (no peer
        // access, too many buffers), host-staged on purpose, or on other ranks.
        if (local(from))
            engines_[from]->pack(link.list_from, link.buffer.data(), MemorySpace::Host);
        const int tag = set;
        if (local(from) && !local(to))
            sends.push_back({to % comm_->size(), tag, link.buffer.data(), link.buffer.size()});
        if (!local(from) && local(to))
            receives.push_back({from % comm_->size(), tag, link.buffer.data(), link.buffer.size()});
        if (local(to)) unpack_from_host.push_back(&link);
    }
    if (comm_->size() > 1) comm_->exchange(sends, receives);
    for (Link* link : unpack_from_host)
        engines_[link->to]->unpack(link->list_to, link->buffer.data(), MemorySpace::Host);
    ++traffic_.exchanges;
    traffic_.seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double TiledEngine::step(int steps) {
    const auto t0 = std::chrono::steady_clock::now();
    const bool in_place = is_in_place(cfg_.model.scheme);
    if (device_exchange_) {
        // Queued on the GPU, steps and copies ordered by events; one wait at the end.
        const std::vector<Engine*> tiles = local_engines();
        for (int s = 0; s < steps; ++s) {
            for (Engine* e : tiles)
                e->start_steps(1);
            if (transport_ != HaloTransport::Skip) {
                device_exchange_->run(tiles, parity_);
                traffic_.bytes += device_bytes_[parity_];
                ++traffic_.exchanges;
            }
            if (in_place) parity_ ^= 1;
        }
        for (Engine* e : tiles)
            e->finish_steps();
    } else {
        for (int s = 0; s < steps; ++s) {
            for (auto& e : engines_)
                if (e) e->step(1);
            exchange(parity_);
            if (in_place) parity_ ^= 1;
        }
    }
    whole_.reset();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void TiledEngine::scatter_to_tile(int tile, const std::vector<double>& global,
                                  std::vector<double>& local, const std::vector<int>& q) const {
    const TileFrame f = tile_frame(tiles_, cfg_.dims, tile, kDepth);
    const node_t nodes = cfg_.dims.nodes(), local_nodes = f.local.nodes();
    std::size_t total = 0;
    for (int qk : q)
        total += std::size_t(qk);
    local.assign(total * local_nodes, 0.0);
    // Every local position, halo included, takes its global node's values; halo nodes are
    // not updated, so an engine ignores them.
    for (node_t l = 0; l < local_nodes; ++l) {
        const std::int64_t p[3] = {
            std::int64_t(l % f.local.nx) + f.box.lo[0] - f.halo[0],
            std::int64_t((l / f.local.nx) % f.local.ny) + f.box.lo[1] - f.halo[1],
            std::int64_t(l / (node_t(f.local.nx) * f.local.ny)) + f.box.lo[2] - f.halo[2]};
        const auto w = [](std::int64_t v, std::uint32_t n) { return node_t((v + n) % n); };
        const node_t g = w(p[0], cfg_.dims.nx) +
                         node_t(cfg_.dims.nx) *
                             (w(p[1], cfg_.dims.ny) + node_t(cfg_.dims.ny) * w(p[2], cfg_.dims.nz));
        std::size_t gbase = 0, lbase = 0;
        for (int qk : q) {
            for (int i = 0; i < qk; ++i)
                local[lbase + std::size_t(l) * qk + i] = global[gbase + std::size_t(g) * qk + i];
            gbase += std::size_t(nodes) * qk;
            lbase += std::size_t(local_nodes) * qk;
        }
    }
}

void TiledEngine::gather_from_tile(int tile, const std::vector<double>& local,
                                   std::vector<double>& global, const std::vector<int>& q) const {
    const TileFrame f = tile_frame(tiles_, cfg_.dims, tile, kDepth);
    const node_t nodes = cfg_.dims.nodes(), local_nodes = f.local.nodes();
    const Box& b = f.box;
    for (std::uint32_t z = b.lo[2]; z < b.hi[2]; ++z)
        for (std::uint32_t y = b.lo[1]; y < b.hi[1]; ++y)
            for (std::uint32_t x = b.lo[0]; x < b.hi[0]; ++x) {
                const node_t g = x + node_t(cfg_.dims.nx) * (y + node_t(cfg_.dims.ny) * z);
                const node_t l = f.local_node({x, y, z});
                std::size_t gbase = 0, lbase = 0;
                for (int qk : q) {
                    for (int i = 0; i < qk; ++i)
                        global[gbase + std::size_t(g) * qk + i] =
                            local[lbase + std::size_t(l) * qk + i];
                    gbase += std::size_t(nodes) * qk;
                    lbase += std::size_t(local_nodes) * qk;
                }
            }
}

void TiledEngine::export_state(std::vector<double>& f) {
    const std::vector<int> q = set_sizes();
    std::size_t total = 0;
    for (int qk : q)
        total += std::size_t(qk);
    f.assign(total * cfg_.dims.nodes(), 0.0);
    std::vector<double> local;
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        engines_[t]->export_state(local);
        gather_from_tile(t, local, f, q);
    }
    comm_->sum(f.data(), f.size());
}

void TiledEngine::import_state(const std::vector<double>& f) {
    const std::vector<int> q = set_sizes();
    std::size_t total = 0;
    for (int qk : q)
        total += std::size_t(qk);
    if (f.size() != total * cfg_.dims.nodes())
        throw std::invalid_argument("state: " + std::to_string(f.size()) +
                                    " values given, the model needs " +
                                    std::to_string(total * cfg_.dims.nodes()));
    std::vector<double> local;
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        scatter_to_tile(t, f, local, q);
        engines_[t]->import_state(local);
    }
    whole_.reset();
}

void TiledEngine::read_macro(MacroField& out) {
    const node_t nodes = cfg_.dims.nodes();
    MacroField local;
    std::vector<double> all, part;
    bool has_t = false;
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        engines_[t]->read_macro(local);
        has_t = !local.T.empty();
        part.clear();
        for (auto* v : {&local.rho, &local.ux, &local.uy, &local.uz, &local.T})
            part.insert(part.end(), v->begin(), v->end());
        all.resize((has_t ? 5 : 4) * std::size_t(nodes));
        gather_from_tile(t, part, all, {1, 1, 1, 1, has_t ? 1 : 0});
    }
    std::uint64_t t_flag = has_t ? 1 : 0;
    comm_->sum(&t_flag, 1);
    all.resize((t_flag ? 5 : 4) * std::size_t(nodes));
    comm_->sum(all.data(), all.size());
    std::vector<double>* fields[] = {&out.rho, &out.ux, &out.uy, &out.uz, &out.T};
    for (int k = 0; k < 5; ++k) {
        const bool present = k < 4 || t_flag;
        fields[k]->assign(present ? all.begin() + std::ptrdiff_t(k * nodes) : all.end(),
                          present ? all.begin() + std::ptrdiff_t((k + 1) * nodes) : all.end());
    }
}

namespace {

// Element of `region` that holds node (x, y, z) of `d` (which the region contains).
std::uint64_t region_element(const Dims& d, const FieldRegion& r, std::uint32_t x, std::uint32_t y,
                             std::uint32_t z) {
    if (r.whole) return x + std::uint64_t(d.nx) * (y + std::uint64_t(d.ny) * z);
    const SliceExtent e = slice_extent(d, r.axis);
    const std::uint32_t u = r.axis == Axis::X ? y : x, v = r.axis == Axis::Z ? y : z;
    return u + std::uint64_t(e.width) * v;
}

} // namespace

void TiledEngine::read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                             MemorySpace space) {
    if (space == MemorySpace::Host && req.kind != FieldKind::Vorticity) {
        read_field_by_tiles(req, region, out);
        return;
    }
    // Vorticity looks at neighbours, and a device target is one buffer: both are read from
    // the whole lattice, assembled in one more engine once per state.
    if (!whole_) {
        std::vector<double> state;
        export_state(state);
        whole_ = make_(cfg_, -1);
        whole_->set_flags(flags_);
        whole_->import_state(state);
    }
    whole_->read_field(req, region, out, space);
}

// A field of one node at a time, read by each tile over its part of the region and summed
// over ranks (every node has one owner; the others add zeros).
void TiledEngine::read_field_by_tiles(const FieldRequest& req, const FieldRegion& region,
                                      float* out) {
    std::vector<double> values(region_size(cfg_.dims, region), 0.0);
    std::vector<float> part;
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        const TileFrame f = tile_frame(tiles_, cfg_.dims, t, kDepth);
        FieldRegion local = region;
        if (!region.whole) {
            const int a = int(region.axis);
            if (region.index < f.box.lo[a] || region.index >= f.box.hi[a]) continue;
            local.index = region.index - f.box.lo[a] + f.halo[a];
        }
        part.resize(region_size(f.local, local));
        engines_[t]->read_field(req, local, part.data(), MemorySpace::Host);
        for (std::uint64_t k = 0; k < part.size(); ++k) {
            const node_t n = region_node(f.local, local, k);
            const std::uint32_t l[3] = {n % f.local.nx, (n / f.local.nx) % f.local.ny,
                                        n / (f.local.nx * f.local.ny)};
            std::uint32_t g[3];
            bool owned = true;
            for (int a = 0; a < 3; ++a) {
                g[a] = f.box.lo[a] + l[a] - f.halo[a]; // wraps past 0 to a large value
                owned = owned && l[a] >= f.halo[a] && g[a] < f.box.hi[a];
            }
            if (owned) values[region_element(cfg_.dims, region, g[0], g[1], g[2])] = part[k];
        }
    }
    comm_->sum(values.data(), values.size());
    for (std::size_t k = 0; k < values.size(); ++k)
        out[k] = float(values[k]);
}

std::uint64_t TiledEngine::count_nonfinite() {
    std::uint64_t bad = 0;
    for (auto& e : engines_)
        if (e) bad += e->count_nonfinite();
    comm_->sum(&bad, 1);
    return bad;
}

void TiledEngine::set_flow(const FlowParams& flow) {
    cfg_.flow = flow;
    for (auto& e : engines_)
        if (e) e->set_flow(flow);
    if (whole_) whole_->set_flow(flow);
}
void TiledEngine::set_launch(const LaunchConfig& launch) {
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

} // namespace ll
