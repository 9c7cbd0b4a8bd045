// [SECTION] start-up and the public API
// [SECTION] the loop
#include "solver_thread.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

namespace ll::gui {

// ---- [SECTION] start-up and the public API -----------------------------------------------

SolverThread::SolverThread(const SolverStart& start)
    : start_(sized_start(start, cuda_compiled_in())) {
    sim_ = Simulation::create(start_setup(start_), start_.backend);
    if (!sim_->on_gpu() && start_.keys != sized_start(start, false).keys) {
        // CUDA was compiled in but no GPU is usable: the big lattice would crawl on the CPU.
        start_ = sized_start(start, false);
        sim_ = Simulation::create(start_setup(start_), start_.backend);
    }
    remember_start();
    publish();
    thread_ = std::thread([this] { run(); });
}

SolverThread::~SolverThread() {
    {
        std::lock_guard lock(queue_mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void SolverThread::post(Command command) {
    {
        std::lock_guard lock(queue_mutex_);
        queue_.push_back(std::move(command));
    }
    wake_.notify_all();
}

void SolverThread::change_slice(const std::function<void(SliceChoice&)>& change) {
    {
        std::lock_guard lock(queue_mutex_);
        change(shown_);
        // An empty command makes the loop publish the new slice even while paused.
        queue_.push_back([](Simulation&) {});
    }
    wake_.notify_all();
}

void SolverThread::set_field(FieldKind field) {
    change_slice([field](SliceChoice& s) { s.field = field; });
}

void SolverThread::set_slice(Axis axis, int index) {
    change_slice([axis, index](SliceChoice& s) {
        s.axis = axis;
        s.index = index;
    });
}

void SolverThread::set_device_exchange(std::shared_ptr<render::DeviceSliceExchange> exchange) {
    // Republished through the new path.
    change_slice([&exchange](SliceChoice& s) { s.exchange = std::move(exchange); });
}

void SolverThread::set_paused(bool paused) {
    {
        std::lock_guard lock(queue_mutex_);
        paused_ = paused;
        paused_by_blow_up_ = false;
        // The batch in flight may have published before it saw the pause: an empty command
        // publishes the paused state once more.
        if (paused) queue_.push_back([](Simulation&) {});
    }
    wake_.notify_all();
}

void SolverThread::step_once() {
    {
        std::lock_guard lock(queue_mutex_);
        ++single_steps_;
    }
    wake_.notify_all();
}

void SolverThread::replace_run(std::unique_ptr<Simulation> fresh) {
    // Runs on the solver thread with sim_mutex_ held: replacing sim_ here is safe.
    sim_ = std::move(fresh);
    guard_.clear();
    readings_.new_run();
}

// A new start (another scenario or file, restarted keys) does not inherit the old run's
// blow-up pause. Opening a file restarts and then asks to run, and the old run's batch in
// flight may blow up after that request yet before this replacement: the new flow then sat
// paused at step 0 with no message (about 2 runs in 10 under load). reset() keeps the pause.
void SolverThread::replace_run(std::unique_ptr<Simulation> fresh, SolverStart next) {
    {
        std::lock_guard lock(queue_mutex_);
        if (paused_by_blow_up_) paused_ = false;
        paused_by_blow_up_ = false;
    }
    replace_run(std::move(fresh));
    start_ = std::move(next);
    remember_start();
}

void SolverThread::reset() {
    post([this](Simulation& sim) {
        SimulationSetup setup = start_setup(start_);
        setup.model = sim.setup().model;
        setup.launch = sim.setup().launch;
        replace_run(Simulation::create(std::move(setup), start_.backend));
    });
}

void SolverThread::switch_scenario(const std::string& scenario) {
    post([this, scenario](Simulation& sim) {
        SolverStart next = start_;
        next.scenario = scenario;
        next.keys.clear();
        next.tiles = "auto"; // a tiling of the old lattice may not fit; the GPUs stay
        next = sized_start(next, sim.on_gpu());
        // Built first: a failure throws here and the running flow stays as it was.
        auto fresh = Simulation::create(start_setup(next), next.backend);
        replace_run(std::move(fresh), std::move(next));
    });
}

void SolverThread::restart(SolverStart next, StartCheck check) {
    post([this, next = std::move(next), check = std::move(check)](Simulation&) {
        if (check) check(next);
        // Built before the old run is touched: a ConfigError (bad key, range, lattice too
        // large for memory) propagates from here and the running flow stays as it was.
        auto fresh = Simulation::create(start_setup(next), next.backend);
        replace_run(std::move(fresh), next);
    });
}

void SolverThread::set_subdomains(std::string tiles, std::vector<int> devices) {
    post([this, tiles = std::move(tiles), devices = std::move(devices)](Simulation& sim) {
        const EngineConfig cfg = engine_config(sim.setup());
        sim.set_subdomains(resolve_tiles(tiles, cfg, int(devices.size())), devices);
        start_.tiles = tiles;
        start_.devices = devices;
        remember_start();
    });
}

SolverStart SolverThread::current_start() const {
    std::lock_guard lock(start_copy_mutex_);
    return start_copy_;
}

void SolverThread::remember_start() {
    std::lock_guard lock(start_copy_mutex_);
    start_copy_ = start_;
}

void SolverThread::sweep(SweepSetting setting) {
    post([this, setting](Simulation& sim) { sweep_.run(sim, setting, batch_, sweep_model_); });
}

void SolverThread::set_sweep_model(SweepModel model) {
    post([this, model = std::move(model)](Simulation&) { sweep_model_ = model; });
}

void SolverThread::inspect(const std::function<void(const Simulation&)>& fn) {
    // std::mutex is not fair: the solver thread would take the lock straight back after each
    // batch. The counter makes it step aside (see run()).
    ++inspectors_;
    std::lock_guard lock(sim_mutex_);
    --inspectors_;
    fn(*sim_);
}

// ---- [SECTION] the loop ------------------------------------------------------------------

void SolverThread::run() {
    for (;;) {
        while (inspectors_.load() > 0)
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        Batch batch;
        if (!wait_for_work(batch)) return;
        {
            std::lock_guard lock(sim_mutex_);
            if (batch.has_commands) apply_commands();
            if (batch.steps > 0) step_batch(batch);
        }
        publish();
    }
}

bool SolverThread::wait_for_work(Batch& batch) {
    std::unique_lock lock(queue_mutex_);
    // Paused with nothing to do: sleep until the GUI asks for something.
    wake_.wait(lock, [&] { return stop_ || !paused_ || single_steps_ > 0 || !queue_.empty(); });
    if (stop_) return false;
    batch.has_commands = !queue_.empty();
    batch.running = !paused_;
    if (batch.running) {
        batch.steps = batch_;
    } else if (single_steps_ > 0) {
        batch.steps = 1;
        --single_steps_;
    }
    return true;
}

void SolverThread::apply_commands() {
    std::vector<Command> commands;
    {
        std::lock_guard lock(queue_mutex_);
        commands.swap(queue_);
    }
    for (auto& command : commands) {
        try {
            command(*sim_);
            error_.clear();
        } catch (const std::exception& e) {
            // A rejected change (ConfigError names the field and range) leaves the flow as is.
            error_ = e.what();
        }
    }
}

void SolverThread::step_batch(const Batch& batch) {
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    const BlowUpGuard::Stepped stepped = guard_.step(*sim_, batch.steps);
    if (stepped.blew_up) {
        // The solver pauses itself; the GUI shows the guard's advice.
        std::lock_guard lock(queue_mutex_);
        paused_by_blow_up_ = paused_by_blow_up_ || !paused_; // a user's own pause stays theirs
        paused_ = true;
        single_steps_ = 0;
    }
    const double s = std::chrono::duration<double>(clock::now() - t0).count();
    // Aim at batch_seconds (30 ms): frequent enough for a live picture and for commands to
    // apply promptly, long enough that publishing costs little.
    if (batch.running && s > 0 && stepped.done > 0)
        batch_ = std::clamp(int(batch_ * start_.batch_seconds / s), 1, 10000);
}

void SolverThread::publish() {
    SliceChoice shown;
    bool paused;
    {
        std::lock_guard lock(queue_mutex_);
        shown = shown_;
        paused = paused_;
    }
    {
        std::lock_guard lock(sim_mutex_);
        SolverSnapshot& next = publisher_.fill(*sim_, shown);
        readings_.measure(*sim_, next);
        guard_.write_to(next);
        next.sweep = sweep_.result();
        next.paused = paused;
        next.error = error_;
    }
    publisher_.publish();
}

} // namespace ll::gui
