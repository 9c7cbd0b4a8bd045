// D2Q37 fields computed on the GPU (the one engine's field and NaN/Inf kernels,
// solver/engine/kernels.cuh) against the CPU engine's, which evaluates the same formulas
// (models/d2q37/fields.hpp) per node. Runs on the GPU machine; without a usable GPU every
// test here is skipped with the reason.
// Both engines start from one canonical state (a CPU run of the RT set-up, 64 x 128, 200 steps)
// and use the same scheme, so the only difference is the GPU's FMA contraction in the moments:
// far below a float's rounding, hence a bound of 1e-6 of the field's largest value.
#include "solver/io/fields.hpp"
#include "support/d2q37.hpp"
#include "support/d2q37_run.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#if LATTICELAB_HAS_CUDA
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace ll::thermal {
namespace {

// A moving RT flow: the canonical state after 200 CPU steps.
struct Flow {
    Rt2dSetup rt;
    std::vector<double> state;
};
Flow moving_flow() {
    Flow f{test::small_rt(), {}};
    auto cpu = test::d2q37_cpu(f.rt.config);
    cpu->init(f.rt.initial);
    cpu->step(200);
    cpu->export_state(f.state);
    return f;
}

#if LATTICELAB_HAS_CUDA
constexpr FieldKind kKinds[] = {FieldKind::Speed,      FieldKind::Ux,        FieldKind::Uy,
                                FieldKind::Uz,         FieldKind::Vorticity, FieldKind::Density,
                                FieldKind::Temperature};

// The whole lattice, a column (x = 5), the bottom and top rows (one-sided d/dy) and a middle row.
std::vector<FieldRegion> regions(int ly) {
    return {{true, Axis::Z, 0},
            {false, Axis::X, 5},
            {false, Axis::Y, 0},
            {false, Axis::Y, std::uint32_t(ly / 2)},
            {false, Axis::Y, std::uint32_t(ly - 1)}};
}

// `count` floats through device memory (the visualiser's path), copied back for the check.
std::vector<float> via_device(test::D2Q37Run& e, FieldKind kind, const FieldRegion& region,
                              std::size_t count) {
    float* dev = nullptr;
    EXPECT_EQ(cudaMalloc(&dev, count * sizeof(float)), cudaSuccess);
    std::vector<float> out(count, std::numeric_limits<float>::quiet_NaN());
    e.read_field(kind, region, dev, MemorySpace::Device);
    EXPECT_EQ(cudaMemcpy(out.data(), dev, count * sizeof(float), cudaMemcpyDeviceToHost),
              cudaSuccess);
    cudaFree(dev);
    return out;
}
#endif

// Both engines on the moving flow's state, with the test's scheme.
class D2Q37GpuFields : public ::testing::TestWithParam<D2Q37Scheme> {
protected:
    void SetUp() override {
        LL_REQUIRE_GPU();
        flow_ = moving_flow();
        flow_.rt.config.scheme = GetParam();
        std::string why;
        gpu_ = test::d2q37_cuda(flow_.rt.config, why);
        ASSERT_TRUE(gpu_) << why;
        cpu_ = test::d2q37_cpu(flow_.rt.config);
        gpu_->import_state(flow_.state);
        cpu_->import_state(flow_.state);
    }
    Flow flow_;
    std::unique_ptr<test::D2Q37Run> gpu_, cpu_;
};

TEST_P(D2Q37GpuFields, DeviceFieldsEqualTheCpuEngine) {
#if LATTICELAB_HAS_CUDA
    const Dims d = cpu_->dims();
    for (FieldKind kind : kKinds)
        for (const FieldRegion& region : regions(flow_.rt.config.ly)) {
            const std::size_t count = region_size(d, region);
            std::vector<float> want(count), host(count);
            cpu_->read_field(kind, region, want.data(), MemorySpace::Host);
            gpu_->read_field(kind, region, host.data(), MemorySpace::Host);
            const std::vector<float> device = via_device(*gpu_, kind, region, count);
            double scale = 0;
            for (float v : want)
                scale = std::max(scale, double(std::fabs(v)));
            const std::string where =
                std::string(to_string(kind)) + " region " + (region.whole ? "whole" : "axis ") +
                std::to_string(int(region.axis)) + " index " + std::to_string(region.index);
            if (kind == FieldKind::Uz)
                EXPECT_EQ(scale, 0.0) << where;
            else
                EXPECT_GT(scale, 0.0) << where << ": the flow must move";
            for (std::size_t k = 0; k < count; ++k) {
                ASSERT_EQ(host[k], device[k]) << where << " k " << k;
                ASSERT_LE(std::fabs(double(device[k]) - double(want[k])), 1e-6 * scale)
                    << where << " k " << k << ": gpu " << device[k] << " cpu " << want[k];
            }
        }
#endif
}

// A NaN and an infinity planted in two nodes' populations (tests/test_d2q37_fields.cpp: two bad
// nodes on the CPU for every scheme) are counted on the GPU as on the CPU.
TEST_P(D2Q37GpuFields, CountsPoisonedNodes) {
    EXPECT_EQ(gpu_->count_nonfinite(), 0u);
    const int lx = flow_.rt.config.lx, ly = flow_.rt.config.ly;
    const auto slot = [&](int x, int y, int i) {
        return (std::size_t(y) * std::size_t(lx) + std::size_t(x)) * D2Q37::Q + std::size_t(i);
    };
    flow_.state[slot(lx / 2, ly / 2, 0)] = std::numeric_limits<double>::quiet_NaN();
    flow_.state[slot(3, 1, 9)] = std::numeric_limits<double>::infinity(); // next to a wall
    gpu_->import_state(flow_.state);
    cpu_->import_state(flow_.state);
    EXPECT_EQ(cpu_->count_nonfinite(), 2u);
    EXPECT_EQ(gpu_->count_nonfinite(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Schemes, D2Q37GpuFields, test::all_d2q37_schemes(),
                         test::d2q37_scheme_test_name);

// Through ll::Engine (what Simulation and the visualiser call): the adapter hands the request to
// the GPU kernel, in device memory as in host memory.
TEST(D2Q37GpuFieldsAdapter, DeviceSliceAndNanCount) {
    LL_REQUIRE_GPU();
#if LATTICELAB_HAS_CUDA
    const SimulationSetup s =
        build_scenario("rt2d", {{"size", "32"}, {"height", "96"}, {"scheme", "pull"}});
    const EngineConfig cfg{s.dims, s.model, s.flow, s.launch, s.thermal};
    std::string why;
    auto gpu = make_cuda_engine(cfg, why);
    ASSERT_TRUE(gpu) << why;
    auto cpu = make_cpu_engine(cfg);
    const std::vector<double> f = d2q37_equilibrium_state(cfg, s.rho, s.u, s.T);
    gpu->import_state(f);
    cpu->import_state(f);
    const FieldRegion row{false, Axis::Y, 40};
    const std::size_t count = region_size(s.dims, row);
    std::vector<float> want(count), got(count);
    cpu->read_field({FieldKind::Temperature, -1}, row, want.data(), MemorySpace::Host);
    float* dev = nullptr;
    ASSERT_EQ(cudaMalloc(&dev, count * sizeof(float)), cudaSuccess);
    gpu->read_field({FieldKind::Temperature, -1}, row, dev, MemorySpace::Device);
    ASSERT_EQ(cudaMemcpy(got.data(), dev, count * sizeof(float), cudaMemcpyDeviceToHost),
              cudaSuccess);
    cudaFree(dev);
    for (std::size_t k = 0; k < count; ++k)
        ASSERT_NEAR(got[k], want[k], 1e-6 * std::fabs(want[k])) << "k " << k;
    EXPECT_EQ(gpu->count_nonfinite(), 0u);
    EXPECT_THROW(
        cpu->read_field({FieldKind::Temperature, -1}, row, got.data(), MemorySpace::Device),
        ConfigError);
#endif
}

// The visualiser's tuning readout for rt2d: the step's binding kernel (the lowest occupancy of
// its launches: collide in the separate-kernel schemes, 254 registers on sm_90) rather than
// zeros, and its limit on the block size.
TEST(D2Q37GpuFieldsAdapter, LaunchReportIsTheBindingKernels) {
    LL_REQUIRE_GPU();
    for (const char* scheme : {"pull", "pull_separate"}) {
        auto sim = Simulation::create(
            build_scenario(
                "rt2d",
                {{"size", "32"}, {"height", "96"}, {"scheme", scheme}, {"block_size", "128"}}),
            BackendKind::Cuda);
        const LaunchReport r = sim->launch_report();
        std::printf("rt2d %s block 128: %d registers, %d blocks/SM, occupancy %.3f, at most %d "
                    "threads per block\n",
                    scheme, r.registers_per_thread, r.blocks_per_sm, r.theoretical_occupancy,
                    r.max_threads_per_block);
        EXPECT_EQ(r.block_size, 128);
        EXPECT_GT(r.registers_per_thread, 64) << scheme; // the fused or collide kernel
        EXPECT_GT(r.blocks_per_sm, 0);
        EXPECT_GT(r.theoretical_occupancy, 0.0);
        EXPECT_LT(r.theoretical_occupancy, 0.5) << scheme;
        EXPECT_GE(r.max_threads_per_block, 128);
        EXPECT_LE(r.max_threads_per_block, 512) << scheme;
    }
}

} // namespace
} // namespace ll::thermal
