// The whole lattice's state, macroscopic fields and derived fields, assembled from the tiles
// (tiled_engine.hpp): every local position of a tile maps to one global node, and each node is
// read from the one tile that owns it, then summed over ranks. Fields are put together by
// pieces (region_pieces.hpp), on the GPUs for device memory (device_pieces.hpp).
#include "halo_plan.hpp"
#include "region_pieces.hpp"
#include "slice_vorticity.hpp"
#include "tiled_engine.hpp"

#include "solver/models/registry.hpp"
#include <algorithm>

namespace ll {

// Each tile's equilibrium from its own nodes' fields, as the whole lattice's would be.
void TiledEngine::import_equilibrium(const EngineConfig&, const std::vector<std::uint8_t>& flags,
                                     const std::vector<double>& rho, const std::vector<double>& u,
                                     const std::vector<double>& T) {
    std::vector<std::uint8_t> lf;
    std::vector<double> lrho, lu, lT;
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        const TileFrame f = frame(t);
        const node_t n = f.local.nodes();
        lf.resize(n);
        lrho.resize(n);
        lu.resize(3 * std::size_t(n));
        lT.resize(T.empty() ? 0 : n);
#pragma omp parallel for schedule(static)
        for (node_t l = 0; l < n; ++l) {
            const node_t g = f.global_node(cfg_.dims, l);
            lf[l] = flags[g];
            lrho[l] = rho[g];
            for (int a = 0; a < 3; ++a)
                lu[3 * std::size_t(l) + a] = u[3 * std::size_t(g) + a];
            if (!T.empty()) lT[l] = T[g];
        }
        EngineConfig sub = cfg_;
        sub.dims = f.local;
        sub.tile = f.place(cfg_.dims);
        engines_[t]->import_equilibrium(sub, lf, lrho, lu, lT);
    }
    whole_.reset();
}

void TiledEngine::scatter_to_tile(int tile, const std::vector<double>& global,
                                  std::vector<double>& local, const std::vector<int>& q) const {
    const TileFrame f = frame(tile);
    const node_t nodes = cfg_.dims.nodes(), local_nodes = f.local.nodes();
    std::size_t total = 0;
    for (int qk : q)
        total += std::size_t(qk);
    local.assign(total * local_nodes, 0.0);
    // Every local position, halo included, takes its global node's values; halo nodes are
    // not updated, so an engine ignores them.
    for (node_t l = 0; l < local_nodes; ++l) {
        const node_t g = f.global_node(cfg_.dims, l);
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
    const TileFrame f = frame(tile);
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

void TiledEngine::read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                             MemorySpace space) {
    // CPU tiles write host memory whatever `space` says, as a CPU engine does.
    const bool on_devices = space == MemorySpace::Device && any_engine().stream_handle();
    if (!on_devices || comm_->size() == 1) {
        if (req.kind != FieldKind::Vorticity) {
            if (on_devices)
                read_field_on_devices(req, region, out);
            else
                read_field_by_tiles(req, region, out);
            return;
        }
        if (!region.whole) {
            read_vorticity_slice(req, region, out, on_devices);
            return;
        }
    }
    // The whole lattice's vorticity (a file's), and a device region over ranks (which would be
    // summed in host memory): read from the whole lattice, assembled in one more engine once
    // per state.
    if (!whole_) {
        std::vector<double> state;
        export_state(state);
        whole_ = make_(cfg_, -1);
        whole_->set_flags(flags_);
        whole_->import_state(state);
    }
    whole_->read_field(req, region, out, space);
}

// A field of one node at a time, read by each tile over its part of the region and placed
// (region_pieces.hpp); over ranks, summed (every node has one owner, the others add zeros).
void TiledEngine::read_field_by_tiles(const FieldRequest& req, const FieldRegion& region,
                                      float* out) {
    const std::size_t count = region_size(cfg_.dims, region);
    if (comm_->size() > 1) std::fill(out, out + count, 0.0f);
    std::vector<float> part;
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        const TileFrame f = frame(t);
        const auto piece = region_piece(f, cfg_.dims, region);
        if (!piece) continue;
        part.resize(region_size(f.local, piece->local));
        engines_[t]->read_field(req, piece->local, part.data(), MemorySpace::Host);
        copy_piece(part.data(), out, piece->copy);
    }
    if (comm_->size() == 1) return;
    std::vector<double> values(out, out + count);
    comm_->sum(values.data(), values.size());
    std::transform(values.begin(), values.end(), out, [](double v) { return float(v); });
}

// The same on the GPUs: each tile reads its part on its own GPU and a device-to-device (or
// peer) copy places it in `out`; no whole-lattice engine, no host round trip.
void TiledEngine::read_field_on_devices(const FieldRequest& req, const FieldRegion& region,
                                        float* out) {
    if (!device_pieces_) device_pieces_ = make_device_pieces();
    for (int t = 0; t < tiles_.count(); ++t) {
        const TileFrame f = frame(t);
        const auto piece = region_piece(f, cfg_.dims, region);
        if (!piece) continue;
        float* part = device_pieces_->buffer(t, *engines_[t], region_size(f.local, piece->local));
        engines_[t]->read_field(req, piece->local, part, MemorySpace::Device);
        device_pieces_->place(t, piece->copy, out);
    }
    device_pieces_->finish();
}

// Vorticity needs each node's neighbours, which a tile has only inside its box: the velocity of
// the slice and of the planes beside it is put together from the tiles, then differenced
// (slice_vorticity.hpp), on the GPUs when the tiles are there.
void TiledEngine::read_vorticity_slice(const FieldRequest& req, const FieldRegion& slice,
                                       float* out, bool on_devices) {
    const std::size_t count = region_size(cfg_.dims, slice);
    if (on_devices && !device_pieces_) device_pieces_ = make_device_pieces();
    std::vector<float> host(on_devices ? 0 : 10 * count); // 3 planes x 3 components + a mask
    int slot = 0;
    const auto read = [&](FieldKind kind, std::uint32_t index, bool mask) {
        float* values = on_devices ? device_pieces_->buffer_beside(slot, out, count)
                                   : host.data() + count * std::size_t(slot);
        ++slot;
        const FieldRequest r{kind, -1, mask};
        const FieldRegion plane{false, slice.axis, index};
        if (on_devices)
            read_field_on_devices(r, plane, values);
        else
            read_field_by_tiles(r, plane, values);
        return values;
    };
    VelocityPlanes p = velocity_planes(cfg_.dims, slice, req);
    const SlicePlanes planes = slice_planes(cfg_.dims, slice);
    constexpr FieldKind kComponents[3] = {FieldKind::Ux, FieldKind::Uy, FieldKind::Uz};
    for (int k : {1, 0, 2})
        for (int c = 0; c < 3; ++c)
            p.u[k][c] = planes.neighbours || k == 1 ? read(kComponents[c], planes.index[k], false)
                                                    : p.u[1][c];
    if (req.mask_walls) p.mask = read(FieldKind::Density, slice.index, true);
    if (on_devices)
        device_pieces_->vorticity(p, out);
    else
        slice_vorticity(p, out);
}

} // namespace ll
