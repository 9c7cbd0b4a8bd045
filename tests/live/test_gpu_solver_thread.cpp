// The visualiser's live sweeps (app/live/launch_sweep.hpp) run in the solver thread, which has
// no Qt, so they are tested here on the GPU machine with the lab's model beside each point, as
// the Lab dock runs them:
// - threads per block (Calore et al. 2016, Fig. 5): every launchable block size from 32 to 1024
//   gets a point with a positive MLUPS and a model prediction;
// - the occupancy cap (Bailey et al. 2009, Fig. 7): caps 1 .. the uncapped blocks per SM, the
//   warps per SM growing with the cap;
// and after each the launch comes back to what it was and the flow keeps its step count (the
// sweep steps the live lattice). Skips visibly without a GPU.
#include "app/lab/kernel_model.hpp"
#include "app/live/solver_thread.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>

namespace ll::gui {
namespace {

// Runs one sweep on a paused cavity3d at 128 threads per block and returns its snapshot.
SolverSnapshot swept(SweepSetting setting) {
    SolverThread solver(
        SolverStart{"cavity3d", {{"size", "62"}, {"block_size", "128"}}, BackendKind::Cuda});
    solver.set_sweep_model([](const Simulation& sim, std::string& why) {
        return lab::predict_kernel(sim, why).mlups;
    });
    SolverSnapshot snap;
    solver.set_paused(true);
    solver.sweep(setting);
    const auto t0 = std::chrono::steady_clock::now();
    while (snap.sweep.note.empty() &&
           std::chrono::steady_clock::now() - t0 < std::chrono::seconds(120)) {
        solver.take_latest(snap);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return snap;
}

// Every point has the model's prediction. How close it comes is the lab's to say (the model
// study, the dock's tooltip), not a test's: the tests share the GPU, and a timing under load
// proves nothing.
void expect_modelled(const SweepPoint& p) {
    EXPECT_GT(p.model_mlups, 0) << "value " << p.value;
    EXPECT_TRUE(std::isfinite(p.model_mlups)) << "value " << p.value;
}

TEST(GpuSolverThread, BlockSizeSweepCoversBlockSizesWithTheModelAndRestoresTheLaunch) {
    std::string why;
    if (!cuda_device_present(why)) GTEST_SKIP() << "no CUDA device: " << why;
    const SolverSnapshot snap = swept(SweepSetting::BlockSize);
    const SweepResult& r = snap.sweep;
    ASSERT_FALSE(r.note.empty()) << "the sweep did not finish within 120 s";
    EXPECT_NE(r.note.find("128 threads per block"), std::string::npos) << r.note;
    EXPECT_TRUE(r.model_note.empty()) << r.model_note;
    ASSERT_GE(r.points.size(), 6u) << "block sizes 32..1024 that launch: at least 6 expected";
    int previous = 0;
    for (const SweepPoint& p : r.points) {
        EXPECT_GT(p.value, previous);
        EXPECT_EQ(p.value % 32, 0);
        EXPECT_GT(p.mlups, 100.0) << "block size " << p.value;
        EXPECT_GT(p.registers, 0);
        expect_modelled(p);
        previous = p.value;
    }
    EXPECT_EQ(r.points.front().value, 32);
    EXPECT_EQ(snap.launch.block_size, 128) << "launch restored after the sweep";
    EXPECT_GT(snap.step, 0u) << "the sweep steps the live lattice";
    EXPECT_EQ(snap.backend, "cuda");
}

TEST(GpuSolverThread, OccupancySweepRaisesTheWarpsPerSmAndRestoresTheLaunch) {
    std::string why;
    if (!cuda_device_present(why)) GTEST_SKIP() << "no CUDA device: " << why;
    const SolverSnapshot snap = swept(SweepSetting::OccupancyCap);
    const SweepResult& r = snap.sweep;
    ASSERT_FALSE(r.note.empty()) << "the sweep did not finish within 120 s";
    ASSERT_GE(r.points.size(), 2u) << "at 128 threads more than one block fits on an SM";
    for (std::size_t i = 0; i < r.points.size(); ++i) {
        const SweepPoint& p = r.points[i];
        EXPECT_EQ(p.value, int(i) + 1) << "caps 1, 2, ...";
        EXPECT_EQ(p.warps_per_sm, p.value * 128 / 32) << "cap " << p.value << " blocks of 128";
        expect_modelled(p);
    }
    EXPECT_EQ(snap.launch.blocks_per_sm_cap, 0) << "launch restored after the sweep";
}

// Register caps (the isothermal D3Q19 kernels have capped variants): the compiler's choice
// first, then each cap offered, every capped point within its cap.
TEST(GpuSolverThread, RegisterCapSweepKeepsEachCapAndRestoresTheLaunch) {
    std::string why;
    if (!cuda_device_present(why)) GTEST_SKIP() << "no CUDA device: " << why;
    const SolverSnapshot snap = swept(SweepSetting::RegisterCap);
    const SweepResult& r = snap.sweep;
    ASSERT_FALSE(r.note.empty()) << "the sweep did not finish within 120 s";
    ASSERT_GE(r.points.size(), 2u) << r.note;
    EXPECT_EQ(r.points.front().value, 0) << "the compiler's choice first";
    for (const SweepPoint& p : r.points) {
        if (p.value > 0) {
            EXPECT_LE(p.registers, p.value) << "cap " << p.value;
        }
        expect_modelled(p);
    }
    EXPECT_EQ(snap.launch.register_cap, 0) << "launch restored after the sweep";
}

} // namespace
} // namespace ll::gui
