// Boundary rules against exact solutions.
//   Free slip: specular reflection carries no shear, so a uniform plug flow between free-slip
//   walls is an exact steady solution (D2Q9 24 x 12 and D3Q19 8 x 10 x 10 duct with four
//   free-slip sides, tau = 0.8, U = 0.05, 500 steps, FP64, TRT): |u - U| <= 1e-12 U.
//   Guo forcing (Guo, Zheng & Shi, PRE 65, 046308 (2002)): in a periodic box every step adds
//   exactly F to the momentum, u(t) = (t + 1/2) F / rho with the half-force velocity; FP64,
//   tau = 0.7, each stencil and collision, checked to 1e-9 |F| for 50 steps.
//   Inlet/outlet: cylinder2d (Schafer-Turek channel, D = 20, Re 100, TRT, FP32) runs 2000 steps
//   with finite fields, density within 5 % of 1 and a mean streamwise velocity within 20 % of
//   the inlet velocity (mass flux through a channel with a 1/4.1 blockage).
//   Whole sectors for the GPU's near-wall list (widen_near_wall_to_sectors): every updated node
//   of an aligned group holding a near-wall node joins it; walls, halos and other groups not;
//   and only for the layouts, value sizes, schemes and lattices where it paid (wall_sector_group).
#include "solver/core/flags.hpp"
#include "solver/engine/engine.hpp"
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

SimulationSetup box(StencilKind st, CollisionKind c, Dims d) {
    SimulationSetup s;
    s.model = {st, c, Scheme::Pull, Layout::SoA, Precision::FP64, {}};
    s.dims = d;
    s.flags.assign(d.nodes(), kFluid);
    s.rho.assign(d.nodes(), 1.0);
    s.u.assign(3 * d.nodes(), 0.0);
    s.flow.tau = 0.8;
    return s;
}

void check_plug(StencilKind st, Dims d, bool walls_z, Scheme scheme) {
    const double U = 0.05;
    SimulationSetup s = box(st, CollisionKind::TRT, d);
    s.model.scheme = scheme;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const std::size_t n = x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
                const bool wall = y == 0 || y == d.ny - 1 || (walls_z && (z == 0 || z == d.nz - 1));
                if (wall) s.flags[n] = kFreeSlip;
                s.u[3 * n] = U;
            }
    auto sim = Simulation::create(std::move(s), BackendKind::Cpu);
    sim->step(500);
    const test::FlowField f = test::flow_field(*sim);
    double dev = 0;
    for (std::size_t n = 0; n < f.rho.size(); ++n) {
        if (!f.updated[n]) continue;
        dev = std::max(
            {dev, std::abs(f.u_at(n, 0) - U), std::abs(f.u_at(n, 1)), std::abs(f.u_at(n, 2))});
        if (std::isnan(f.u_at(n, 0))) dev = INFINITY;
    }
    EXPECT_LE(dev, 1e-12 * U) << to_string(st) << " " << to_string(scheme);
}

TEST(WallSectors, GroupsHoldingANearWallNodeJoinTheList) {
    const std::uint8_t near = kFluid | kNearWallBit;
    std::vector<std::uint8_t> flags(20, kFluid);
    flags[0] = kSolid;
    flags[1] = near;
    flags[17] = kHalo;
    flags[18] = near;
    flags[19] = kMovingWall;
    std::vector<std::uint8_t> widened = flags;
    widen_near_wall_to_sectors(8, widened);
    for (std::size_t n = 0; n < flags.size(); ++n) {
        const bool group_with_wall = n < 8 || n >= 16;
        const bool expect = is_updated(flags[n]) && group_with_wall;
        EXPECT_EQ(near_wall(widened[n]), expect) << "node " << n;
        EXPECT_EQ(widened[n] & ~kNearWallBit, flags[n] & ~kNearWallBit) << "node " << n;
    }
    std::vector<std::uint8_t> same = flags;
    widen_near_wall_to_sectors(1, same); // one node per group: nothing to widen
    EXPECT_EQ(same, flags);
}

