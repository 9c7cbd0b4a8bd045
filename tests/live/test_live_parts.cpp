// The parts of the visualiser's solver thread (app/live) on the CPU, without the thread: the
// blow-up guard checks every kCheckEvery steps however the batches are cut, the publisher hands
// over only newer snapshots and falls back to a field the model has, the sweep says why the
// CPU has none, and the flow readings ask the diagnostics which run has fronts or a Nusselt
// number. The thread itself is tested through the GUI (tests/gui) and on the GPU (sweep), and
// here for its pause across a blow-up and a new run.
#include "app/live/blow_up_guard.hpp"
#include "app/live/flow_readings.hpp"
#include "app/live/launch_sweep.hpp"
#include "app/live/snapshot_publisher.hpp"
#include "app/live/solver_thread.hpp"
#include "solver/scenario/scenario.hpp"
#include "tests/support/gui_flows.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <thread>

namespace ll::gui {
namespace {

std::unique_ptr<Simulation> cpu_run(const std::string& scenario, const KeyValues& keys) {
    return Simulation::create(build_scenario(scenario, keys), BackendKind::Cpu);
}

SliceChoice choice(FieldKind field, Axis axis = Axis::Y, int index = -1) {
    SliceChoice c;
    c.field = field;
    c.axis = axis;
    c.index = index;
    return c;
}

TEST(LiveBlowUpGuard, ChecksEveryHundredStepsAcrossBatches) {
    SimulationSetup setup = build_scenario("cavity2d", {{"size", "16"}});
    // One fluid node in the middle of the cavity starts not finite.
    const Dims d = setup.dims;
    setup.rho[std::size_t(d.ny / 2) * d.nx + d.nx / 2] = std::numeric_limits<double>::quiet_NaN();
    auto sim = Simulation::create(std::move(setup), BackendKind::Cpu);
    BlowUpGuard guard;
    BlowUpGuard::Stepped first = guard.step(*sim, 60);
    EXPECT_EQ(first.done, 60);
    EXPECT_FALSE(first.blew_up) << "no check before step 100";
    BlowUpGuard::Stepped second = guard.step(*sim, 60);
    EXPECT_TRUE(second.blew_up);
    EXPECT_EQ(second.done, 40) << "stops at the check that found it";
    SolverSnapshot snap;
    guard.write_to(snap);
    EXPECT_FALSE(snap.instability.empty());
    EXPECT_EQ(snap.blowups, 1u);
    guard.clear();
    guard.write_to(snap);
    EXPECT_TRUE(snap.instability.empty());
    EXPECT_EQ(snap.blowups, 1u) << "the count goes on, so the GUI sees every blow-up";
}

TEST(LiveBlowUpGuard, StableFlowRunsEveryStep) {
    auto sim = cpu_run("cavity2d", {{"size", "16"}});
    BlowUpGuard guard;
    for (int i = 0; i < 5; ++i) {
        const BlowUpGuard::Stepped s = guard.step(*sim, 70);
        EXPECT_EQ(s.done, 70);
        EXPECT_FALSE(s.blew_up);
    }
    EXPECT_EQ(sim->time_step(), 350u);
}

TEST(LiveSnapshotPublisher, HandsOverOnlyNewerSnapshots) {
    auto sim = cpu_run("cavity2d", {{"size", "16"}});
    SnapshotPublisher publisher;
    SolverSnapshot out;
    EXPECT_FALSE(publisher.take_latest(out)) << "nothing published yet";
    // Temperature is not a field of the isothermal model: the speed is shown instead.
    publisher.fill(*sim, choice(FieldKind::Temperature));
    publisher.publish();
    ASSERT_TRUE(publisher.take_latest(out));
    EXPECT_EQ(out.serial, 1u);
    EXPECT_EQ(out.field, FieldKind::Speed);
    EXPECT_FALSE(out.on_device);
    EXPECT_EQ(out.slice.size(), std::size_t(out.width) * out.height);
    EXPECT_EQ(out.scenario, "cavity2d");
    EXPECT_FALSE(publisher.take_latest(out)) << "already has serial 1";
    publisher.fill(*sim, choice(FieldKind::Speed));
    publisher.publish();
    EXPECT_TRUE(publisher.take_latest(out));
    EXPECT_EQ(out.serial, 2u);
}

TEST(LiveSnapshotPublisher, ClampsTheSliceOfA3dLattice) {
    auto sim = cpu_run("cavity3d", {{"size", "8"}});
    SnapshotPublisher publisher;
    const SolverSnapshot& clamped = publisher.fill(*sim, choice(FieldKind::Uz, Axis::X, 100));
    EXPECT_EQ(clamped.field, FieldKind::Uz);
    EXPECT_EQ(clamped.slice_axis, Axis::X);
    EXPECT_EQ(clamped.slice_index, sim->setup().dims.nx - 1);
    const SolverSnapshot& middle = publisher.fill(*sim, choice(FieldKind::Speed, Axis::Y, -1));
    EXPECT_EQ(middle.slice_index, sim->setup().dims.ny / 2) << "-1 is the middle";
}

TEST(LiveLaunchSweep, TheCpuHasNone) {
    auto sim = cpu_run("cavity2d", {{"size", "16"}});
    LaunchSweep sweep;
    for (SweepSetting setting :
         {SweepSetting::BlockSize, SweepSetting::OccupancyCap, SweepSetting::RegisterCap}) {
        const std::uint64_t before = sweep.result().serial;
        sweep.run(*sim, setting, 8, {});
        const SweepResult& r = sweep.result();
        EXPECT_TRUE(r.points.empty());
        EXPECT_EQ(r.serial, before + 1) << "each sweep is counted, so the dock sees it";
        EXPECT_NE(r.note.find("needs a GPU"), std::string::npos) << r.note;
        EXPECT_NE(r.note.find(sweep_setting_name(setting)), std::string::npos) << r.note;
    }
    EXPECT_EQ(sim->time_step(), 0u) << "no steps without a sweep";
}

// A CPU run with its readings first taken at step 0, at time `start` (later readings in a
// test give their own time, a few milliseconds on, whatever the machine's speed).
struct ReadRun {
    ReadRun(const std::string& scenario, const KeyValues& keys) : sim(cpu_run(scenario, keys)) {
        readings.measure(*sim, snap, start);
    }
    static constexpr std::chrono::milliseconds kSoon{5}; // far below 1 / kFrontsHz
    const FlowReadings::Clock::time_point start = FlowReadings::Clock::now();
    std::unique_ptr<Simulation> sim;
    FlowReadings readings;
    SolverSnapshot snap;
};

TEST(LiveFlowReadings, IsothermalRunHasNone) {
    const SolverSnapshot snap = ReadRun("cavity2d", {{"size", "16"}}).snap;
    EXPECT_FALSE(snap.has_fronts);
    EXPECT_TRUE(snap.fronts_note.empty());
    EXPECT_FALSE(snap.has_nusselt);
    EXPECT_TRUE(snap.warnings.empty());
}

// A small lattice: the rt2d default is sized for a GPU where CUDA is compiled in. The readings'
// times are given, so a slow step (CI's two busy cores) changes nothing.
TEST(LiveFlowReadings, LayeredRunHasFronts) {
    ReadRun run("rt2d", {{"size", "64"}});
    SolverSnapshot& snap = run.snap;
    EXPECT_TRUE(snap.has_fronts);
    EXPECT_EQ(snap.fronts_step, 0u);
    EXPECT_TRUE(std::isfinite(snap.fronts.bubble_y));
    EXPECT_FALSE(snap.has_nusselt) << "no heated walls";
    run.sim->step(1);
    run.readings.measure(*run.sim, snap, run.start + ReadRun::kSoon);
    EXPECT_EQ(snap.fronts_step, 0u) << "a second reading waits 1 / kFrontsHz";
    run.readings.measure(*run.sim, snap, run.start + std::chrono::seconds(1));
    EXPECT_EQ(snap.fronts_step, 1u) << "and comes 1 / kFrontsHz later";
}

// A replaced run may sit at the old one's address: the readings must not trust the address
// but be told (SolverThread::replace_run calls new_run), and then read everything at once.
TEST(LiveFlowReadings, NewRunRetakesEveryReadingAtOnce) {
    ReadRun run("heated_cavity2d", {{"size", "16"}});
    run.sim->step(1);
    run.readings.measure(*run.sim, run.snap, run.start + ReadRun::kSoon);
    ASSERT_EQ(run.snap.nusselt.step, 0u) << "a second reading waits 1 / kNusseltHz";
    run.readings.new_run();
    run.readings.measure(*run.sim, run.snap, run.start + ReadRun::kSoon);
    EXPECT_EQ(run.snap.nusselt.step, 1u);

    ReadRun layered("rt2d", {{"size", "64"}});
    layered.sim->step(1);
    layered.readings.new_run();
    layered.readings.measure(*layered.sim, layered.snap, layered.start + ReadRun::kSoon);
    EXPECT_EQ(layered.snap.fronts_step, 1u);
}

TEST(LiveFlowReadings, ConvectionRunHasANusseltNumber) {
    const SolverSnapshot snap = ReadRun("heated_cavity2d", {{"size", "16"}}).snap;
    ASSERT_TRUE(snap.has_nusselt);
    EXPECT_FALSE(snap.nusselt.text.empty());
    EXPECT_EQ(snap.nusselt.step, 0u);
    EXPECT_FALSE(snap.has_fronts) << "a heated cavity is not layered";
    EXPECT_TRUE(snap.fronts_note.empty());
}

// Takes publications into `snap` (the same object throughout: take_latest swaps) until `done`
// holds for it or `seconds` pass; returns whether it holds.
bool wait_for(SolverThread& t, SolverSnapshot& snap,
              const std::function<bool(const SolverSnapshot&)>& done, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        t.take_latest(snap);
        if (done(snap)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// A blow-up pauses the solver; a new start does not inherit that pause (the visualiser's open
// restarts, then asks to run, and the old run's last batch may blow up in between), while
// reset() keeps it. cavity3d at Re 1000 on 16 nodes (tau 0.5048, D3Q27, TRT) goes non-finite
// near step 470 (tests/support/gui_flows.hpp).
TEST(LiveSolverThread, ANewRunDoesNotInheritTheBlowUpPause) {
    SolverStart unstable;
    unstable.scenario = "cavity3d";
    unstable.keys = test::unstable_cavity3d_keys();
    unstable.backend = BackendKind::Cpu;
    SolverThread thread(unstable);
    SolverSnapshot snap;
    const auto blown = [](const SolverSnapshot& s) { return !s.instability.empty() && s.paused; };
    ASSERT_TRUE(wait_for(thread, snap, blown, 120)) << "the unstable cavity did not blow up";

    thread.reset(); // the same start again: still paused, the user decides
    const auto fresh = [](const SolverSnapshot& s) { return s.instability.empty(); };
    ASSERT_TRUE(wait_for(thread, snap, fresh, 30)) << "reset did not publish a new run";
    EXPECT_TRUE(snap.paused) << "reset lifted the blow-up pause";
    EXPECT_EQ(snap.step, 0u);

    thread.set_paused(false);
    ASSERT_TRUE(wait_for(thread, snap, blown, 120)) << "the reset cavity did not blow up again";
    SolverStart stable = unstable;
    stable.keys = test::gui_cavity3d_keys();
    thread.restart(stable); // and no set_paused(false): the new run must go by itself
    const auto going = [](const SolverSnapshot& s) {
        return s.instability.empty() && !s.paused && s.step >= 200;
    };
    EXPECT_TRUE(wait_for(thread, snap, going, 120))
        << "the new run inherited the old run's blow-up pause: step " << snap.step << ", paused "
        << snap.paused;
}

} // namespace
} // namespace ll::gui
