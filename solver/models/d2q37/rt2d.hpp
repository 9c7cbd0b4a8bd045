// The rt2d scenario: seed 004's Rayleigh-Taylor run with the D2Q37 model. Cold (heavy) gas
// above hot (light) gas, each layer in hydrostatic equilibrium, the interface displaced by
// one cosine mode (Scagliarini et al., Phys. Fluids 22, 055101 (2010), Sec. IV).
#pragma once
#include "config.hpp"

namespace ll::thermal {

struct Rt2dOptions {
    bool gpu = false;      // picks the default lattice: 1024 x 4096 (GPU) or 64 x 256 (CPU)
    int lx = 0, ly = 0;    // 0 = the default for the back end
    double T_down = 1.1;   // bottom layer and bottom wall
    double T_up = 0.9;     // top layer and top wall; Atwood A = (T_down - T_up)/(T_down + T_up)
    double gravity = 2e-4; // model units (c_s = 1); the scale height T/g stays above ly
    double tau = 0.6;
    double amplitude = 0.01; // interface displacement, fraction of lx
    double width = 2.0;      // tanh half-width of the temperature jump, lattice sites
    bool perturbed = true;   // false: the flat (unstable) stratification only
    D2Q37Scheme scheme = D2Q37Scheme::PullFused;
    Layout layout = Layout::SoA;
    int block_size = 128;
};

struct Rt2dSetup {
    D2Q37Config config;
    ThermalFields initial; // hydrodynamic fields at rest
    double atwood = 0;
};

// Throws std::invalid_argument (naming the option and its range) for impossible options.
Rt2dSetup rt2d(const Rt2dOptions& opt);

} // namespace ll::thermal
