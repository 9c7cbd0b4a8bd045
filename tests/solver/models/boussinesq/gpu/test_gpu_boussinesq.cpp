// The Boussinesq double-population model on the GPU (solver/thermal/boussinesq/cuda_*.cu)
// against the CPU reference, for every scheme that fits (push, pull, split, A-A, esoteric),
// both layouts, FP32 and FP64, D2Q5 / D2Q9 / D3Q7 / D3Q19 temperature populations. Runs on
// the GPU machine; without a usable GPU every test is skipped with the reason.
// Cases: heated cavity (de Vahl Davis set-up) Ra 1e4, 24 x 24 fluid nodes, U = 0.1 (tau 0.58,
// tau_T 0.61; hot, cold and adiabatic walls); Rayleigh-Benard 3D, H = 8, Ra 5000 (periodic x
// and z, kappa = 1/24 on either temperature stencil: tau 0.589, buoyancy velocity 0.31, |u| <=
// 0.05; tau_T = 1 gave kappa = 1/6 on D3Q19, g beta = 0.19, |u| ~ 1 (supersonic) and TRT
// diverged on the CPU as well, test_boussinesq_schemes.cpp, BoussinesqGpuSetUp). 200 and 201
// steps (both parities of the in-place schemes), collisions
// BGK / TRT / MRT in turn. The canonical populations must be equal bit for bit: the CUDA units
// are built without FMA contraction (solver/CMakeLists.txt), so the GPU rounds every multiply
// and add as the CPU does (before that: up to 3e-16 in FP64 and 1e-7 in FP32). The fields are
// held to 1e-11 (FP64) and 2e-5 (FP32).
#include "solver/models/boussinesq/model.hpp"
#include "solver/models/boussinesq/scenarios.hpp"
#include "support/boussinesq_run.hpp"
#include "support/flow_checks.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <utility>

