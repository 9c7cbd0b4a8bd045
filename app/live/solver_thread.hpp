// The solver thread: owns the ll::Simulation, steps it continuously and publishes the latest
// slice for the GUI. The GUI never waits on it: settings changes are queued and applied by this
// thread between step batches, and the latest slice is handed over by swapping buffers under a
// mutex (no copy, no waiting on a step).
#pragma once
#include "render/interop/device_slice_exchange.hpp"
#include "solver/scenario/scenario.hpp"
#include "solver/simulation.hpp"
#include "solver/diagnostics/heat_transfer.hpp"
#include "solver/diagnostics/rt_fronts.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ll::gui {

// The Nusselt number of a convection run (solver/diagnostics/heat_transfer.hpp) as measured on
// the solver thread: the value, as text with the published value where one applies
// ("2.237 (de Vahl Davis 1983: 2.243 at Ra 1e4)"), and when (the step, and the time in
// diffusion times H^2 / kappa).
struct NusseltReading {
    double value = 0;
    std::string text;
    std::uint64_t step = 0;
    double time = 0;
};

// What the GUI draws and shows: one published slice plus the solver state it came from.
struct SolverSnapshot {
    std::uint64_t serial = 0; // increases with every publication
    std::vector<float> slice; // width x height, row 0 = y 0; NaN on solid nodes
    // True when the slice went to the device exchange (set_device_exchange) instead: `slice`
    // is then empty and the renderer takes the values from the exchange.
    bool on_device = false;
    std::uint32_t width = 0, height = 0;
    FieldKind field = FieldKind::Speed;
    bool has_temperature = false; // the model has a temperature field (thermal presets)
    // 2D thermal runs: the Rayleigh-Taylor fronts (rows; see solver/diagnostics/rt_fronts.hpp),
    // measured at most kFrontsHz times a second on the whole lattice, and the step they are of.
    Fronts fronts;
    std::uint64_t fronts_step = 0;
    bool has_fronts = false;
    // Why a run with heavy fluid above light has no fronts (a 3D lattice); empty otherwise.
    std::string fronts_note;
    // Convection runs (heated walls): the Nusselt number, at most kNusseltHz times a second.
    bool has_nusselt = false;
    NusseltReading nusselt;
    // Where the slice lies: normal to slice_axis at slice_index (2D lattices: z, 0).
    Axis slice_axis = Axis::Z;
    std::uint32_t slice_index = 0;
    std::uint64_t step = 0;
    double mlups = 0;
    Performance perf;          // of the last measured batch
    double bytes_per_node = 0; // per node update (bytes_per_node_update of the setup)
    LaunchReport report;       // registers, blocks per SM, occupancy (GPU only)
    bool paused = false;
    ModelChoice model;
    LaunchConfig launch;
    double tau = 0;
    Dims dims;
    std::string scenario, device, backend, backend_note;
    std::string error; // the last rejected change, for the UI
    // Warnings about the current parameters (thermal_warnings: tau near 1/2, Mach number,
    // damped growth), as `latticelab run` prints before it starts; empty when all is well.
    std::vector<std::string> warnings;
    // Non-empty once the flow went unstable (NaN/Inf): Simulation::instability_advice(). The
    // solver paused itself; a reset or a new scenario clears it.
    std::string instability;
    // The last threads-per-block sweep: (block size, MLUPS), or why there is none.
    std::vector<std::pair<int, double>> sweep;
    std::string sweep_note;
    std::uint64_t blowups = 0; // counts the solver's own pauses, so the GUI sees each one
};

struct SolverStart {
    std::string scenario = "cylinder2d";
    KeyValues keys;
    BackendKind backend = BackendKind::Auto;
    // Steps per batch are adapted to about this long: a publication (a slice for the renderer)
    // follows every batch, and queued settings apply between batches.
    double batch_seconds = 0.03;
};

