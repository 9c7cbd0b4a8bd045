// A D2Q37 run's configuration as the rt2d scenario and the tests describe it (D2Q37Config,
// ThermalFields), the model's parameters from the one engine's EngineConfig (tau from
// FlowParams, gravity and the walls from ThermalParams), what it refuses, and its equilibrium
// start. The run itself is an ll::Engine like every other model's.
#pragma once
#include "lattice.hpp"
#include "solver/engine/engine.hpp"

#include <string>
#include <vector>

namespace ll::thermal {

struct D2Q37Config {
    int lx = 64, ly = 128;
    D2Q37Params params;
    D2Q37Scheme scheme = D2Q37Scheme::PullFused;
    Layout layout = Layout::SoA; // SoA planes or AoS sites (Calore et al. 2016, Fig. 2)
    int block_size = 128;        // CUDA threads per block (Calore et al. 2016, Fig. 5, 6)
};

// Hydrodynamic fields (rho, u_H, T_H; model units, model.hpp) of an lx x ly lattice, node
// x + lx * y: the layout of ll::MacroField, so a temperature slice is one more field.
struct ThermalFields {
    int lx = 0, ly = 0;
    std::vector<double> rho, ux, uy, T;
    void resize(int nx, int ny);
};

// Throws std::invalid_argument with the field and the allowed range for a bad config.
void validate(const D2Q37Config& cfg);
// The one engine's configuration of this run (stencil d2q37, fp64, its layout, push or pull).
EngineConfig engine_config(const D2Q37Config& cfg);
// The canonical state at the local equilibrium of the hydrodynamic fields.
std::vector<double> equilibrium_state(const D2Q37Params& p, const ThermalFields& fields);

// The model's parameters: tau, gravity, fixed-temperature walls below and above the lattice.
D2Q37Params d2q37_params(const EngineConfig& cfg);
// The grid of an engine's lattice: the whole lattice, or a tile's own nodes (cfg.tile) with the
// next tiles' border nodes in its halo; x wraps only where the tile spans it, and a wall lies
// only beyond a side on the whole lattice's bottom or top edge (Calore et al. 2016's tiles).
Grid d2q37_grid(const EngineConfig& cfg);
// Empty when the parameters can run (tau > 1/2, wall temperatures > 0) and a tile's halo is
// the grid's (Grid::H deep); else the message.
std::string d2q37_params_error(const EngineConfig& cfg);
// Empty for all-fluid flags (a tile's halo nodes kHalo): the walls are the rows beyond the top
// and bottom of the lattice.
std::string d2q37_flags_error(const std::vector<std::uint8_t>& flags);
// The canonical state at the local equilibrium of the hydrodynamic fields (rho, u_H, T_H;
// model.hpp): u holds 3 values per node, x fastest.
std::vector<double> d2q37_equilibrium_state(const EngineConfig& cfg, const std::vector<double>& rho,
                                            const std::vector<double>& u,
                                            const std::vector<double>& T);

} // namespace ll::thermal
