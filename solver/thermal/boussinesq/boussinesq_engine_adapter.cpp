// The Boussinesq engines behind ll::Engine.
//
// [SECTION] configuration       EngineConfig -> Config, equilibrium start
// [SECTION] BoussinesqAdapter   the Engine: rebuilds the inner engine for flags, flow and
//                               block-size changes, carrying the state across
// [SECTION] factories
#include "boussinesq_engine_adapter.hpp"

#include "solver/core/flags.hpp"
#include "solver/thermal/adapter_support.hpp"

#include <stdexcept>
#include <utility>

namespace ll {

namespace bq = thermal::boussinesq;

// ---- [SECTION] configuration ----
std::string boussinesq_compatibility_error(const ModelChoice& m, const Dims& d) {
    const std::string own = bq::model_error(m, d);
    return own.empty() ? compatibility_error(m, d) : own;
}

bq::Config boussinesq_config(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags) {
    const std::string why = boussinesq_compatibility_error(cfg.model, cfg.dims);
    if (!why.empty()) throw ConfigError(why);
    bq::Config c;
    c.dims = cfg.dims;
    c.model = cfg.model;
    c.temperature = cfg.boussinesq.temperature;
    c.flow = cfg.flow;
    c.thermal = cfg.boussinesq.settings;
    c.flags = flags;
    c.block_size = cfg.launch.block_size;
    bq::validate(c);
    return c;
}

namespace {
// The configuration of a lattice without walls: enough to size and check it.
bq::Config open_config(const EngineConfig& cfg) {
    return boussinesq_config(cfg, std::vector<std::uint8_t>(cfg.dims.nodes(), kFluid));
}
} // namespace

int boussinesq_temperature_velocities(const EngineConfig& cfg) {
    bq::Config c;
    c.model = cfg.model;
    c.temperature = cfg.boussinesq.temperature;
    return bq::temperature_velocities(c);
}

std::vector<double> boussinesq_equilibrium_state(const EngineConfig& cfg,
                                                 const std::vector<std::uint8_t>& flags,
                                                 const std::vector<double>& rho,
                                                 const std::vector<double>& u,
                                                 const std::vector<double>& theta) {
    bq::Fields in;
    in.resize(rho.size());
    for (std::size_t n = 0; n < rho.size(); ++n) {
        in.rho[n] = rho[n];
        in.ux[n] = u[3 * n];
        in.uy[n] = u[3 * n + 1];
        in.uz[n] = u[3 * n + 2];
        in.theta[n] = theta[n];
    }
    std::vector<double> f, g;
    bq::equilibrium_state(boussinesq_config(cfg, flags), in, f, g);
    f.insert(f.end(), g.begin(), g.end());
    return f;
}

// ---- [SECTION] BoussinesqAdapter ----
namespace {

std::unique_ptr<bq::Engine> build(const bq::Config& c, bool gpu) {
    if (!gpu) return bq::make_cpu_engine(c);
    std::string why;
    auto e = bq::make_cuda_engine(c, why);
    if (!e) throw ConfigError("backend = cuda: " + why + "; use backend = auto|cpu");
    return e;
}

class BoussinesqAdapter final : public Engine {
public:
    BoussinesqAdapter(const EngineConfig& cfg, std::unique_ptr<bq::Engine> inner, bool gpu)
        : cfg_(cfg), gpu_(gpu), flags_(inner->config().flags), inner_(std::move(inner)),
          info_(adapter_device_info(gpu, inner_->device())) {}

    double step(int steps) override { return inner_->step(steps); }
    void export_state(std::vector<double>& state) override {
        inner_->export_state(f_, g_);
        state.assign(f_.begin(), f_.end());
        state.insert(state.end(), g_.begin(), g_.end());
    }
    void import_state(const std::vector<double>& state) override {
        const bq::Config& c = inner_->config();
        const std::size_t nodes = c.dims.nodes();
        const std::size_t flow = nodes * std::size_t(bq::flow_velocities(c));
        if (state.size() != flow + nodes * std::size_t(bq::temperature_velocities(c)))
            throw std::invalid_argument(
                "boussinesq state: must hold nodes * (Q_flow + Q_temperature) values");
        f_.assign(state.begin(), state.begin() + std::ptrdiff_t(flow));
        g_.assign(state.begin() + std::ptrdiff_t(flow), state.end());
        inner_->import_state(f_, g_);
    }
    // New walls take thermal class 0 (adiabatic) unless the flags say otherwise.
    void set_flags(const std::vector<std::uint8_t>& flags) override { rebuild(cfg_, flags); }
    void set_flow(const FlowParams& flow) override {
        EngineConfig next = cfg_;
        next.flow = flow;
        rebuild(next, flags_);
    }
    void set_launch(const LaunchConfig& launch) override {
        adapter_refuse_occupancy_cap(launch, "Boussinesq");
        EngineConfig next = cfg_;
        next.launch = launch;
        // The CPU engine has no launch shape; the GPU's is fixed when its engine is built.
        if (gpu_ && launch.block_size != cfg_.launch.block_size) rebuild(next, flags_);
        cfg_ = next;
    }
    LaunchReport launch_report() const override { return inner_->launch_report(); }
    void read_macro(MacroField& out) override {
        inner_->read_fields(fields_);
        const auto to_float = [](const std::vector<double>& from, std::vector<float>& to) {
            to.assign(from.begin(), from.end());
        };
        to_float(fields_.rho, out.rho);
        to_float(fields_.ux, out.ux);
        to_float(fields_.uy, out.uy);
        to_float(fields_.uz, out.uz);
        to_float(fields_.theta, out.T);
    }
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        inner_->read_field(req, region, out, space);
    }
    std::uint64_t count_nonfinite() override { return inner_->count_nonfinite(); }
    const DeviceInfo& device() const override { return info_; }
    double copy_bandwidth() override {
        return adapter_copy_bandwidth(
            gpu_, lattice_bytes(cfg_.model, cfg_.dims, boussinesq_temperature_velocities(cfg_)));
    }

private:
    // A new inner engine for `next` and `flags`, carrying the state across. A config the model
    // refuses throws before anything changes; the old lattice is freed before the new one is
    // allocated (both may not fit on the GPU), and rebuilt if the new one cannot be.
    void rebuild(const EngineConfig& next, const std::vector<std::uint8_t>& flags) {
        const bq::Config c = boussinesq_config(next, flags);
        std::vector<double> state;
        export_state(state);
        const bq::Config old = inner_->config();
        inner_.reset();
        try {
            inner_ = build(c, gpu_);
        } catch (...) {
            inner_ = build(old, gpu_);
            import_state(state);
            throw;
        }
        import_state(state);
        cfg_ = next;
        flags_ = flags;
    }

    EngineConfig cfg_;
    bool gpu_ = false;
    std::vector<std::uint8_t> flags_;
    std::unique_ptr<bq::Engine> inner_;
    DeviceInfo info_;
    bq::Fields fields_;         // reused by read_macro
    std::vector<double> f_, g_; // the two parts of a state in transit
};

} // namespace

// ---- [SECTION] factories ----
std::unique_ptr<Engine> make_boussinesq_cpu_adapter(const EngineConfig& cfg) {
    return std::make_unique<BoussinesqAdapter>(cfg, build(open_config(cfg), false), false);
}

std::unique_ptr<Engine> make_boussinesq_cuda_adapter(const EngineConfig& cfg, std::string& why) {
    auto inner = bq::make_cuda_engine(open_config(cfg), why);
    if (!inner) return nullptr;
    return std::make_unique<BoussinesqAdapter>(cfg, std::move(inner), true);
}

} // namespace ll