TEST(WallSectors, OnlyWhereMeasuredToPay) {
    ModelChoice m{StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull,
                  Layout::SoA,        Precision::FP32,    {}};
    EXPECT_EQ(wall_sector_group(m, 4, 258 * 258 * 258), 8u);
    EXPECT_EQ(wall_sector_group(m, 8, 258 * 258 * 258), 4u);
    EXPECT_EQ(wall_sector_group(m, 2, 256 * 256 * 256), 1u); // 16-bit values
    EXPECT_EQ(wall_sector_group(m, 8, 129 * 66 * 129), 1u);  // arrays not on a group
    m.layout = Layout::AoSoA; // its tiles start on whole sectors whatever the node count
    EXPECT_EQ(wall_sector_group(m, 8, 129 * 66 * 129), 4u);
    EXPECT_EQ(wall_sector_group(m, 4, 25 * 25 * 25), 8u);
    m.layout = Layout::SoA;
    m.scheme = Scheme::Push;
    EXPECT_EQ(wall_sector_group(m, 4, 256 * 256 * 256), 1u);
    m.scheme = Scheme::Esoteric;
    m.layout = Layout::AoS;
    EXPECT_EQ(wall_sector_group(m, 4, 256 * 256 * 256), 1u);
}

TEST(FreeSlip, ChannelKeepsUniformPlugFlow) {
    for (Scheme sc : {Scheme::Pull, Scheme::Esoteric, Scheme::AA}) {
        check_plug(StencilKind::D2Q9, {24, 12, 1}, false, sc);
        check_plug(StencilKind::D3Q19, {8, 10, 10}, true, sc);
        check_plug(StencilKind::D3Q27, {8, 10, 10}, true, sc);
    }
}

TEST(GuoForce, AcceleratesPeriodicBoxByExactlyForcePerStep) {
    const double F[3] = {1e-4, -2e-4, 5e-5};
    for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19, StencilKind::D3Q27})
        for (CollisionKind c : {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT}) {
            if (c == CollisionKind::MRT && st == StencilKind::D3Q27) continue;
            const bool three_d = dimensions(st) == 3;
            SimulationSetup s = box(st, c, three_d ? Dims{6, 5, 4} : Dims{6, 5, 1});
            s.flow.tau = 0.7;
            for (int a = 0; a < 3; ++a)
                s.flow.force[a] = (a < 2 || three_d) ? F[a] : 0.0;
            const double force[3] = {s.flow.force[0], s.flow.force[1], s.flow.force[2]};
            auto sim = Simulation::create(std::move(s), BackendKind::Cpu);
            for (int t = 0; t <= 50; ++t) {
                const test::FlowField f = test::flow_field(*sim);
                for (std::size_t n = 0; n < f.rho.size(); ++n) {
                    ASSERT_NEAR(f.rho[n], 1.0, 1e-12);
                    for (int a = 0; a < 3; ++a)
                        ASSERT_NEAR(f.u_at(n, a), (t + 0.5) * force[a], 1e-9 * F[0])
                            << to_string(st) << " " << to_string(c) << " step " << t;
                }
                sim->step(1);
            }
        }
}

TEST(InletOutlet, CylinderChannelRunsStably) {
    auto sim = test::cpu_run("cylinder2d", {});
    const double u_in = sim->setup().flow.inlet_u[0];
    ASSERT_GT(u_in, 0);
    sim->step(2000);
    MacroField m;
    sim->read_macro(m);
    double sum_u = 0, umax = 0, rho_dev = 0;
    std::size_t fluid = 0;
    for (std::size_t n = 0; n < m.rho.size(); ++n) {
        ASSERT_TRUE(std::isfinite(m.rho[n]) && std::isfinite(m.ux[n]) && std::isfinite(m.uy[n]))
            << "node " << n;
        if (!is_updated(sim->setup().flags[n])) continue;
        ++fluid;
        sum_u += m.ux[n];
        umax = std::max(umax, double(std::hypot(m.ux[n], m.uy[n])));
        rho_dev = std::max(rho_dev, double(std::abs(m.rho[n] - 1.0f)));
    }
    const double mean = sum_u / double(fluid);
    std::printf("cylinder2d: mean u/u_in %.3f, max |u|/u_in %.3f, max |rho - 1| %.3e\n",
                mean / u_in, umax / u_in, rho_dev);
    EXPECT_NEAR(mean / u_in, 1.0, 0.2);
    EXPECT_LT(umax, 3 * u_in);
    EXPECT_LT(rho_dev, 0.05);
}

} // namespace
} // namespace ll
