// What `latticelab thermal-bench` writes (app/cli/thermal_bench_report.cpp), on synthetic rows:
// the command itself needs a GPU, its report does not. Rates from work and time against the
// run's denominators, refusals for block sizes a kernel's registers do not allow, the best block
// per kernel in the headline, "-" where a figure does not apply.
#include "app/cli/thermal_bench_report.hpp"

#include <gtest/gtest.h>

namespace ll::cli {
namespace {

using thermal::D2Q37Kernel;

constexpr int lx = 1024, ly = 4096;

// 254 registers: 256 threads at most (collide_kernel on sm_90).
KernelResources collide_like(int block) {
    KernelResources r;
    r.function = "collide_kernel";
    r.registers = 254;
    r.max_threads_per_block = 256;
    r.blocks_per_sm = block <= 256 ? 1 : 0;
    r.occupancy = r.blocks_per_sm * block / 2048.0;
    return r;
}

BenchRun synthetic_run() {
    BenchRun run;
    run.device.copy_bandwidth = 3e12;
    run.device.fp64 = {30e12, 33.45e12, 1.98e9, 132, 64};
    run.device.device = "test GPU";
    run.lx = lx;
    run.ly = ly;
    run.flops_per_site = 1600;
    run.flops_source = "given with --flops-per-site";
    run.timing = "test";
    for (int block : {128, 256, 512}) {
        BenchRow r{"collide",
                   block,
                   "",
                   0,
                   thermal::kernel_work(D2Q37Kernel::Collide, lx, ly, 1600),
                   {collide_like(block)}};
        r.refused = refusal(r.resources, block);
        r.seconds = block == 256 ? 1e-3 : 2e-3; // 256 is the best
        run.kernels.push_back(r);
    }
    run.kernels.push_back(
        {"pbc", 128, "", 1e-5, thermal::kernel_work(D2Q37Kernel::Pbc, lx, ly, 1600), {}});
    const double sites = double(lx) * ly;
    run.steps.push_back({"pull-fused", 128, "", 2.5e-3, {sites, 592 * sites, 1600 * sites}, {}});
    return run;
}

TEST(ThermalBenchReport, RatesAndRefusals) {
    const nlohmann::json j = thermal_bench_record(synthetic_run());
    ASSERT_EQ(j["kernels"].size(), 4u);
    const auto& best = j["kernels"][1]; // collide at 256 threads, 1 ms
    const double sites = double(lx) * ly;
    EXPECT_DOUBLE_EQ(best["mlups"].get<double>(), sites / 1e-3 / 1e6);
    EXPECT_DOUBLE_EQ(best["gb_per_s"].get<double>(), 592 * sites / 1e-3 / 1e9);
    EXPECT_DOUBLE_EQ(best["fraction_of_copy_bandwidth"].get<double>(), 592 * sites / 1e-3 / 3e12);
    EXPECT_DOUBLE_EQ(best["gflop_per_s"].get<double>(), 1600 * sites / 1e-3 / 1e9);
    EXPECT_DOUBLE_EQ(best["fraction_of_fp64_measured"].get<double>(), 1600 * sites / 1e-3 / 30e12);
    EXPECT_DOUBLE_EQ(best["fraction_of_fp64_nominal"].get<double>(),
                     1600 * sites / 1e-3 / 33.45e12);
    EXPECT_EQ(best["functions"][0]["registers"].get<int>(), 254);

    const auto& refused = j["kernels"][2]; // 512 threads
    EXPECT_FALSE(refused["launchable"].get<bool>());
    EXPECT_EQ(refused["refused"].get<std::string>(),
              "collide_kernel uses 254 registers per thread: at most 256 threads per block, not "
              "512");
    EXPECT_FALSE(refused.contains("seconds"));
    EXPECT_EQ(j["flops_per_site_source"].get<std::string>(), "given with --flops-per-site");
    EXPECT_DOUBLE_EQ(j["steps"][0]["mlups"].get<double>(), sites / 2.5e-3 / 1e6);
}

TEST(ThermalBenchReport, Markdown) {
    const std::string md = thermal_bench_markdown(thermal_bench_record(synthetic_run()));
    const auto has = [&md](const std::string& text) {
        EXPECT_NE(md.find(text), std::string::npos) << "missing: " << text << "\n" << md;
    };
    has("- device: test GPU");
    has("- copy bandwidth, measured in this run: 3000.0 GB/s");
    has("- FP64 peak, measured in this run: 30.00 TFLOP/s");
    has("132 SMs x 1.980 GHz x 64 FP64 FMA units x 2");
    has("- FLOPs per collided site: 1600 (given with --flops-per-site)");
    // Headline: the fastest block of collide, with both denominators.
    has("| collide | 256 | 2483.0 GB/s = 82.8 % of copy; 6710.9 GFLOP/s = 22.4 % of measured FP64 "
        "peak (20.1 % of nominal) |");
    has("| step pull-fused | 128 | 1678 MLUPS, 33.1 % of copy bandwidth |");
    // The sweep: a refused row, and "-" for what pbc does not have (MLUPS, FLOPs, a kernel).
    has("| collide | 512 | not launchable: collide_kernel uses 254 registers per thread");
    has("| pbc | 128 | 10.00 | - |");
    has("| - | - | - |\n");
    has("| collide_kernel | 254 | 0 | 256 |");
}

} // namespace
} // namespace ll::cli
