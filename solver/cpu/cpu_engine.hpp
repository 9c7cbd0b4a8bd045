// The CPU back end: the same per-node update as the GPU, in an OpenMP loop. It is the
// reference the GPU is tested against and the fallback when no NVIDIA GPU is present.
#pragma once
#include "../core/field_at.hpp"
#include "../core/node_update.hpp"
#include "../dispatch.hpp"
#include "../engine.hpp"

#include <chrono>
#include <omp.h>

namespace ll {

// Real: the arithmetic; Store: the number format of the populations in memory (storage.hpp).
template <class S, class Real, class Store = Real>
class CpuEngine final : public Engine {
public:
    explicit CpuEngine(const EngineConfig& cfg) : cfg_(cfg) {
        const std::size_t n = std::size_t(cfg.dims.nodes()) * S::Q;
        a_.assign(n, Store{});
        if (!is_in_place(cfg.model.scheme)) b_.assign(n, Store{});
        flags_.assign(cfg.dims.nodes(), kFluid);
        fill_step_args<S, Real>(args_, cfg.dims, cfg.flow);
        info_.backend = "cpu";
        info_.device = std::to_string(omp_get_max_threads()) + " OpenMP threads";
    }

    double step(int steps) override {
        const auto t0 = std::chrono::steady_clock::now();
        with_model<S>(cfg_.model, [&](auto L, auto Sc, auto C) {
            using Coll = typename decltype(C)::type;
            for (int s = 0; s < steps; ++s)
                run_step<L(), Sc(), Coll>();
        });
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }

    void export_state(std::vector<double>& f) override {
        f.assign(std::size_t(cfg_.dims.nodes()) * S::Q, 0.0);
        for_each_propagation([&](auto P) {
            using Prop = decltype(P);
            const StepArgs<Real, Store> a = current_args();
#pragma omp parallel for schedule(static)
            for (std::int64_t k = 0; k < std::int64_t(cfg_.dims.nodes()); ++k) {
                if (!is_updated(flags_[k])) continue;
                Real v[S::Q];
                Prop::read_state(a, make_frame(a.dims, node_t(k)), v);
                for (int i = 0; i < S::Q; ++i)
                    f[std::size_t(k) * S::Q + i] = v[i];
            }
        });
    }

    void import_state(const std::vector<double>& f) override {
        std::fill(a_.begin(), a_.end(), Store{});
        std::fill(b_.begin(), b_.end(), Store{});
        for_each_propagation([&](auto P) {
            using Prop = decltype(P);
            const StepArgs<Real, Store> a = current_args();
            // Every (node, direction) owns one slot, redirected ones included, so nodes write
            // disjoint memory and can run in parallel (as the GPU import does).
#pragma omp parallel for schedule(static)
            for (std::int64_t k = 0; k < std::int64_t(cfg_.dims.nodes()); ++k) {
                const node_t n = node_t(k);
                if (!is_updated(flags_[n])) continue;
                Real v[S::Q];
                for (int i = 0; i < S::Q; ++i)
                    v[i] = Real(f[std::size_t(n) * S::Q + i]);
                Prop::write_state(a, make_frame(a.dims, n), v);
            }
        });
    }

    void set_flags(const std::vector<std::uint8_t>& flags) override {
        flags_ = flags;
    }
    void set_flow(const FlowParams& flow) override {
        cfg_.flow = flow;
        fill_step_args<S, Real>(args_, cfg_.dims, flow);
    }
    void set_launch(const LaunchConfig& launch) override {
        cfg_.launch = launch;
    }
    LaunchReport launch_report() const override {
        return {};
    }
    const DeviceInfo& device() const override {
        return info_;
    }
    double copy_bandwidth() override {
        return host_copy_bandwidth(lattice_bytes(cfg_.model, cfg_.dims));
    }

