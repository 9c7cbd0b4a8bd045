// The register-capped variants of the bulk kernel (engine/register_caps.hpp) on the GPU: each
// holds its cap (numRegs <= cap), reaches at least the compiler's occupancy, and computes what
// the compiler's kernel computes, bit for bit; kernels without variants, caps not built and
// subdomains are refused naming register_cap. Without a usable GPU every test is skipped,
// saying why.
#include "solver/engine/register_caps.hpp"
#include "support/same_state.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace ll::test {
namespace {

// The lid-driven cavity with a swirl everywhere, so that every bulk node moves from the start.
SimulationSetup swirling_cavity(const ModelChoice& m) {
    const bool three_d = dimensions(m.stencil) == 3;
    SimulationSetup s = build_scenario(three_d ? "cavity3d" : "cavity2d",
                                       {{"size", three_d ? "20" : "48"},
                                        {"stencil", std::string(to_string(m.stencil))},
                                        {"collision", std::string(to_string(m.collision))},
                                        {"scheme", std::string(to_string(m.scheme))},
                                        {"precision", std::string(to_string(m.precision))}});
    const Dims d = s.dims;
    for (std::uint32_t z = 0; z < d.nz; ++z)
        for (std::uint32_t y = 0; y < d.ny; ++y)
            for (std::uint32_t x = 0; x < d.nx; ++x) {
                const std::size_t k = x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
                s.u[3 * k] = 0.04 * std::sin(0.3 * y + 0.2 * z);
                s.u[3 * k + 1] = 0.04 * std::cos(0.25 * x);
                s.u[3 * k + 2] = three_d ? 0.02 * std::sin(0.2 * x + 0.1 * y) : 0.0;
            }
    return s;
}

// The kernels built with capped variants (IsothermalModel::has_register_caps).
std::vector<ModelChoice> capped_kernels() {
    std::vector<ModelChoice> out;
    for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19})
        for (Precision p : {Precision::FP32, Precision::FP64})
            for (CollisionKind c : {CollisionKind::BGK, CollisionKind::MRT})
                for (Scheme sc : {Scheme::Pull, Scheme::AA})
                    out.push_back({st, c, sc, Layout::SoA, p, {}});
    return out;
}

// 7 steps: both parities of A-A, and an odd count, so a parity mix-up shows.
constexpr int kSteps = 7;

std::vector<double> state_after(SimulationSetup s, int register_cap, LaunchReport* report) {
    s.launch.register_cap = register_cap;
    auto sim = Simulation::create(std::move(s), BackendKind::Cuda);
    sim->step(kSteps);
    if (report) *report = sim->launch_report();
    std::vector<double> f;
    sim->export_state(f);
    return f;
}

TEST(GpuRegisterCaps, EveryCapHoldsItsRegistersAndGivesTheSameBits) {
    LL_REQUIRE_GPU();
    for (const ModelChoice& m : capped_kernels()) {
        const SimulationSetup s = swirling_cavity(m);
        const std::string kernel = model_label(m);
        EXPECT_EQ(Simulation::create(s, BackendKind::Cuda)->register_caps(),
                  std::vector<int>(kRegisterCaps.begin(), kRegisterCaps.end()))
            << kernel;
        LaunchReport free{};
        const std::vector<double> reference = state_after(s, 0, &free);
        for (int cap : kRegisterCaps) {
            LaunchReport r{};
            const std::vector<double> capped = state_after(s, cap, &r);
            const std::string what = kernel + ", register cap " + std::to_string(cap);
            EXPECT_LE(r.registers_per_thread, cap) << what;
            EXPECT_GT(r.registers_per_thread, 0) << what;
            // Fewer registers never fit fewer warps (local memory does not limit occupancy).
            if (cap <= free.registers_per_thread) {
                EXPECT_GE(r.theoretical_occupancy, free.theoretical_occupancy) << what;
            }
            expect_same_state(reference, capped, what);
        }
    }
}

// A cap changes at run time like the block size: the flow goes on from where it was.
TEST(GpuRegisterCaps, CapChangesDuringARunKeepTheFlow) {
    LL_REQUIRE_GPU();
    const ModelChoice m{StencilKind::D3Q19, CollisionKind::MRT, Scheme::AA,
                        Layout::SoA,        Precision::FP32,    {}};
    const SimulationSetup s = swirling_cavity(m);
    const std::vector<double> reference = state_after(s, 0, nullptr);
    auto sim = Simulation::create(s, BackendKind::Cuda);
    for (int step = 0, k = 0; step < kSteps; ++step, ++k) {
        LaunchConfig l = sim->setup().launch;
        l.register_cap = k % 2 ? kRegisterCaps[std::size_t(k) % kRegisterCaps.size()] : 0;
        sim->set_launch(l);
        EXPECT_EQ(sim->setup().launch.register_cap, l.register_cap);
        sim->step(1);
    }
    std::vector<double> f;
    sim->export_state(f);
    expect_same_state(reference, f, "caps changed between steps");
}

TEST(GpuRegisterCaps, KernelsWithoutVariantsAndUnbuiltCapsAreRefused) {
    LL_REQUIRE_GPU();
    ModelChoice m{StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull,
                  Layout::SoA,        Precision::FP32,    {}};
    SimulationSetup s = swirling_cavity(m);
    s.launch.register_cap = 33;
    EXPECT_EQ(error_of([&] { Simulation::create(s, BackendKind::Cuda); }),
              "register_cap = 33: the isothermal d3q19 bgk pull soa fp32 kernel offers "
              "32|40|48|64|80|96|128 (or 0: the compiler's choice)");

    auto sim = Simulation::create(swirling_cavity(m), BackendKind::Cuda);
    ModelChoice esoteric = m;
    esoteric.scheme = Scheme::Esoteric;
    sim->set_model(esoteric);
    EXPECT_TRUE(sim->register_caps().empty());
    LaunchConfig l = sim->setup().launch;
    l.register_cap = 40;
    EXPECT_EQ(error_of([&] { sim->set_launch(l); }),
              "register_cap = 40: the isothermal d3q19 bgk esoteric soa fp32 kernel offers no "
              "register caps (only 0: the compiler's choice)");
    EXPECT_EQ(sim->setup().launch.register_cap, 0); // the launch it had runs on
    sim->step(2);

    SimulationSetup tiled = swirling_cavity(m);
    tiled.tiles = Tiles{{2, 1, 1}};
    tiled.launch.register_cap = 32;
    EXPECT_NE(error_of([&] {
                  Simulation::create(tiled, BackendKind::Cuda);
              }).find("register_cap = 32: a subdomain's bulk kernel"),
              std::string::npos);
}

TEST(GpuRegisterCaps, ThermalModelsOfferNoCaps) {
    LL_REQUIRE_GPU();
    auto s = build_scenario("heated_cavity2d", {{"size", "16"}, {"register_cap", "32"}});
    EXPECT_NE(error_of([&] {
                  Simulation::create(s, BackendKind::Cuda);
              }).find("register_cap = 32: the boussinesq"),
              std::string::npos);
}

} // namespace
} // namespace ll::test
