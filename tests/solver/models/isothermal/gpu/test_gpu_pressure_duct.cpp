// Pressure ends (Zou & He 1997, core/boundary.hpp) on the GPU against the CPU reference (pull,
// SoA): the pressure-driven channel and duct presets (drive = pressure, TRT, u_ref = 0.05) in
// every scheme and layout, D2Q9, D3Q19 and D3Q27, FP32 and FP64, after 200 and 201 steps (both
// parities of the in-place schemes). Tolerance: max velocity difference <= 1e-5 u_ref (FP32),
// 1e-12 u_ref (FP64), as for the other boundary rules (test_gpu_solver.cpp).
#include "solver/scenario/scenario.hpp"
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

namespace ll::test {
namespace {

constexpr double kURef = 0.05;

SimulationSetup pressure_box(StencilKind stencil, Precision p) {
    const bool three_d = dimensions(stencil) == 3;
    return build_scenario(three_d ? "duct3d" : "poiseuille2d",
                          {{"size", three_d ? "20x12x10" : "48x24"},
                           {"drive", "pressure"},
                           {"stencil", std::string(to_string(stencil))},
                           {"u_ref", "0.05"},
                           {"precision", std::string(to_string(p))}});
}

FlowField run(SimulationSetup s, BackendKind backend, int steps) {
    auto sim = Simulation::create(std::move(s), backend);
    sim->step(steps);
    return flow_field(*sim);
}

TEST(GpuPressureEnds, EverySchemeAndLayoutMatchesTheCpu) {
    LL_REQUIRE_GPU();
    for (StencilKind st : {StencilKind::D2Q9, StencilKind::D3Q19, StencilKind::D3Q27})
        for (Precision p : {Precision::FP32, Precision::FP64}) {
            const double tol = (p == Precision::FP32 ? 1e-5 : 1e-12) * kURef;
            for (int steps : {200, 201}) {
                const FlowField ref = run(pressure_box(st, p), BackendKind::Cpu, steps);
                for (Scheme sc : {Scheme::Push, Scheme::Pull, Scheme::Split, Scheme::AA,
                                  Scheme::Esoteric, Scheme::SharedX})
                    for (Layout l : {Layout::SoA, Layout::AoS}) {
                        SimulationSetup s = pressure_box(st, p);
                        s.model.scheme = sc;
                        s.model.layout = l;
                        s.launch.block_size = 64; // several blocks per x-row for shared_x
                        EXPECT_LE(max_velocity_difference(run(s, BackendKind::Cuda, steps), ref),
                                  tol)
                            << to_string(st) << " " << to_string(p) << " " << to_string(sc) << "/"
                            << to_string(l) << " after " << steps << " steps";
                    }
            }
        }
}

} // namespace
} // namespace ll::test
