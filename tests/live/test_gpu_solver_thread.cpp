// The visualiser's threads-per-block sweep (seed 004, Fig. 5) runs in the solver thread, which
// has no Qt, so it is tested here on the GPU machine: every launchable block size from 32 to
// 1024 gets a point with a positive MLUPS, the launch comes back to what it was, and the flow
// keeps its step count (the sweep steps the live lattice). Skips visibly without a GPU.
#include "app/live/solver_thread.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace ll::gui {
namespace {

TEST(GpuSolverThread, SweepCoversBlockSizesAndRestoresTheLaunch) {
    std::string why;
    if (!cuda_device_present(why)) GTEST_SKIP() << "no CUDA device: " << why;
    SolverThread solver(
        SolverStart{"cavity3d", {{"size", "62"}, {"block_size", "128"}}, BackendKind::Cuda});
    SolverSnapshot snap;
    solver.set_paused(true);
    solver.sweep();
    const auto t0 = std::chrono::steady_clock::now();
    while (snap.sweep_note.empty() &&
           std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60)) {
        solver.take_latest(snap);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_FALSE(snap.sweep_note.empty()) << "the sweep did not finish within 60 s";
    EXPECT_NE(snap.sweep_note.find("128 threads per block"), std::string::npos) << snap.sweep_note;
    ASSERT_GE(snap.sweep.size(), 6u) << "block sizes 32..1024 that launch: at least 6 expected";
    int previous = 0;
    for (const auto& [threads, mlups] : snap.sweep) {
        EXPECT_GT(threads, previous);
        EXPECT_EQ(threads % 32, 0);
        EXPECT_GT(mlups, 100.0) << "block size " << threads;
        previous = threads;
    }
    EXPECT_EQ(snap.sweep.front().first, 32);
    EXPECT_EQ(snap.launch.block_size, 128) << "launch restored after the sweep";
    EXPECT_GT(snap.step, 0u) << "the sweep steps the live lattice";
    EXPECT_EQ(snap.backend, "cuda");
}

} // namespace
} // namespace ll::gui
