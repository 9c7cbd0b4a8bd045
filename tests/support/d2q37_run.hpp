// The D2Q37 tests' view of the one engine: a D2Q37Config (the rt2d scenario's description) run
// by the registry's CPU or CUDA engine, read back as the hydrodynamic fields or the canonical
// state. Only the test's spelling is kept; every call goes to ll::Engine.
#pragma once
#include "solver/engine/engine.hpp"
#include "solver/models/d2q37/config.hpp"
#include "solver/models/registry.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ll::test {

class D2Q37Run {
public:
    D2Q37Run(const thermal::D2Q37Config& cfg, std::unique_ptr<Engine> engine)
        : cfg_(cfg), engine_(std::move(engine)) {}

    double step(int steps) { return engine_->step(steps); }
    // Starts from the local equilibrium of the hydrodynamic fields.
    void init(const thermal::ThermalFields& fields) {
        engine_->import_state(thermal::equilibrium_state(cfg_.params, fields));
    }
    void read_fields(thermal::ThermalFields& out) {
        MacroField m;
        engine_->read_macro(m);
        out.resize(cfg_.lx, cfg_.ly);
        out.rho = m.rho;
        out.ux = m.ux;
        out.uy = m.uy;
        out.T = m.T;
    }
    void read_field(FieldKind kind, const FieldRegion& region, float* out, MemorySpace space) {
        engine_->read_field({kind}, region, out, space);
    }
    std::uint64_t count_nonfinite() { return engine_->count_nonfinite(); }
    void export_state(std::vector<double>& f) { engine_->export_state(f); }
    void import_state(const std::vector<double>& f) { engine_->import_state(f); }
    const thermal::D2Q37Config& config() const { return cfg_; }
    std::string device() const { return engine_->device().device; }
    Dims dims() const { return {std::uint32_t(cfg_.lx), std::uint32_t(cfg_.ly), 1}; }
    Engine& engine() { return *engine_; }

private:
    thermal::D2Q37Config cfg_;
    std::unique_ptr<Engine> engine_;
};

// std::invalid_argument for a config that cannot run (thermal::validate).
inline std::unique_ptr<D2Q37Run> d2q37_cpu(const thermal::D2Q37Config& cfg) {
    thermal::validate(cfg);
    return std::make_unique<D2Q37Run>(cfg, make_cpu_engine(thermal::engine_config(cfg)));
}
// nullptr with `why` set when no GPU is usable.
inline std::unique_ptr<D2Q37Run> d2q37_cuda(const thermal::D2Q37Config& cfg, std::string& why) {
    thermal::validate(cfg);
    auto engine = make_cuda_engine(thermal::engine_config(cfg), why);
    if (!engine) return nullptr;
    return std::make_unique<D2Q37Run>(cfg, std::move(engine));
}

} // namespace ll::test

namespace ll::thermal {
// Isothermal hydrostatic column (and a row-independent x): rho(y) = rho0 exp(-kScale g y / T).
inline ThermalFields isothermal_atmosphere(int lx, int ly, double T, double gravity,
                                           double rho0 = 1) {
    ThermalFields f;
    f.resize(lx, ly);
    for (int y = 0; y < ly; ++y)
        for (int x = 0; x < lx; ++x) {
            const std::size_t k = std::size_t(y) * std::size_t(lx) + std::size_t(x);
            f.rho[k] = rho0 * std::exp(-D2Q37::kScale * gravity * y / T);
            f.T[k] = T;
        }
    return f;
}
} // namespace ll::thermal
