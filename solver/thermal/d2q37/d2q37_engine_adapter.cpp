// The D2Q37 engines behind ll::Engine.
//
// [SECTION] configuration   EngineConfig -> D2Q37Config, equilibrium start
// [SECTION] D2Q37Adapter    the Engine: rebuilds the inner engine for tau / block-size changes
// [SECTION] factories
#include "d2q37_engine_adapter.hpp"
#include "kernel_bench.hpp"
#include "solver/thermal/adapter_support.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <utility>

namespace ll {
namespace {

// ---- [SECTION] configuration ----
thermal::D2Q37Scheme scheme_of(const ModelChoice& m, const ThermalParams& t) {
    using S = thermal::D2Q37Scheme;
    if (m.scheme == Scheme::Push) return t.fused ? S::PushFused : S::Push;
    return t.fused ? S::PullFused : S::Pull;
}

// ---- [SECTION] D2Q37Adapter ----
// The CUDA engine's refusals (a lattice larger than the free memory, a block size that a
// kernel's registers do not allow) are bad input here.
std::unique_ptr<thermal::D2Q37Engine> cuda_engine(const thermal::D2Q37Config& c, std::string& why) {
    try {
        return thermal::make_d2q37_cuda_engine(c, why);
    } catch (const std::invalid_argument& e) {
        throw ConfigError(e.what());
    }
}

std::unique_ptr<thermal::D2Q37Engine> build(const EngineConfig& cfg, bool gpu) {
    const thermal::D2Q37Config c = d2q37_config(cfg);
    if (!gpu) return thermal::make_d2q37_cpu_engine(c);
    std::string why;
    auto e = cuda_engine(c, why);
    if (!e) throw ConfigError("backend = cuda: " + why + "; use backend = auto|cpu");
    return e;
}

class D2Q37Adapter final : public Engine {
public:
    D2Q37Adapter(const EngineConfig& cfg, std::unique_ptr<thermal::D2Q37Engine> inner, bool gpu)
        : cfg_(cfg), gpu_(gpu), inner_(std::move(inner)),
          info_(adapter_device_info(gpu, inner_->device())) {}

    double step(int steps) override {
        return inner_->step(steps);
    }
    void export_state(std::vector<double>& f) override {
        inner_->export_state(f);
    }
    void import_state(const std::vector<double>& f) override {
        const std::size_t want = std::size_t(cfg_.dims.nodes()) * thermal::D2Q37::Q;
        if (f.size() != want)
            throw std::invalid_argument("d2q37 state: must hold nx * ny * 37 values");
        inner_->import_state(f);
    }
    // No flags: the walls are the top and bottom rows' bc, built into the model.
    void set_flags(const std::vector<std::uint8_t>&) override {}
    void set_flow(const FlowParams& flow) override {
        EngineConfig next = cfg_;
        next.flow = flow;
        if (flow.tau != cfg_.flow.tau) rebuild(next);
        cfg_ = next;
    }
    void set_launch(const LaunchConfig& launch) override {
        adapter_refuse_occupancy_cap(launch, "d2q37");
        EngineConfig next = cfg_;
        next.launch = launch;
        // The CPU engine has no launch shape; the GPU's is fixed when its engine is built.
        if (gpu_ && launch.block_size != cfg_.launch.block_size) rebuild(next);
        cfg_ = next;
    }
    // A step is several kernels (kernel_bench.hpp, step_kernels): report the one with the
    // lowest occupancy, which is the one the block size and the registers bind (collide: 254
    // registers, 12 % on sm_90), and the smallest block limit of them all. Worked out once per
    // inner engine (its scheme and block size are fixed): the visualiser asks every frame.
    LaunchReport launch_report() const override {
        if (!report_) report_ = binding_launch_report();
        return *report_;
    }
    void read_macro(MacroField& out) override {
        read_fields();
        const std::size_t n = fields_.rho.size();
        out.rho.assign(fields_.rho.begin(), fields_.rho.end());
        out.ux.assign(fields_.ux.begin(), fields_.ux.end());
        out.uy.assign(fields_.uy.begin(), fields_.uy.end());
        out.uz.assign(n, 0.0f);
        out.T.assign(fields_.T.begin(), fields_.T.end());
    }
    // mask_walls changes nothing: every node is fluid (the walls lie beyond the edge rows).
    // The inner engine computes the field where its state lives (fields.hpp on both).
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        if (space == MemorySpace::Device && !gpu_)
            throw ConfigError("field output: the CPU back end has no device memory");
        inner_->read_field(req.kind, region, out, space);
    }
    std::uint64_t count_nonfinite() override {
        return inner_->count_nonfinite();
    }
    const DeviceInfo& device() const override {
        return info_;
    }
    double copy_bandwidth() override {
        return adapter_copy_bandwidth(gpu_, lattice_bytes(cfg_.model, cfg_.dims));
    }

private:
    void read_fields() {
        inner_->read_fields(fields_);
    }

