// A Boussinesq run through the one engine (ll::Engine, models/registry.hpp), with the calls the
// model's tests make: start from fields, export and import the (f, g) state in two parts, read
// the fields in double. The state is the engine's canonical one (engine/node_model.hpp): the
// flow part f[n * QF + i], then the temperature part g[n * QT + i].
#pragma once
#include "solver/models/boussinesq/config.hpp"
#include "solver/models/registry.hpp"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace ll::thermal::boussinesq {

class Run {
public:
    Run(const Config& cfg, std::unique_ptr<ll::Engine> engine)
        : cfg_(cfg), engine_(std::move(engine)) {
        // The flow stencil's near-wall bits cover the temperature stencil's neighbours.
        std::vector<std::uint8_t> flags = cfg_.flags;
        mark_near_wall(cfg_.model.stencil, cfg_.dims, flags);
        engine_->set_flags(flags);
    }

    double step(int steps) {
        steps_ += std::uint64_t(steps);
        return engine_->step(steps);
    }
    std::uint64_t steps_done() const { return steps_; }
    std::string device() const { return engine_->device().device; }
    void init(const Fields& fields) {
        std::vector<double> f, g;
        equilibrium_state(cfg_, fields, f, g);
        import_state(f, g);
    }
    void export_state(std::vector<double>& f, std::vector<double>& g) {
        std::vector<double> state;
        engine_->export_state(state);
        const std::size_t flow = cfg_.dims.nodes() * std::size_t(flow_velocities(cfg_));
        f.assign(state.begin(), state.begin() + std::ptrdiff_t(flow));
        g.assign(state.begin() + std::ptrdiff_t(flow), state.end());
    }
    void import_state(const std::vector<double>& f, const std::vector<double>& g) {
        std::vector<double> state = f;
        state.insert(state.end(), g.begin(), g.end());
        engine_->import_state(state);
    }
    void read_fields(Fields& out) {
        engine_->read_macro(macro_);
        out.rho = macro_.rho;
        out.ux = macro_.ux;
        out.uy = macro_.uy;
        out.uz = macro_.uz;
        out.theta = macro_.T;
    }
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) {
        engine_->read_field(req, region, out, space);
    }
    std::uint64_t count_nonfinite() { return engine_->count_nonfinite(); }
    const Config& config() const { return cfg_; }
    ll::Engine& engine() { return *engine_; }
    LaunchReport launch_report() const { return engine_->launch_report(); }

private:
    Config cfg_;
    std::unique_ptr<ll::Engine> engine_;
    MacroField macro_;
    std::uint64_t steps_ = 0;
};

inline std::unique_ptr<Run> make_cpu_engine(const Config& cfg) {
    validate(cfg);
    return std::make_unique<Run>(cfg, ll::make_cpu_engine(engine_config(cfg)));
}
// nullptr with `why` when no GPU is usable.
inline std::unique_ptr<Run> make_cuda_engine(const Config& cfg, std::string& why) {
    validate(cfg);
    auto engine = ll::make_cuda_engine(engine_config(cfg), why);
    if (!engine) return nullptr;
    return std::make_unique<Run>(cfg, std::move(engine));
}

} // namespace ll::thermal::boussinesq
