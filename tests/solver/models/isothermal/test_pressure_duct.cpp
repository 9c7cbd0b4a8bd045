// Pressure-driven Poiseuille flow: the duct3d and poiseuille2d presets with drive = pressure
// (Zou & He 1997 inlet and outlet, core/boundary.hpp), run to steady state (relative velocity
// change over 500 steps < 1e-10), FP64, TRT Lambda = 3/16, pull scheme, compared on the middle
// section x = nx / 2 with the fully developed solution for G = dp / (nx - 1), the drop over the
// distance between the inlet and outlet nodes.
//   Rectangular duct: White, Viscous Fluid Flow (eq. 3.48), solver/diagnostics/duct_flow.hpp,
//   itself checked here against Shah & London 1978's tabulated friction factors.
//   Plane channel: u(y) = G (h^2 - y^2) / (2 mu), walls half-way.
// Tolerances are about 3x the measured errors (printed); half the drop, a flipped sign or a
// wrong viscosity moves the profile by 50 % or more.
#include "solver/diagnostics/duct_flow.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

// ---- the reference itself --------------------------------------------------------------------

// f Re (Fanning friction factor times Reynolds number on the hydraulic diameter D_h) of the
// duct |y| <= a, |z| <= b: f Re = G D_h^2 / (2 mu u_mean), u_mean by the midpoint rule over a
// quarter of the section. Also returns u_max / u_mean.
double friction_re(double a, double b, double& peak_over_mean) {
    constexpr int kCells = 200;
    double sum = 0;
    for (int j = 0; j < kCells; ++j)
        for (int k = 0; k < kCells; ++k)
            sum += duct_velocity((j + 0.5) * a / kCells, (k + 0.5) * b / kCells, a, b, 1.0);
    const double mean = sum / (double(kCells) * kCells), dh = 4 * a * b / (a + b);
    peak_over_mean = duct_velocity(0, 0, a, b, 1.0) / mean;
    return dh * dh / (2 * mean);
}

// Shah & London, Laminar Flow Forced Convection in Ducts (1978), rectangular ducts: f Re =
// 14.227 (square; u_max / u_mean = 2.0962), 15.548 (aspect 1/2), 18.233 (1/4). Tolerance
// 1e-3 relative: the table's digits; the quadrature is good to 1e-5.
TEST(DuctFormula, MatchesShahAndLondon) {
    double peak = 0;
    EXPECT_NEAR(friction_re(1, 1, peak), 14.227, 14.227e-3);
    EXPECT_NEAR(peak, 2.0962, 2.0962e-3);
    EXPECT_NEAR(friction_re(1, 2, peak), 15.548, 15.548e-3);
    EXPECT_NEAR(friction_re(4, 1, peak), 18.233, 18.233e-3); // either side the narrower
    // A slot 1 : 50 is a plane channel at its middle (to the series' truncation, 401 terms).
    EXPECT_NEAR(duct_velocity(0.3, 0, 1, 50, 1.0), channel_velocity(0.3, 1, 1.0), 1e-8);
}

// ---- the lattice flows -----------------------------------------------------------------------

struct Section {
    std::vector<double> u;  // x-velocity of the middle section's fluid nodes, (y, z) row-major
    std::vector<double> uy; // transverse velocity there
    double gradient = 0;    // G = dp / (nx - 1)
    double nu = 0;
};

// Runs `keys` (duct3d or poiseuille2d) to steady state; the middle section's velocities.
Section steady_section(const std::string& scenario, const KeyValues& keys) {
    auto sim = test::cpu_run(scenario, keys);
    const double change = test::run_to_steady(*sim, 500, 1e-10, 200000);
    EXPECT_LT(change, 1e-10) << "not steady";
    const SimulationSetup& s = sim->setup();
    const test::FlowField f = test::flow_field(*sim);
    Section out;
    out.nu = viscosity_of_tau(s.flow.tau);
    const double drop = s.flow.pressure_ends ? (s.flow.inlet_rho - s.flow.outlet_rho) * cs2 : 0;
    out.gradient = s.flow.pressure_ends ? drop / (s.dims.nx - 1) : s.flow.force[0];
    const std::uint32_t x = s.dims.nx / 2;
    for (std::uint32_t z = 0; z < s.dims.nz; ++z)
        for (std::uint32_t y = 0; y < s.dims.ny; ++y) {
            const std::size_t n = x + std::size_t(s.dims.nx) * (y + std::size_t(s.dims.ny) * z);
            if (!f.updated[n]) continue;
            out.u.push_back(f.u_at(n, 0));
            out.uy.push_back(std::hypot(f.u_at(n, 1), f.u_at(n, 2)));
        }
    return out;
}