namespace ll::thermal::boussinesq {
namespace {

template <class E>
std::string name(E e) {
    return std::string(to_string(e));
}

Scenario gpu_case(bool three_d, Scheme scheme, Layout layout, Precision precision,
                  TemperatureStencil temperature, CollisionKind collision) {
    ModelOptions m;
    m.model = {StencilKind::D2Q9, collision, scheme, layout, precision, {}};
    m.temperature = temperature;
    if (three_d) {
        // The same set-up runs on the CPU in test_boussinesq_schemes.cpp (BoussinesqGpuSetUp),
        // which checks that it stays finite and subsonic: keep the two in step.
        RayleighBenardOptions o;
        o.rayleigh = 5000;
        o.height = 8;
        o.amplitude = 0.05;
        const double cs2_t =
            temperature == TemperatureStencil::Flow ? lattice_cs2<D3Q19>() : lattice_cs2<D3Q7>();
        o.tau_t = 0.5 + (1.0 / 24) / cs2_t; // kappa = 1/24
        o.model = m;
        return rayleigh_benard3d(o);
    }
    CavityOptions o;
    o.rayleigh = 1e4;
    o.n = 24;
    o.model = m;
    return heated_cavity2d(o);
}

#define LL_REQUIRE_BOUSSINESQ_GPU()                                                                \
    do {                                                                                           \
        std::string why;                                                                           \
        const Scenario probe = gpu_case(false, Scheme::Pull, Layout::SoA, Precision::FP32,         \
                                        TemperatureStencil::Reduced, CollisionKind::BGK);          \
        if (!make_cuda_engine(probe.config, why)) GTEST_SKIP() << "no usable GPU: " << why;        \
    } while (0)

struct GpuCase {
    bool three_d;
    TemperatureStencil temperature;
    Precision precision;
};

class BoussinesqGpu : public ::testing::TestWithParam<GpuCase> {};

// A GPU and a CPU engine of `s`, both at its start state; the GPU engine is null (the test
// then fails, saying why) where the GPU refuses the configuration.
auto started_engines(const Scenario& s) {
    std::string why;
    auto gpu = make_cuda_engine(s.config, why);
    EXPECT_TRUE(gpu) << why;
    auto cpu = make_cpu_engine(s.config);
    if (gpu) gpu->init(s.initial);
    cpu->init(s.initial);
    return std::pair{std::move(gpu), std::move(cpu)};
}

TEST_P(BoussinesqGpu, EverySchemeMatchesTheCpu) {
    LL_REQUIRE_BOUSSINESQ_GPU();
    const GpuCase p = GetParam();
    const double tol = p.precision == Precision::FP64 ? 1e-12 : 2e-6;
    const CollisionKind collisions[] = {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT};
    int turn = 0;
    for (Scheme sc : {Scheme::Push, Scheme::Pull, Scheme::Split, Scheme::AA, Scheme::Esoteric})
        for (Layout l : {Layout::SoA, Layout::AoS}) {
            const CollisionKind coll = collisions[turn++ % 3];
            const Scenario s = gpu_case(p.three_d, sc, l, p.precision, p.temperature, coll);
            auto [gpu, cpu] = started_engines(s);
            ASSERT_TRUE(gpu);
            for (int steps : {200, 1}) {
                gpu->step(steps);
                cpu->step(steps);
                std::vector<double> fg, gg, fc, gc;
                gpu->export_state(fg, gg);
                cpu->export_state(fc, gc);
                const double df = max_abs_difference(fg, fc), dg = max_abs_difference(gg, gc);
                std::printf("%s %s %s %s %s after %llu steps: max |f_gpu - f_cpu| %.2e, "
                            "|g_gpu - g_cpu| %.2e\n",
                            p.three_d ? "3D" : "2D", name(sc).c_str(), name(l).c_str(),
                            name(p.precision).c_str(), name(coll).c_str(),
                            (unsigned long long)cpu->steps_done(), df, dg);
                EXPECT_EQ(df, 0.0) << to_string(sc) << " " << to_string(l);
                EXPECT_EQ(dg, 0.0) << to_string(sc) << " " << to_string(l);
            }
            Fields fg, fc;
            gpu->read_fields(fg);
            cpu->read_fields(fc);
            EXPECT_LE(max_abs_difference(fg.theta, fc.theta), 10 * tol);
            EXPECT_LE(max_abs_difference(fg.uy, fc.uy), 10 * tol);
            EXPECT_GT(max_abs(fc.uy), 1e-5) << "the flow must move";
        }
}

INSTANTIATE_TEST_SUITE_P(
    Boussinesq, BoussinesqGpu,
    ::testing::Values(GpuCase{false, TemperatureStencil::Reduced, Precision::FP32},
                      GpuCase{false, TemperatureStencil::Reduced, Precision::FP64},
                      GpuCase{false, TemperatureStencil::Flow, Precision::FP64},
                      GpuCase{true, TemperatureStencil::Reduced, Precision::FP32},
                      GpuCase{true, TemperatureStencil::Flow, Precision::FP64}));

// A state moved from the GPU to the CPU and on keeps running the same flow.
TEST(BoussinesqGpuState, ExchangeWithTheCpu) {
    LL_REQUIRE_BOUSSINESQ_GPU();
    const Scenario s = gpu_case(false, Scheme::Esoteric, Layout::SoA, Precision::FP64,
                                TemperatureStencil::Reduced, CollisionKind::TRT);
    auto [gpu, cpu] = started_engines(s);
    ASSERT_TRUE(gpu);
    gpu->step(101);
    std::vector<double> f, g;
    gpu->export_state(f, g);
    cpu->import_state(f, g);
    gpu->step(100);
    cpu->step(100);
    std::vector<double> fg, gg, fc, gc;
    gpu->export_state(fg, gg);
    cpu->export_state(fc, gc);
    EXPECT_LE(max_abs_difference(fg, fc), 1e-12);
    EXPECT_LE(max_abs_difference(gg, gc), 1e-12);
}

// Throughput of each scheme on a 128^3 Rayleigh-Benard lattice (D3Q19 + D3Q7, FP32, TRT),
// for the record: (19 + 7) populations read and written per node update.
TEST(BoussinesqGpuPerformance, MlupsPerScheme) {
    LL_REQUIRE_BOUSSINESQ_GPU();
    for (Scheme sc : {Scheme::Push, Scheme::Pull, Scheme::Split, Scheme::AA, Scheme::Esoteric}) {
        RayleighBenardOptions o;
        o.rayleigh = 5000;
        o.height = 126;
        o.aspect = 128.0 / 126.0;
        o.model.model = {StencilKind::D3Q19, CollisionKind::TRT, sc,
                         Layout::SoA,        Precision::FP32,    {}};
        const Scenario s = rayleigh_benard3d(o);
        std::string why;
        auto gpu = make_cuda_engine(s.config, why);
        ASSERT_TRUE(gpu) << why;
        gpu->init(s.initial);
        gpu->step(20);
        const double seconds = gpu->step(200);
        const double mlups = double(s.config.dims.nodes()) * 200 / seconds / 1e6;
        std::printf("%s: %s 128^3 d3q19+d3q7 fp32 trt: %.0f MLUPS, %.0f GB/s\n",
                    gpu->device().c_str(), name(sc).c_str(), mlups,
                    mlups * 1e6 * (2.0 * 26 * 4 + 1) / 1e9);
        Fields f;
        gpu->read_fields(f);
        EXPECT_LT(max_abs(f.theta), 1.0) << "finite and bounded";
    }
}

} // namespace
} // namespace ll::thermal::boussinesq
