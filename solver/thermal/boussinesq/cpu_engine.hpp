// The CPU reference of the double-population model: update_node (node_update.hpp) in an
// OpenMP loop, for one stencil pair and precision. cpu_engine_2d.cpp / _3d.cpp instantiate it.
#pragma once
#include "dispatch.hpp"

#include <chrono>
#include <omp.h>

namespace ll::thermal::boussinesq {

template <class SF, class ST, class Real>
class CpuEngine final : public Engine {
public:
    explicit CpuEngine(const Config& cfg) : cfg_(cfg) {
        validate(cfg);
        const std::size_t nodes = cfg.dims.nodes();
        fa_.assign(nodes * SF::Q, Real(0));
        ga_.assign(nodes * ST::Q, Real(0));
        if (!is_in_place(cfg.model.scheme)) {
            fb_.assign(nodes * SF::Q, Real(0));
            gb_.assign(nodes * ST::Q, Real(0));
        }
        flags_ = with_near_wall_bits(cfg);
        args_ = make_args<SF, Real>(cfg);
    }

    double step(int steps) override {
        const auto t0 = std::chrono::steady_clock::now();
        with_bq_model<SF>(cfg_.model, [&](auto L, auto Sc, auto C) {
            for (int s = 0; s < steps; ++s)
                run_step<L(), Sc(), typename decltype(C)::type>();
        });
        steps_ += std::uint64_t(steps);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }

    void export_state(std::vector<double>& f, std::vector<double>& g) override {
        const std::int64_t nodes = cfg_.dims.nodes();
        f.assign(std::size_t(nodes) * SF::Q, 0.0);
        g.assign(std::size_t(nodes) * ST::Q, 0.0);
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            const Args<Real> a = current_args();
#pragma omp parallel for schedule(static) if (parallel())
            for (std::int64_t k = 0; k < nodes; ++k) {
                if (!is_updated(flags_[k])) continue;
                Real fv[SF::Q], gv[ST::Q];
                read_state<SF, ST, L(), Sc()>(a, node_t(k), fv, gv);
                for (int i = 0; i < SF::Q; ++i)
                    f[std::size_t(k) * SF::Q + i] = double(fv[i]);
                for (int i = 0; i < ST::Q; ++i)
                    g[std::size_t(k) * ST::Q + i] = double(gv[i]);
            }
        });
    }

    void import_state(const std::vector<double>& f, const std::vector<double>& g) override {
        const std::int64_t nodes = cfg_.dims.nodes();
        if (f.size() != std::size_t(nodes) * SF::Q || g.size() != std::size_t(nodes) * ST::Q)
            throw ConfigError("state: needs nodes * Q values for each population");
        for (auto* v : {&fa_, &fb_, &ga_, &gb_})
            std::fill(v->begin(), v->end(), Real(0));
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            const Args<Real> a = current_args();
            // Every (node, direction) owns one slot, redirected ones included: nodes write
            // disjoint memory (as in the core's import).
#pragma omp parallel for schedule(static) if (parallel())
            for (std::int64_t k = 0; k < nodes; ++k) {
                if (!is_updated(flags_[k])) continue;
                Real fv[SF::Q], gv[ST::Q];
                for (int i = 0; i < SF::Q; ++i)
                    fv[i] = Real(f[std::size_t(k) * SF::Q + i]);
                for (int i = 0; i < ST::Q; ++i)
                    gv[i] = Real(g[std::size_t(k) * ST::Q + i]);
                write_state<SF, ST, L(), Sc()>(a, node_t(k), fv, gv);
            }
        });
    }

    void read_fields(Fields& out) override {
        const std::int64_t nodes = cfg_.dims.nodes();
        out.resize(std::size_t(nodes));
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            const Args<Real> a = current_args();
#pragma omp parallel for schedule(static) if (parallel())
            for (std::int64_t k = 0; k < nodes; ++k) {
                const NodeFields<Real> m = node_fields<SF, ST, L(), Sc()>(a, node_t(k));
                out.rho[k] = double(m.rho);
                out.ux[k] = double(m.u[0]);
                out.uy[k] = double(m.u[1]);
                out.uz[k] = double(m.u[2]);
                out.theta[k] = double(m.theta);
            }
        });
    }

    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        if (space == MemorySpace::Device)
            throw ConfigError("field output: the CPU back end has no device memory");
        const std::int64_t count = std::int64_t(region_size(cfg_.dims, region));
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            const Args<Real> a = current_args();
#pragma omp parallel for schedule(static) if (parallel())
            for (std::int64_t k = 0; k < count; ++k)
                out[k] = field_at<SF, ST, L(), Sc()>(a, region_node(cfg_.dims, region, k), req);
        });
    }

    std::uint64_t count_nonfinite() override {
        std::uint64_t bad = 0;
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            const Args<Real> a = current_args();
            const std::int64_t nodes = cfg_.dims.nodes();
#pragma omp parallel for schedule(static) reduction(+ : bad) if (parallel())
            for (std::int64_t k = 0; k < nodes; ++k)
                bad += node_is_finite<SF, ST, L(), Sc()>(a, node_t(k)) ? 0 : 1;
        });
        return bad;
    }

    const Config& config() const override {
        return cfg_;
    }
    std::string device() const override {
        return "cpu: " + std::to_string(omp_get_max_threads()) + " OpenMP threads";
    }

private:
    // Small lattices run on one thread: on a shared machine a barrier per step can wait a
    // time slice for a descheduled thread.
    bool parallel() const {
        return cfg_.dims.nodes() >= 16384;
    }

    Args<Real> current_args() {
        return with_buffers(args_, fa_.data(), fb_.data(), ga_.data(), gb_.data(), flags_.data(),
                            parity_, is_in_place(cfg_.model.scheme));
    }

    template <Layout L, Scheme Sc, class C>
    void run_step() {
        const Args<Real> a = current_args();
        const std::int64_t nodes = cfg_.dims.nodes();
#pragma omp parallel for schedule(static) if (parallel())
        for (std::int64_t k = 0; k < nodes; ++k)
            update_node<SF, ST, L, Sc, C, Real>(a, node_t(k));
        if constexpr (is_in_place(Sc)) {
            parity_ ^= 1;
        } else {
            fa_.swap(fb_);
            ga_.swap(gb_);
        }
    }

    Config cfg_;
    std::vector<Real> fa_, fb_, ga_, gb_; // flow and temperature, A-B (b empty in place)
    std::vector<std::uint8_t> flags_;
    Args<Real> args_{};
    int parity_ = 0;
};

// One factory per stencil pair, each in its own translation unit.
std::unique_ptr<Engine> make_cpu_engine_2d(const Config& cfg);
std::unique_ptr<Engine> make_cpu_engine_3d(const Config& cfg);

} // namespace ll::thermal::boussinesq