    void read_macro(MacroField& out) override {
        const std::size_t nodes = cfg_.dims.nodes();
        out.rho.resize(nodes);
        out.ux.resize(nodes);
        out.uy.resize(nodes);
        out.uz.resize(nodes);
        with_addressing(cfg_.model, [&](auto L, auto Sc) {
            const StepArgs<Real, Store> a = current_args();
#pragma omp parallel for schedule(static)
            for (std::int64_t k = 0; k < std::int64_t(nodes); ++k) {
                const Macro<Real> m = ll::read_macro<S, L(), Sc()>(a, node_t(k));
                out.rho[k] = float(m.rho);
                out.ux[k] = float(m.u[0]);
                out.uy[k] = float(m.u[1]);
                out.uz[k] = float(m.u[2]);
            }
        });
    }

    std::uint64_t count_nonfinite() override {
        std::uint64_t bad = 0;
        with_addressing(cfg_.model, [&](auto L, auto Sc) {
            const StepArgs<Real, Store> a = current_args();
#pragma omp parallel for schedule(static) reduction(+ : bad)
            for (std::int64_t k = 0; k < std::int64_t(cfg_.dims.nodes()); ++k)
                bad += node_is_finite<S, L(), Sc()>(a, node_t(k)) ? 0 : 1;
        });
        return bad;
    }

    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        if (space == MemorySpace::Device)
            throw ConfigError("field output: the CPU back end has no device memory");
        const std::int64_t count = std::int64_t(region_size(cfg_.dims, region));
        with_addressing(cfg_.model, [&](auto L, auto Sc) {
            const StepArgs<Real, Store> a = current_args();
#pragma omp parallel for schedule(static)
            for (std::int64_t k = 0; k < count; ++k)
                out[k] = field_at<S, L(), Sc()>(a, region_node(a.dims, region, k), req);
        });
    }

private:
    StepArgs<Real, Store> current_args() {
        StepArgs<Real, Store> a = args_;
        a.src = a_.data();
        a.dst = is_in_place(cfg_.model.scheme) ? a_.data() : b_.data();
        a.flags = flags_.data();
        a.parity = parity_;
        a.step = step_;
        return a;
    }

    template <class F>
    void for_each_propagation(F&& f) {
        with_addressing(cfg_.model,
                        [&](auto L, auto Sc) { f(Propagation<S, L(), Sc(), Real, Store>{}); });
    }

    template <Layout L, Scheme Sc, class C>
    void run_step() {
        const StepArgs<Real, Store> a = current_args();
#pragma omp parallel for schedule(static)
        for (std::int64_t k = 0; k < std::int64_t(cfg_.dims.nodes()); ++k)
            update_node<S, L, Sc, C, Real, Pass::All>(a, node_t(k));
        ++step_;
        if (is_in_place(Sc))
            parity_ ^= 1;
        else
            a_.swap(b_);
    }

    EngineConfig cfg_;
    std::vector<Store> a_, b_;
    std::vector<std::uint8_t> flags_;
    StepArgs<Real, Store> args_{};
    int parity_ = 0;
    std::uint32_t step_ = 0; // steps since this engine was built: the 16-bit stores' noise
    DeviceInfo info_;
};

// Defines make_cpu_engine_<name>(cfg) for stencil S, one per translation unit (cpu_engine_*.cpp)
// so that the CPU build stays parallel: the arithmetic and storage types of the model's storage.
#define LL_CPU_ENGINE_FACTORY(name, S)                                                             \
    std::unique_ptr<Engine> make_cpu_engine_##name(const EngineConfig& cfg) {                      \
        switch (stored_as(cfg.model)) {                                                            \
        case Storage::FP64: return std::make_unique<CpuEngine<S, double>>(cfg);                    \
        case Storage::FP16S: return std::make_unique<CpuEngine<S, float, Fp16s>>(cfg);             \
        case Storage::FP16C: return std::make_unique<CpuEngine<S, float, Fp16c>>(cfg);             \
        default: return std::make_unique<CpuEngine<S, float>>(cfg);                                \
        }                                                                                          \
    }

} // namespace ll