// Relative L2 difference of the section against want(y, z) at the same nodes, y and z measured
// from the centre of a section of ny x nz fluid nodes (walls half-way).
template <class Want>
double section_error(const Section& s, std::uint32_t ny, std::uint32_t nz, Want want) {
    double num = 0, den = 0;
    std::size_t k = 0;
    for (std::uint32_t z = 0; z < nz; ++z)
        for (std::uint32_t y = 0; y < ny; ++y, ++k) {
            const double w = want(y + 0.5 - ny / 2.0, z + 0.5 - nz / 2.0);
            num += (s.u[k] - w) * (s.u[k] - w) + s.uy[k] * s.uy[k];
            den += w * w;
        }
    return std::sqrt(num / den);
}

// D3Q19 TRT, tau = 0.8, a 12 x 8 section, 40 nodes from inlet to outlet, the drop that drives
// the centre at u_ref = 0.01 (densities 1 +- 1.5e-3). White's series at G = dp / (nx - 1).
// Measured 2.3e-3 (half-way walls in a non-polynomial profile); tolerance 6e-3.
TEST(PressureDuct, RectangularSectionMatchesWhiteSeries) {
    const std::uint32_t ny = 12, nz = 8;
    const Section s = steady_section("duct3d", {{"size", "40x12x8"},
                                                {"drive", "pressure"},
                                                {"tau", "0.8"},
                                                {"u_ref", "0.01"},
                                                {"precision", "fp64"}});
    ASSERT_EQ(s.u.size(), std::size_t(ny * nz));
    const double err = section_error(s, ny, nz, [&](double y, double z) {
        return duct_velocity(y, z, ny / 2.0, nz / 2.0, s.gradient / s.nu);
    });
    std::printf("pressure-driven duct 40x12x8: rel L2 error mid-duct %.3e\n", err);
    EXPECT_LE(err, 6e-3);
}

// D2Q9 TRT Lambda = 3/16, tau = 0.8, a channel 16 wide, 48 long, u_ref = 0.01: the same rule
// in 2-D against the parabola (exact for the body force, see test_poiseuille.cpp). Measured
// 1.3e-4; tolerance 4e-4.
TEST(PressureDuct, PlaneChannelMatchesParabola) {
    const std::uint32_t ny = 16;
    const Section s = steady_section("poiseuille2d", {{"size", "48x16"},
                                                      {"drive", "pressure"},
                                                      {"tau", "0.8"},
                                                      {"u_ref", "0.01"},
                                                      {"precision", "fp64"}});
    const double err = section_error(s, ny, 1, [&](double y, double) {
        return channel_velocity(y, ny / 2.0, s.gradient / s.nu);
    });
    std::printf("pressure-driven channel 48x16: rel L2 error mid-channel %.3e\n", err);
    EXPECT_LE(err, 4e-4);
}

// The two drives at the same gradient give the same fully developed flow: the body-force duct
// (periodic) against the pressure-driven one, D3Q19 TRT tau = 0.8, a 10 x 10 section, 32
// nodes long. Measured 1.9e-4; tolerance 6e-4.
TEST(PressureDuct, PressureAndForceDrivesAgree) {
    const auto duct = [](const char* drive, const char* length) {
        return steady_section("duct3d", {{"size", "10"},
                                         {"drive", drive},
                                         {"length", length},
                                         {"tau", "0.8"},
                                         {"u_ref", "0.01"},
                                         {"precision", "fp64"}});
    };
    const Section p = duct("pressure", "32");
    const Section f = duct("force", "2");
    ASSERT_EQ(p.u.size(), f.u.size());
    EXPECT_NEAR(p.gradient, f.gradient, 1e-12) << "the same u_ref must give the same gradient";
    double num = 0, den = 0;
    for (std::size_t k = 0; k < p.u.size(); ++k) {
        num += (p.u[k] - f.u[k]) * (p.u[k] - f.u[k]);
        den += f.u[k] * f.u[k];
    }
    const double diff = std::sqrt(num / den);
    std::printf("pressure vs force drive, 10x10 duct: rel L2 difference mid-duct %.3e\n", diff);
    EXPECT_LE(diff, 6e-4);
}

} // namespace
} // namespace ll
