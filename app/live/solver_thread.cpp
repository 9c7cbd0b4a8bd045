// [SECTION] start-up
// [SECTION] the loop
// [SECTION] publication
#include "solver_thread.hpp"

#include <chrono>
#include <cmath>

namespace ll::gui {

// ---- [SECTION] start-up ------------------------------------------------------------------

namespace {
// Cylinder diameters in nodes: the CPU lattice (352 x 66) shows a moving flow within seconds
// on two cores; a GPU takes a lattice sixteen times larger at interactive rates.
constexpr const char* kCpuSize = "16";
constexpr const char* kGpuSize = "64";
} // namespace

SolverStart SolverThread::sized_start(SolverStart start, bool on_gpu) {
    // The other presets' defaults are already small enough for two CPU cores (those with a
    // GPU-sized default pick ScenarioSpec::cpu_size themselves when no GPU is present;
    // cpu_sized covers a CPU run on a machine with one).
    if (start.scenario == "cylinder2d" && !start.keys.contains("size"))
        start.keys["size"] = on_gpu ? kGpuSize : kCpuSize;
    if (!on_gpu) start.keys = cpu_sized(start.scenario, std::move(start.keys));
    return start;
}

SolverThread::SolverThread(const SolverStart& start)
    : start_(sized_start(start, cuda_compiled_in())) {
    sim_ = Simulation::create(start_setup(), start_.backend);
    if (!sim_->on_gpu() && start_.keys != sized_start(start, false).keys) {
        // CUDA was compiled in but no GPU is usable: the big lattice would crawl on the CPU.
        start_ = sized_start(start, false);
        sim_ = Simulation::create(start_setup(), start_.backend);
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

SimulationSetup SolverThread::start_setup() const {
    return build_scenario(start_.scenario, start_.keys);
}

void SolverThread::post(Command command) {
    {
        std::lock_guard lock(queue_mutex_);
        queue_.push_back(std::move(command));
    }
    wake_.notify_all();
}

void SolverThread::set_field(FieldKind field) {
    {
        std::lock_guard lock(queue_mutex_);
        field_ = field;
        // An empty command makes the loop publish the new field even while paused.
        queue_.push_back([](Simulation&) {});
    }
    wake_.notify_all();
}

void SolverThread::set_slice(Axis axis, int index) {
    {
        std::lock_guard lock(queue_mutex_);
        slice_axis_ = axis;
        slice_index_ = index;
        queue_.push_back([](Simulation&) {}); // publish the new slice even while paused
    }
    wake_.notify_all();
}

void SolverThread::set_device_exchange(std::shared_ptr<render::DeviceSliceExchange> exchange) {
    {
        std::lock_guard lock(queue_mutex_);
        exchange_ = std::move(exchange);
        queue_.push_back([](Simulation&) {}); // republish through the new path
    }
    wake_.notify_all();
}

void SolverThread::set_paused(bool paused) {
    {
        std::lock_guard lock(queue_mutex_);
        paused_ = paused;
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

void SolverThread::reset() {
    post([this](Simulation& sim) {
        SimulationSetup setup = start_setup();
        setup.model = sim.setup().model;
        setup.launch = sim.setup().launch;
        // Runs on the solver thread with sim_mutex_ held: replacing sim_ here is safe.
        sim_ = Simulation::create(std::move(setup), start_.backend);
        instability_.clear();
    });
}

void SolverThread::switch_scenario(const std::string& scenario) {
    post([this, scenario](Simulation& sim) {
        SolverStart next = start_;
        next.scenario = scenario;
        next.keys.clear();
        next = sized_start(next, sim.on_gpu());
        // Built first: a failure throws here and the running flow stays as it was.
        auto fresh = Simulation::create(build_scenario(next.scenario, next.keys), next.backend);
        // On the solver thread with sim_mutex_ held (see reset()).
        sim_ = std::move(fresh);
        start_ = std::move(next);
        remember_start();
        instability_.clear();
    });
}

void SolverThread::restart(SolverStart next, StartCheck check) {
    post([this, next = std::move(next), check = std::move(check)](Simulation&) {
        if (check) check(next);
        // Built before the old run is touched: a ConfigError (bad key, range, lattice too
        // large for memory) propagates from here and the running flow stays as it was.
        auto fresh = Simulation::create(build_scenario(next.scenario, next.keys), next.backend);
        sim_ = std::move(fresh); // solver thread, sim_mutex_ held (see reset())
        start_ = next;
        remember_start();
        instability_.clear();
    });
}

SolverStart SolverThread::current_start() const {
    std::lock_guard lock(start_copy_mutex_);
    return start_copy_;
}

void SolverThread::update_warnings(const Simulation& sim) {
    // The warnings read only the setup, but not every frame: only when it may have changed.
    if (&sim == warned_sim_ && sim.setup().flow.tau == warned_tau_) return;
    warned_sim_ = &sim;
    warned_tau_ = sim.setup().flow.tau;
    warnings_ = thermal_warnings(sim.setup());
}

void SolverThread::remember_start() {
    std::lock_guard lock(start_copy_mutex_);
    start_copy_ = start_;
}

void SolverThread::sweep() {
    post([this](Simulation& sim) {
        sweep_.clear();
        if (!sim.on_gpu()) {
            sweep_note_ = "The threads-per-block sweep needs a GPU (CUDA back end): the CPU "
                          "back end has no blocks, so the block size does not change its speed.";
            return;
        }
        const LaunchConfig keep = sim.setup().launch;
        // About as many steps as a ~30 ms batch, so each point takes a fraction of a second.
        const int steps = std::max(batch_, 10);
        for (int threads : {32, 64, 96, 128, 192, 256, 384, 512, 768, 1024}) {
            try {
                sim.set_launch(LaunchConfig{threads, keep.blocks_per_sm_cap});
            } catch (const ConfigError&) {
                continue; // too many registers for this size: no point on the plot
            }
            sim.step(2); // first launch at this size
            sim.step(steps);
            sweep_.emplace_back(threads, sim.performance().mlups);
        }
        sim.set_launch(keep);
        sweep_note_ = "Sweep done on the live lattice; the launch is back to " +
                      std::to_string(keep.block_size) + " threads per block.";
    });
}

bool SolverThread::take_latest(SolverSnapshot& out) {
    std::lock_guard lock(publish_mutex_);
    if (ready_.serial <= out.serial) return false;
    std::swap(out, ready_);
    return true;
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

void SolverThread::run() {
    using clock = std::chrono::steady_clock;
    for (;;) {
        while (inspectors_.load() > 0)
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        int steps = 0;
        bool has_commands = false, running = false;
        {
            std::unique_lock lock(queue_mutex_);
            // Paused with nothing to do: sleep until the GUI asks for something.
            wake_.wait(lock,
                       [&] { return stop_ || !paused_ || single_steps_ > 0 || !queue_.empty(); });
            if (stop_) return;
            has_commands = !queue_.empty();
            running = !paused_;
            if (running) {
                steps = batch_;
            } else if (single_steps_ > 0) {
                steps = 1;
                --single_steps_;
            }
        }
        {
            std::lock_guard lock(sim_mutex_);
            if (has_commands) apply_commands();
            if (steps > 0) {
                const auto t0 = clock::now();
                steps = step_checked(steps);
                const double s = std::chrono::duration<double>(clock::now() - t0).count();
                // Aim at batch_seconds (30 ms): frequent enough for a live picture and for commands
                // to apply promptly, long enough that publishing costs little.
                if (running && s > 0 && steps > 0)
                    batch_ = std::clamp(int(batch_ * start_.batch_seconds / s), 1, 10000);
            }
        }
        publish();
    }
}

int SolverThread::step_checked(int steps) {
    int done = 0;
    while (done < steps) {
        // Checks fall every kCheckEvery steps however the batches are cut: a check reads the
        // whole lattice once, which per short batch (60 publications a second on a 256^3
        // lattice) would cost several percent of the solver's speed.
        const int chunk = std::min(kCheckEvery - steps_since_check_, steps - done);
        sim_->step(chunk);
        done += chunk;
        steps_since_check_ += chunk;
        if (steps_since_check_ < kCheckEvery) continue;
        steps_since_check_ = 0;
        if (sim_->count_nonfinite() == 0) continue;
        instability_ = sim_->instability_advice();
        ++blowups_;
        {
            std::lock_guard lock(queue_mutex_);
            paused_ = true;
            single_steps_ = 0;
        }
        break;
    }
    return done;
}

// ---- [SECTION] publication ---------------------------------------------------------------

namespace {
// The slice actually shown: 2D lattices have only z = 0; an index outside the lattice (or -1)
// is clamped to it, -1 meaning the middle.
FieldRegion shown_slice(const Dims& d, Axis axis, int index) {
    if (d.nz == 1) return FieldRegion{false, Axis::Z, 0};
    const int count = int(slice_count(d, axis));
    const int i = index < 0 ? count / 2 : std::min(index, count - 1);
    return FieldRegion{false, axis, std::uint32_t(i)};
}
} // namespace

void SolverThread::measure_fronts_now(Simulation& sim) {
    const Dims d = sim.setup().dims;
    if (!sim.has_temperature()) {
        has_fronts_ = false;
        fronts_note_.clear();
        return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (has_fronts_ && (sim.time_step() == fronts_step_ ||
                        now - fronts_at_ < std::chrono::duration<double>(1.0 / kFrontsHz)))
        return;
    const FrontLevels levels = front_levels(sim.setup());
    // A layered run without fronts (3D) says why; one without layers (a heated cavity) has
    // nothing for the plot.
    fronts_note_ = levels.layered && !levels.measurable ? levels.why : "";
    if (!levels.measurable) {
        has_fronts_ = false;
        return;
    }
    temperature_.resize(d.nodes());
    // Walls masked (NaN): measure_fronts skips them.
    sim.read_field(FieldRequest{FieldKind::Temperature, -1, true}, FieldRegion{true},
                   temperature_.data(), MemorySpace::Host);
    fronts_ =
        measure_fronts(temperature_.data(), int(d.nx), int(d.ny), levels.T_hot, levels.T_cold);
    fronts_step_ = sim.time_step();
    fronts_at_ = now;
    has_fronts_ = true;
}

bool SolverThread::measure_nusselt_now(Simulation& sim) {
    // From the setup alone (cheap): a run without heated walls drops the line at once.
    const HeatTransfer h = heat_transfer(sim.setup());
    if (!h.available) return false;
    const auto now = std::chrono::steady_clock::now();
    // A new run or a new tau (Ra and Pr follow it) is measured at once, since the text names
    // the published value for the run's Ra; otherwise once per 1 / kNusseltHz of a moving flow.
    const bool same_run = &sim == nusselt_sim_ && h.rayleigh == nusselt_ra_;
    if (same_run && (sim.time_step() == nusselt_.step ||
                     now - nusselt_at_ < std::chrono::duration<double>(1.0 / kNusseltHz)))
        return true;
    nusselt_sim_ = &sim;
    nusselt_ra_ = h.rayleigh;
    nusselt_at_ = now;
    nusselt_.value = nusselt(sim, h);
    nusselt_.text = nusselt_text(nusselt_.value, sim.setup(), h);
    nusselt_.step = sim.time_step();
    nusselt_.time = double(sim.time_step()) / h.diffusion_time();
    return true;
}

void SolverThread::publish() {
    FieldKind field;
    bool paused;
    Axis axis;
    int index;
    std::shared_ptr<render::DeviceSliceExchange> exchange;
    {
        std::lock_guard lock(queue_mutex_);
        field = field_;
        paused = paused_;
        axis = slice_axis_;
        index = slice_index_;
        exchange = exchange_;
    }
    {
        std::lock_guard lock(sim_mutex_);
        const Simulation& sim = *sim_;
        const Dims d = sim.setup().dims;
        const FieldRegion region = shown_slice(d, axis, index);
        // A field this model lacks (temperature after a switch to an isothermal preset, or
        // chosen just before the thermal run starts) falls back to the speed: a publication
        // must never throw on the solver thread.
        if (field == FieldKind::Temperature && !sim.has_temperature()) field = FieldKind::Speed;
        if (field == FieldKind::Uz && d.nz == 1) field = FieldKind::Speed;
        const SliceExtent e = slice_extent(d, region.axis);
        // Walls come back as NaN, which the renderer draws in its no-data colour.
        const FieldRequest request{field, -1, true};
        back_.on_device = exchange && sim.on_gpu();
        if (back_.on_device) {
            // Device to device: read_field synchronises the solver's stream before publish().
            float* target = exchange->begin_write(region_size(d, region));
            sim_->read_field(request, region, target, MemorySpace::Device);
            exchange->publish(e.width, e.height, serial_ + 1);
            back_.slice.clear();
        } else {
            back_.slice.resize(region_size(d, region));
            sim_->read_field(request, region, back_.slice.data(), MemorySpace::Host);
        }
        back_.slice_axis = region.axis;
        back_.slice_index = region.index;
        back_.width = e.width;
        back_.height = e.height;
        back_.field = field;
        back_.has_temperature = sim.has_temperature();
        measure_fronts_now(*sim_);
        back_.fronts = fronts_;
        back_.fronts_step = fronts_step_;
        back_.has_fronts = has_fronts_;
        back_.fronts_note = fronts_note_;
        back_.has_nusselt = measure_nusselt_now(*sim_);
        back_.nusselt = nusselt_;
        back_.step = sim.time_step();
        back_.mlups = sim.performance().mlups;
        back_.perf = sim.performance();
        back_.bytes_per_node = bytes_per_node_update(sim.setup());
        back_.report = sim.launch_report();
        back_.paused = paused;
        back_.model = sim.setup().model;
        back_.launch = sim.setup().launch;
        back_.tau = sim.setup().flow.tau;
        back_.dims = d;
        back_.scenario = sim.setup().scenario;
        back_.device = sim.device().device;
        back_.backend = sim.device().backend;
        back_.backend_note = sim.backend_note();
        back_.error = error_;
        update_warnings(sim);
        back_.warnings = warnings_;
        back_.instability = instability_;
        back_.blowups = blowups_;
        back_.sweep = sweep_;
        back_.sweep_note = sweep_note_;
    }
    std::lock_guard lock(publish_mutex_);
    back_.serial = ++serial_;
    std::swap(back_, ready_);
}

} // namespace ll::gui
