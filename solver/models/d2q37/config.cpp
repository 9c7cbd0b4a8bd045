#include "config.hpp"

#include "solver/core/flags.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace ll::thermal {

void ThermalFields::resize(int nx, int ny) {
    lx = nx;
    ly = ny;
    const std::size_t n = std::size_t(nx) * std::size_t(ny);
    for (auto* v : {&rho, &ux, &uy, &T})
        v->assign(n, 0.0);
}

void validate(const D2Q37Config& c) {
    const auto fail = [](const std::string& m) { throw std::invalid_argument(m); };
    if (c.lx < 2 * Grid::H)
        fail("lx = " + std::to_string(c.lx) + ": must be at least 6 (halos are 3 deep)");
    if (c.ly < 4 * Grid::H)
        fail("ly = " + std::to_string(c.ly) + ": must be at least 12 (3 wall rows each side)");
    if (const std::string why = d2q37_params_error(engine_config(c)); !why.empty()) fail(why);
    if (c.block_size < 32 || c.block_size > 1024 || c.block_size % 32)
        fail("block_size = " + std::to_string(c.block_size) +
             ": must be a multiple of 32 between 32 and 1024");
}

EngineConfig engine_config(const D2Q37Config& c) {
    EngineConfig e;
    e.dims = {std::uint32_t(c.lx), std::uint32_t(c.ly), 1};
    e.model = {
        StencilKind::D2Q37, CollisionKind::BGK, is_pull(c.scheme) ? Scheme::Pull : Scheme::Push,
        c.layout,           Precision::FP64,    {}};
    e.flow.tau = c.params.tau;
    e.launch.block_size = c.block_size;
    e.thermal.gravity = c.params.gravity;
    e.thermal.T_bottom = c.params.bottom.T;
    e.thermal.T_top = c.params.top.T;
    e.thermal.adiabatic_bottom = c.params.bottom.kind == WallKind::Adiabatic;
    e.thermal.adiabatic_top = c.params.top.kind == WallKind::Adiabatic;
    e.thermal.fused = c.scheme == D2Q37Scheme::PushFused || c.scheme == D2Q37Scheme::PullFused;
    return e;
}

D2Q37Params d2q37_params(const EngineConfig& cfg) {
    D2Q37Params p;
    p.tau = cfg.flow.tau;
    p.gravity = cfg.thermal.gravity;
    const auto kind = [](bool adiabatic) {
        return adiabatic ? WallKind::Adiabatic : WallKind::Thermal;
    };
    p.bottom = {kind(cfg.thermal.adiabatic_bottom), cfg.thermal.T_bottom};
    p.top = {kind(cfg.thermal.adiabatic_top), cfg.thermal.T_top};
    return p;
}

Grid d2q37_grid(const EngineConfig& cfg) {
    const TilePlace& t = cfg.tile;
    Grid g;
    g.lx = int(cfg.dims.nx) - 2 * int(t.halo[0]);
    g.ly = int(cfg.dims.ny) - 2 * int(t.halo[1]);
    g.wrap_x = t.halo[0] == 0;
    g.wall_below = t.on_edge(1, 0);
    g.wall_above = t.on_edge(1, 1);
    return g;
}

std::string d2q37_params_error(const EngineConfig& cfg) {
    if (!(cfg.flow.tau > 0.5)) return "tau = " + std::to_string(cfg.flow.tau) + ": must be > 0.5";
    if (!(cfg.thermal.T_bottom > 0) || !(cfg.thermal.T_top > 0))
        return "wall temperature: must be > 0 (T0 = 1)";
    for (int a = 0; a < 2; ++a)
        if (cfg.tile.halo[a] != 0 && cfg.tile.halo[a] != std::uint32_t(Grid::H))
            return "subdomains: a d2q37 tile's halo is " + std::to_string(Grid::H) +
                   " nodes deep, not " + std::to_string(cfg.tile.halo[a]);
    // d2q37_grid reads the owned nodes past the halo: the model's rows are never aligned
    // (tile_row_align), so a tile's origin is its halo.
    for (int a = 0; a < 2; ++a)
        if (cfg.tile.is_tile() && cfg.tile.origin[a] != cfg.tile.halo[a])
            return "subdomains: a d2q37 tile's own nodes start past its halo (origin " +
                   std::to_string(cfg.tile.origin[a]) + ", halo " +
                   std::to_string(cfg.tile.halo[a]) + ")";
    return "";
}

std::string d2q37_flags_error(const std::vector<std::uint8_t>& flags) {
    const auto plain = [](std::uint8_t f) { return f == kFluid || f == kHalo; };
    if (std::all_of(flags.begin(), flags.end(), plain)) return "";
    return "obstacles: the d2q37 model has walls at the top and bottom only; draw obstacles in "
           "an isothermal or a Boussinesq scenario";
}

namespace {
std::vector<double> equilibrium_of(const D2Q37Params& p, std::size_t n,
                                   const std::function<Moments(std::size_t)>& fields) {
    std::vector<double> f(n * D2Q37::Q);
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < std::int64_t(n); ++k) {
        double node[D2Q37::Q];
        start_equilibrium(fields(std::size_t(k)), p, node);
        std::copy(node, node + D2Q37::Q, f.begin() + std::ptrdiff_t(k) * D2Q37::Q);
    }
    return f;
}
} // namespace

std::vector<double> d2q37_equilibrium_state(const EngineConfig& cfg, const std::vector<double>& rho,
                                            const std::vector<double>& u,
                                            const std::vector<double>& T) {
    const std::size_t n = cfg.dims.nodes();
    if (rho.size() != n || u.size() != 3 * n || T.size() != n)
        throw ConfigError("fields: rho and T must hold one value per node, u three");
    return equilibrium_of(d2q37_params(cfg), n, [&](std::size_t k) {
        return Moments{rho[k], u[3 * k], u[3 * k + 1], T[k]};
    });
}

std::vector<double> equilibrium_state(const D2Q37Params& p, const ThermalFields& h) {
    const std::size_t n = std::size_t(h.lx) * std::size_t(h.ly);
    if (h.rho.size() != n || h.ux.size() != n || h.uy.size() != n || h.T.size() != n)
        throw std::invalid_argument("fields: rho, ux, uy, T must hold lx * ly values each");
    return equilibrium_of(p, n, [&](std::size_t k) {
        return Moments{h.rho[k], h.ux[k], h.uy[k], h.T[k]};
    });
}

} // namespace ll::thermal
