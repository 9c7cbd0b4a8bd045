// Scenario builders of the Boussinesq model: the physical groups turned into lattice units,
// walls with their thermal classes, and initial fields. Gravity points to -y everywhere; the
// temperature difference is dT = 1 (theta in [-1/2, 1/2], T0 the mean temperature).
//
// [SECTION] units              Ra, Pr -> nu, kappa, g beta
// [SECTION] heated_cavity2d    de Vahl Davis (1983): hot left wall, cold right, adiabatic rest
// [SECTION] rayleigh_benard    hot bottom, cold top, periodic sides, one unstable mode seeded
// [SECTION] rt_boussinesq      cold heavy layer on a hot light one, interface displaced by a
//                              cosine (2D) or cos x + cos z (3D)
#pragma once
#include "config.hpp"

namespace ll::thermal::boussinesq {

// ---- [SECTION] units ----
// Ra = g beta dT H^3 / (nu kappa), Pr = nu / kappa (thermal_models.md). Given the buoyancy
// velocity U = sqrt(g beta dT H), which sets the Mach number (Shan, Phys. Rev. E 55, 2780
// (1997) uses the same scale), the definitions invert to
//     nu = U H sqrt(Pr / Ra),  kappa = U H / sqrt(Ra Pr),  g beta = U^2 / (H dT).
// Given kappa instead (from tau_T): nu = Pr kappa, g beta = Ra nu kappa / (H^3 dT).
struct LatticeUnits {
    double nu, kappa, g_beta, tau, tau_t, velocity;
};
LatticeUnits units_from_velocity(double rayleigh, double prandtl, double height, double velocity,
                                 double cs2_t);
LatticeUnits units_from_kappa(double rayleigh, double prandtl, double height, double kappa,
                              double cs2_t);

struct Scenario {
    Config config;
    Fields initial;
    LatticeUnits units{};
    double height = 0; // the length in Ra (fluid nodes between the thermal walls)
    double dT = 1;
};

// Choices every builder takes. model.stencil is set by the builder (2D or 3D).
struct ModelOptions {
    ModelChoice model{StencilKind::D2Q9, CollisionKind::TRT, Scheme::Pull, Layout::SoA,
                      Precision::FP64, {}};
    TemperatureStencil temperature = TemperatureStencil::Reduced;
    double trt_lambda = 3.0 / 16.0;
    int block_size = 256;
};

// ---- [SECTION] heated_cavity2d ----
struct CavityOptions {
    double rayleigh = 1e4, prandtl = 0.71;
    int n = 64;            // fluid nodes per side
    double velocity = 0.1; // buoyancy velocity U (lattice units): Ma = U / cs ~ 0.17
    ModelOptions model;
};
Scenario heated_cavity2d(const CavityOptions& opt);

// ---- [SECTION] rayleigh_benard ----
struct RayleighBenardOptions {
    double rayleigh = 2000, prandtl = 0.71;
    int height = 32;         // fluid rows between the plates
    double aspect = 2.0158;  // period / height = 2 pi / a_c, a_c = 3.117 (Chandrasekhar)
    double tau_t = 1.0;      // sets kappa, hence the time scale H^2 / kappa
    double amplitude = 1e-3; // theta perturbation sin(pi y / H) cos(2 pi x / L)
    ModelOptions model;
};
Scenario rayleigh_benard2d(const RayleighBenardOptions& opt);
Scenario rayleigh_benard3d(const RayleighBenardOptions& opt); // square period in x and z

// ---- [SECTION] rt_boussinesq ----
// Growth rate of the mode (thermal_models.md): sigma = sqrt(A g k + nu^2 k^4) - nu k^2,
// A = beta dT / 2.
struct RtOptions {
    int width = 256;          // one wavelength, lattice nodes (x, and z in 3D)
    int height = 256;         // fluid rows; the interface is at mid-height
    double atwood_g = 1.6e-4; // A g (lattice units)
    double nu = 0.01;
    double kappa = 1e-3;
    double interface_width = 1.5; // theta = -(dT/2) tanh((y - eta) / width)
    double amplitude = 0.01;      // interface displacement eta_0, lattice nodes
    ModelOptions model;
};
Scenario rt2d_boussinesq(const RtOptions& opt);
Scenario rt3d_boussinesq(const RtOptions& opt);
double rt_growth_rate(double atwood_g, double nu, double k);

} // namespace ll::thermal::boussinesq