class SolverThread {
public:
    // The issue asks that a blow-up be caught within 100 steps of its start.
    static constexpr int kCheckEvery = 100;
    // The fronts read the whole temperature field back to the host: a few times a second.
    static constexpr double kFrontsHz = 4;
    // The Nusselt number reads two whole-lattice fields (velocity and temperature): once a
    // second, which is as fast as a reader follows a number.
    static constexpr double kNusseltHz = 1;

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
    // The scenario and user keys of the run now going (not the resolved ones), without
    // waiting for the solver: a copy kept under its own small lock.
    SolverStart current_start() const;
    // Times the live lattice at block sizes 32..1024 (seed 004, Fig. 5), then restores the
    // launch. GPU only: on the CPU back end it says so in SolverSnapshot::sweep_note.
    void sweep();

    // With interop the renderer reads slices from device memory: publications of a GPU run
    // then fill `exchange` instead of SolverSnapshot::slice. nullptr returns to host slices.
    void set_device_exchange(std::shared_ptr<render::DeviceSliceExchange> exchange);

    // Swaps the newest publication into `out` when there is one newer than out.serial.
    bool take_latest(SolverSnapshot& out);

    // Runs `fn` on the caller's thread while the solver is between batches. For tests and
    // tools: it waits for the running batch, so the GUI's frame path must not call it.
    void inspect(const std::function<void(const Simulation&)>& fn);

private:
    void run();
    void apply_commands();
    void publish();
    SimulationSetup start_setup() const;
    // start_ with the default lattice for this back end picked where the user gave no size.
    static SolverStart sized_start(SolverStart start, bool on_gpu);
    // Steps `steps`, counting non-finite nodes after every kCheckEvery steps (counted across
    // batches); on a blow-up it pauses and records the advice. Returns the steps done.
    int step_checked(int steps);

    SolverStart start_;
    // A copy of start_ for current_start(); written by remember_start() on the solver thread.
    void remember_start();
    mutable std::mutex start_copy_mutex_;
    SolverStart start_copy_;
    std::unique_ptr<Simulation> sim_;
    std::mutex sim_mutex_;           // held by the solver thread while it touches sim_
    std::atomic<int> inspectors_{0}; // inspect() calls waiting for sim_mutex_

    std::mutex queue_mutex_;
    std::condition_variable wake_;
    std::vector<Command> queue_;
    bool paused_ = false;
    int single_steps_ = 0;
    bool stop_ = false;
    FieldKind field_ = FieldKind::Speed;
    Axis slice_axis_ = Axis::Y; // 3D: the xz mid-plane, as `latticelab run --png` shows
    int slice_index_ = -1;
    std::shared_ptr<render::DeviceSliceExchange> exchange_;

    std::mutex publish_mutex_;
    SolverSnapshot ready_; // the newest publication, swapped out by take_latest()
    SolverSnapshot back_;  // the solver thread's buffer being filled
    std::uint64_t serial_ = 0;
    std::string error_;
    std::string instability_;
    std::uint64_t blowups_ = 0;
    std::vector<std::pair<int, double>> sweep_;
    std::string sweep_note_;
    int batch_ = 8;             // steps per batch, adapted to about 30 ms
    int steps_since_check_ = 0; // steps since the last NaN/Inf check
    void measure_fronts_now(Simulation& sim);
    std::vector<float> temperature_; // whole-lattice read for the fronts
    std::chrono::steady_clock::time_point fronts_at_{};
    Fronts fronts_;
    std::uint64_t fronts_step_ = 0;
    bool has_fronts_ = false;
    std::string fronts_note_;
    // Measures nusselt_ when due, or at once for a new run or tau; false without heated walls.
    bool measure_nusselt_now(Simulation& sim);
    NusseltReading nusselt_;
    const Simulation* nusselt_sim_ = nullptr;
    double nusselt_ra_ = 0; // the Rayleigh number the last value was measured at
    std::chrono::steady_clock::time_point nusselt_at_{};
    // thermal_warnings() of the setup they were computed for (a new Simulation or a new tau).
    void update_warnings(const Simulation& sim);
    std::vector<std::string> warnings_;
    const Simulation* warned_sim_ = nullptr;
    double warned_tau_ = 0;

    std::thread thread_;
};

} // namespace ll::gui
