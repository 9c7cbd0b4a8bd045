// The Boussinesq presets on the CUDA back end through Simulation (the ll::Engine adapter)
// against the CPU adapter. Runs on the GPU machine; without a usable GPU every test is skipped
// with the reason.
//   presets     all five, small lattices, 61 steps (both parities of the in-place schemes)
//               with pull / A-A / esoteric, SoA / AoS, FP64 / FP32, reduced / flow temperature
//               stencil: canonical state bit for bit (the CUDA units are built without FMA
//               contraction, so the GPU rounds as the CPU does)
//   fields      temperature, speed, vorticity into device memory == the host copy == the CPU
//   switches    scheme, layout, precision and block size changed on the GPU mid-run, and a
//               drawn obstacle, continue like the CPU run
#include "solver/io/fields.hpp"
#include "support/flow_checks.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#if LATTICELAB_HAS_CUDA
#include <cuda_runtime.h>
#endif

#include <cmath>
#include <cstdio>

namespace ll {
namespace {

using thermal::boussinesq::max_abs_difference;

struct Case {
    std::string preset;
    KeyValues keys;
};

const std::vector<Case> kCases = {
    {"heated_cavity2d", {{"size", "24"}, {"ra", "1e4"}, {"scheme", "pull"}}},
    {"rayleigh_benard2d", {{"size", "12"}, {"amplitude", "0.05"}, {"scheme", "aa"}}},
    {"rayleigh_benard3d",
     {{"size", "8"}, {"amplitude", "0.05"}, {"scheme", "esoteric"}, {"layout", "aos"}}},
    {"rt2d_boussinesq",
     {{"size", "32"}, {"height", "64"}, {"atwood_g", "1e-3"}, {"temperature_stencil", "flow"}}},
    {"rt3d_boussinesq",
     {{"size", "12"}, {"height", "24"}, {"atwood_g", "1e-3"}, {"collision", "mrt"}}},
};

// The switches keep a tolerance: their GPU–CPU differences were not printed, so not shown to be 0.
double tolerance(const Simulation& sim) {
    return sim.setup().model.precision == Precision::FP64 ? 1e-12 : 2e-6;
}

double state_difference(Simulation& a, Simulation& b) {
    std::vector<double> fa, fb;
    a.export_state(fa);
    b.export_state(fb);
    return max_abs_difference(fa, fb);
}

std::pair<std::unique_ptr<Simulation>, std::unique_ptr<Simulation>> pair_of(const Case& c,
                                                                            KeyValues extra = {}) {
    KeyValues keys = c.keys;
    for (auto& [k, v] : extra)
        keys[k] = v;
    const SimulationSetup s = build_scenario(c.preset, keys);
    return {Simulation::create(s, BackendKind::Cuda), Simulation::create(s, BackendKind::Cpu)};
}

TEST(GpuBoussinesqAdapter, EveryPresetMatchesTheCpu) {
    LL_REQUIRE_GPU();
    for (const Case& c : kCases)
        for (const char* precision : {"fp64", "fp32"}) {
            SCOPED_TRACE(c.preset + " " + precision);
            auto [gpu, cpu] = pair_of(c, {{"precision", precision}});
            ASSERT_TRUE(gpu->on_gpu());
            EXPECT_TRUE(gpu->has_temperature());
            gpu->step(61);
            cpu->step(61);
            const double diff = state_difference(*gpu, *cpu);
            std::printf("%-18s %s: max |GPU - CPU| = %.3g, %.1f MLUPS on %s\n", c.preset.c_str(),
                        precision, diff, gpu->performance().mlups, gpu->device().device.c_str());
            EXPECT_EQ(diff, 0.0) << "the GPU must round as the CPU does (no FMA contraction)";
            EXPECT_EQ(gpu->count_nonfinite(), 0u);
            EXPECT_GT(gpu->launch_report().block_size, 0);
        }
}

TEST(GpuBoussinesqAdapter, FieldsInDeviceMemoryMatchHostAndCpu) {
    LL_REQUIRE_GPU();
#if LATTICELAB_HAS_CUDA
    for (const Case& c : {kCases[0], kCases[2]}) {
        SCOPED_TRACE(c.preset);
        auto [gpu, cpu] = pair_of(c);
        gpu->step(40);
        cpu->step(40);
        const Dims d = gpu->setup().dims;
        const FieldRegion slice{false, d.nz > 1 ? Axis::Y : Axis::Z, d.nz > 1 ? 3u : 0u};
        for (FieldKind kind : {FieldKind::Temperature, FieldKind::Speed, FieldKind::Vorticity})
            for (FieldRegion region : {FieldRegion{true, Axis::Z, 0}, slice})
                for (bool mask : {false, true}) {
                    const FieldRequest req{kind, -1, mask};
                    const std::size_t count = region_size(d, region);
                    std::vector<float> host(count), via_device(count), on_cpu(count);
                    float* dev = nullptr;
                    ASSERT_EQ(cudaMalloc(&dev, count * sizeof(float)), cudaSuccess);
                    gpu->read_field(req, region, dev, MemorySpace::Device);
                    ASSERT_EQ(cudaMemcpy(via_device.data(), dev, count * sizeof(float),
                                         cudaMemcpyDeviceToHost),
                              cudaSuccess);
                    cudaFree(dev);
                    gpu->read_field(req, region, host.data(), MemorySpace::Host);
                    cpu->read_field(req, region, on_cpu.data(), MemorySpace::Host);
                    for (std::size_t k = 0; k < count; ++k) {
                        const bool nan = std::isnan(on_cpu[k]);
                        ASSERT_EQ(std::isnan(host[k]), nan) << to_string(kind) << " k " << k;
                        if (nan) continue;
                        ASSERT_EQ(host[k], via_device[k]) << to_string(kind) << " k " << k;
                        ASSERT_NEAR(host[k], on_cpu[k], 1e-6) << to_string(kind) << " k " << k;
                    }
                }
    }
#endif
}

// Switches on the GPU mid-run carry the state like on the CPU: the pair stays together.
TEST(GpuBoussinesqAdapter, SwitchesAndObstaclesKeepMatchingTheCpu) {
    LL_REQUIRE_GPU();
    auto [gpu, cpu] = pair_of(kCases[0]);
    const auto both = [&](auto change) {
        change(*gpu);
        change(*cpu);
        gpu->step(21);
        cpu->step(21);
        const double diff = state_difference(*gpu, *cpu);
        EXPECT_LE(diff, tolerance(*gpu)) << model_label(gpu->setup().model);
    };
    const auto model = [](auto edit) {
        return [edit](Simulation& s) {
            ModelChoice m = s.setup().model;
            edit(m);
            s.set_model(m);
        };
    };
    both([](Simulation&) {});
    both(model([](ModelChoice& m) { m.scheme = Scheme::Esoteric; }));
    both(model([](ModelChoice& m) { m.layout = Layout::AoS; }));
    both(model([](ModelChoice& m) { m.collision = CollisionKind::BGK; }));
    both([](Simulation& s) { s.set_launch({128, 0}); });
    EXPECT_EQ(gpu->launch_report().block_size, 128);
    both([](Simulation& s) {
        const Dims d = s.setup().dims;
        std::vector<std::pair<node_t, NodeType>> walls;
        for (std::uint32_t y = 10; y < 14; ++y)
            for (std::uint32_t x = 10; x < 14; ++x)
                walls.emplace_back(x + d.nx * y, kSolid);
        s.set_node_types(walls);
    });
    both(model([](ModelChoice& m) { m.precision = Precision::FP32; }));
    EXPECT_EQ(gpu->count_nonfinite(), 0u);
}

// The visualiser's tuning readout: the step kernel's own registers, blocks per SM and
// occupancy at the chosen block size (not zeros), and a block size the registers forbid is
// refused naming the limit.
TEST(GpuBoussinesqAdapter, LaunchReportIsTheStepKernels) {
    LL_REQUIRE_GPU();
    for (const char* bs : {"128", "512"}) {
        auto sim = Simulation::create(
            build_scenario("heated_cavity2d", {{"size", "24"}, {"block_size", bs}}),
            BackendKind::Cuda);
        const LaunchReport r = sim->launch_report();
        std::printf("heated_cavity2d block %s: %d registers, %d blocks/SM, occupancy %.2f\n", bs,
                    r.registers_per_thread, r.blocks_per_sm, r.theoretical_occupancy);
        EXPECT_EQ(r.block_size, std::stoi(bs));
        EXPECT_GT(r.registers_per_thread, 0);
        EXPECT_GE(r.max_threads_per_block, r.block_size);
        EXPECT_GT(r.blocks_per_sm, 0);
        EXPECT_GT(r.theoretical_occupancy, 0.0);
        EXPECT_LE(r.theoretical_occupancy, 1.0);
    }
}

} // namespace
} // namespace ll
