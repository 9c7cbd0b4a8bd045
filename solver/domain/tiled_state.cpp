// The whole lattice's state, macroscopic fields and derived fields, assembled from the tiles
// (tiled_engine.hpp): every local position of a tile maps to one global node, and each node is
// read from the one tile that owns it, then summed over ranks.
#include "halo_plan.hpp"
#include "tiled_engine.hpp"

#include "solver/models/registry.hpp"

namespace ll {

// The global node at local position l of a tile's frame (halo positions wrap around).
node_t TiledEngine::global_node(const TileFrame& f, node_t l) const {
    const std::int64_t p[3] = {
        std::int64_t(l % f.local.nx) + f.box.lo[0] - f.halo[0],
        std::int64_t((l / f.local.nx) % f.local.ny) + f.box.lo[1] - f.halo[1],
        std::int64_t(l / (node_t(f.local.nx) * f.local.ny)) + f.box.lo[2] - f.halo[2]};
    const auto w = [](std::int64_t v, std::uint32_t n) { return node_t((v + n) % n); };
    return w(p[0], cfg_.dims.nx) +
           node_t(cfg_.dims.nx) *
               (w(p[1], cfg_.dims.ny) + node_t(cfg_.dims.ny) * w(p[2], cfg_.dims.nz));
}

// Each tile's equilibrium from its own nodes' fields, as the whole lattice's would be.
void TiledEngine::import_equilibrium(const std::vector<std::uint8_t>& flags,
                                     const std::vector<double>& rho, const std::vector<double>& u,
                                     const std::vector<double>& T) {
    std::vector<std::uint8_t> lf;
    std::vector<double> lrho, lu, lT;
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        const TileFrame f = tile_frame(tiles_, cfg_.dims, t, reach_.depth);
        const node_t n = f.local.nodes();
        lf.resize(n);
        lrho.resize(n);
        lu.resize(3 * std::size_t(n));
        lT.resize(T.empty() ? 0 : n);
#pragma omp parallel for schedule(static)
        for (node_t l = 0; l < n; ++l) {
            const node_t g = global_node(f, l);
            lf[l] = flags[g];
            lrho[l] = rho[g];
            for (int a = 0; a < 3; ++a)
                lu[3 * std::size_t(l) + a] = u[3 * std::size_t(g) + a];
            if (!T.empty()) lT[l] = T[g];
        }
        EngineConfig sub = cfg_;
        sub.dims = f.local;
        sub.tile = f.place(cfg_.dims);
        engines_[t]->import_state(equilibrium_state(sub, lf, lrho, lu, lT));
    }
    whole_.reset();
}

void TiledEngine::scatter_to_tile(int tile, const std::vector<double>& global,
                                  std::vector<double>& local, const std::vector<int>& q) const {
    const TileFrame f = tile_frame(tiles_, cfg_.dims, tile, reach_.depth);
    const node_t nodes = cfg_.dims.nodes(), local_nodes = f.local.nodes();
    std::size_t total = 0;
    for (int qk : q)
        total += std::size_t(qk);
    local.assign(total * local_nodes, 0.0);
    // Every local position, halo included, takes its global node's values; halo nodes are
    // not updated, so an engine ignores them.
    for (node_t l = 0; l < local_nodes; ++l) {
        const node_t g = global_node(f, l);
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
    const TileFrame f = tile_frame(tiles_, cfg_.dims, tile, reach_.depth);
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
        const TileFrame f = tile_frame(tiles_, cfg_.dims, t, reach_.depth);
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

} // namespace ll