    // A new inner engine with `next`'s tau or block size, carrying the state across. The old
    // lattice is freed first (both may not fit on the GPU); if the new one cannot be built,
    // the old configuration is rebuilt and the error goes on.
    LaunchReport binding_launch_report() const {
        const int block = inner_->config().block_size;
        const auto* bench = dynamic_cast<const thermal::D2Q37KernelBench*>(inner_.get());
        if (!gpu_ || !bench) return adapter_launch_report(gpu_, block);
        LaunchReport r{};
        r.block_size = block;
        r.max_threads_per_block = 1024;
        r.theoretical_occupancy = 2; // above any real one
        for (thermal::D2Q37Kernel k : thermal::step_kernels(inner_->config().scheme))
            for (const thermal::KernelResources& f : bench->resources(k, block)) {
                r.max_threads_per_block = std::min(r.max_threads_per_block,
                                                   f.max_threads_per_block);
                if (f.occupancy < r.theoretical_occupancy) {
                    r.theoretical_occupancy = f.occupancy;
                    r.registers_per_thread = f.registers;
                    r.blocks_per_sm = f.blocks_per_sm;
                }
            }
        if (r.theoretical_occupancy > 1) r.theoretical_occupancy = 0;
        return r;
    }

    void rebuild(const EngineConfig& next) {
        report_.reset();
        std::vector<double> f;
        inner_->export_state(f);
        inner_.reset();
        try {
            inner_ = build(next, gpu_);
        } catch (...) {
            inner_ = build(cfg_, gpu_);
            inner_->import_state(f);
            throw;
        }
        inner_->import_state(f);
    }

    EngineConfig cfg_;
    bool gpu_ = false;
    std::unique_ptr<thermal::D2Q37Engine> inner_;
    DeviceInfo info_;
    thermal::ThermalFields fields_;              // read_macro's, reused
    mutable std::optional<LaunchReport> report_; // of inner_, once asked
};

} // namespace

// ---- [SECTION] factories ----
thermal::D2Q37Config d2q37_config(const EngineConfig& cfg) {
    const std::string why = compatibility_error(cfg.model, cfg.dims);
    if (!why.empty()) throw ConfigError(why);
    thermal::D2Q37Config c;
    c.lx = int(cfg.dims.nx);
    c.ly = int(cfg.dims.ny);
    c.scheme = scheme_of(cfg.model, cfg.thermal);
    c.block_size = cfg.launch.block_size;
    c.params.tau = cfg.flow.tau;
    c.params.gravity = cfg.thermal.gravity;
    c.params.bottom = {thermal::WallKind::Thermal, cfg.thermal.T_bottom};
    c.params.top = {thermal::WallKind::Thermal, cfg.thermal.T_top};
    try {
        thermal::validate(c);
    } catch (const std::invalid_argument& e) {
        throw ConfigError(e.what());
    }
    return c;
}

std::vector<double> d2q37_equilibrium_state(const EngineConfig& cfg, const std::vector<double>& rho,
                                            const std::vector<double>& u,
                                            const std::vector<double>& T) {
    thermal::ThermalFields h;
    h.resize(int(cfg.dims.nx), int(cfg.dims.ny));
    for (std::size_t n = 0; n < h.rho.size(); ++n) {
        h.rho[n] = rho[n];
        h.ux[n] = u[3 * n];
        h.uy[n] = u[3 * n + 1];
        h.T[n] = T[n];
    }
    return thermal::equilibrium_state(d2q37_config(cfg).params, h);
}

std::unique_ptr<Engine> make_d2q37_cpu_adapter(const EngineConfig& cfg) {
    return std::make_unique<D2Q37Adapter>(cfg, build(cfg, false), false);
}

std::unique_ptr<Engine> make_d2q37_cuda_adapter(const EngineConfig& cfg, std::string& why) {
    auto inner = cuda_engine(d2q37_config(cfg), why);
    if (!inner) return nullptr;
    return std::make_unique<D2Q37Adapter>(cfg, std::move(inner), true);
}

} // namespace ll
