// The solver thread: owns the ll::Simulation, steps it continuously and publishes the latest
// slice for the GUI. The GUI never waits on it: settings changes are queued and applied by this
// thread between step batches, and the latest slice is handed over by swapping buffers under a
// mutex (no copy, no waiting on a step).
//
// This class is the loop, the command queue and the public API; the work between batches is
// done by parts that each own their state (all touched only by the solver thread, or by the
// constructor before it starts):
//   SnapshotPublisher  the slice and the solver state, double-buffered for take_latest()
//   FlowReadings       fronts, Nusselt number and warnings, each at its own rate
//   BlowUpGuard        the NaN/Inf check every kCheckEvery steps, and the advice
//   LaunchSweep        the live sweeps (threads per block, occupancy cap) and their result
#pragma once
#include "blow_up_guard.hpp"
#include "flow_readings.hpp"
#include "launch_sweep.hpp"
#include "snapshot_publisher.hpp"
#include "solver_snapshot.hpp"
#include "solver_start.hpp"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ll::gui {

class SolverThread {
public:
    static constexpr int kCheckEvery = BlowUpGuard::kCheckEvery;
    static constexpr double kFrontsHz = FlowReadings::kFrontsHz;
    static constexpr double kNusseltHz = FlowReadings::kNusseltHz;

    using Command = std::function<void(Simulation&)>;

    // Builds the simulation (throws ConfigError) and starts stepping.
    explicit SolverThread(const SolverStart& start);
    ~SolverThread();
    SolverThread(const SolverThread&) = delete;
    SolverThread& operator=(const SolverThread&) = delete;

    // Queued; applied by the solver thread before its next batch. A ConfigError it throws is
    // reported through SolverSnapshot::error and leaves the simulation as it was.
    void post(Command command);
    void set_field(FieldKind field);
    // The slice shown of a 3D lattice: normal to `axis` at `index`, clamped to the lattice;
    // index -1 means the middle. 2D lattices always show their one z slice.
    void set_slice(Axis axis, int index);
    void set_paused(bool paused);
    void step_once();
    void reset(); // rebuilds the start-up scenario with the current model and launch
    // Replaces the run by preset `scenario` with its defaults (the CPU-sized lattice when no
    // GPU runs it); reset() then returns to it. A ConfigError leaves the old run going.
    void switch_scenario(const std::string& scenario);
    // Replaces the run by `next` (a preset with the user's keys, validated by build_scenario
    // in one place). `check`, when given, runs first on the solver thread (e.g. a memory
    // pre-flight) and may throw ConfigError. A failure leaves the old run going and reaches
    // SolverSnapshot::error; reset() then returns to `next` once it is running.
    using StartCheck = std::function<void(const SolverStart&)>;
    void restart(SolverStart next, StartCheck check = {});
    // Splits the running lattice into `tiles` ("auto" or NxMxK) on `devices` (GPU numbers),
    // keeping the flow (Simulation::set_subdomains); reset() and lattice restarts keep them, a
    // new preset starts on "auto". A ConfigError (a tiling that does not fit, a GPU that is not
    // there) reaches SolverSnapshot::error and the run goes on unchanged.
    void set_subdomains(std::string tiles, std::vector<int> devices);
    // The scenario and user keys of the run now going (not the resolved ones), without
    // waiting for the solver: a copy kept under its own small lock.
    SolverStart current_start() const;
    // Times the live lattice at each value of `setting` (launch_sweep.hpp), then restores the
    // launch. GPU only: on the CPU back end it says so in SolverSnapshot::sweep.note.
    void sweep(SweepSetting setting = SweepSetting::BlockSize);
    // The performance model the sweeps set beside each point (the visualiser passes the lab's;
    // none by default). Set it before the first sweep.
    void set_sweep_model(SweepModel model);

    // With interop the renderer reads slices from device memory: publications of a GPU run
    // then fill `exchange` instead of SolverSnapshot::slice. nullptr returns to host slices.
    void set_device_exchange(std::shared_ptr<render::DeviceSliceExchange> exchange);

    // Swaps the newest publication into `out` when there is one newer than out.serial.
    bool take_latest(SolverSnapshot& out) { return publisher_.take_latest(out); }

    // Runs `fn` on the caller's thread while the solver is between batches. For tests and
    // tools: it waits for the running batch, so the GUI's frame path must not call it.
    void inspect(const std::function<void(const Simulation&)>& fn);

private:
    void run();
    // Takes the queued work for one batch: how many steps, and whether commands wait.
    struct Batch {
        int steps = 0;
        bool has_commands = false, running = false;
    };
    bool wait_for_work(Batch& batch); // false: stop
    void apply_commands();
    void step_batch(const Batch& batch);
    void publish();
    // Queues a command that changes the shown slice, so the loop republishes even when paused.
    void change_slice(const std::function<void(SliceChoice&)>& change);
    // Commands that replace the run (solver thread, sim_mutex_ held): the new Simulation, and
    // with `next` the start that reset() returns to.
    void replace_run(std::unique_ptr<Simulation> fresh);
    void replace_run(std::unique_ptr<Simulation> fresh, SolverStart next);

    SolverStart start_; // solver thread (commands), or the constructor before it starts
    // A copy of start_ for current_start(); written by remember_start() on the solver thread.
    void remember_start();
    mutable std::mutex start_copy_mutex_;
    SolverStart start_copy_;
    std::unique_ptr<Simulation> sim_;
    std::mutex sim_mutex_;           // held by the solver thread while it touches sim_
    std::atomic<int> inspectors_{0}; // inspect() calls waiting for sim_mutex_

    std::mutex queue_mutex_; // guards everything down to shown_, the GUI's side of the queue
    std::condition_variable wake_;
    std::vector<Command> queue_;
    bool paused_ = false;
    bool paused_by_blow_up_ = false; // the pause is the guard's, not the user's
    int single_steps_ = 0;
    bool stop_ = false;
    SliceChoice shown_;

    // The solver thread's own (or the constructor's, before the thread starts): no lock needed,
    // though most are touched with sim_mutex_ held. The publisher's hand-over has its own mutex.
    std::string error_;
    int batch_ = 8; // steps per batch, adapted to about start_.batch_seconds
    SnapshotPublisher publisher_;
    FlowReadings readings_;
    BlowUpGuard guard_;
    LaunchSweep sweep_;
    SweepModel sweep_model_; // solver thread only once set

    std::thread thread_;
};

} // namespace ll::gui
