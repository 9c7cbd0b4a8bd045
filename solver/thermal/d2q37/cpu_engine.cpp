// The D2Q37 CPU reference: seed 004's kernels as OpenMP loops over x columns (y innermost,
// the contiguous direction). It is what the CUDA engine is tested against.
#include "engine.hpp"
#include "fields.hpp"

#include <chrono>
#include <omp.h>
#include <stdexcept>
#include <utility>

namespace ll::thermal {
namespace {

class CpuD2Q37 final : public D2Q37Engine {
public:
    explicit CpuD2Q37(const D2Q37Config& cfg) : cfg_(cfg), g_{cfg.lx, cfg.ly} {
        validate(cfg);
        a_.assign(g_.populations(), 0.0);
        b_.assign(g_.populations(), 0.0);
    }

    double step(int steps) override {
        const auto t0 = std::chrono::steady_clock::now();
        for (int s = 0; s < steps; ++s) {
            switch (cfg_.scheme) {
            case D2Q37Scheme::Push:
                push_step();
                break;
            case D2Q37Scheme::Pull:
                pull_step();
                break;
            case D2Q37Scheme::PushFused:
                push_fused_step();
                break;
            case D2Q37Scheme::PullFused:
                pull_fused_step();
                break;
            }
            std::swap(a_, b_);
        }
        steps_ += std::uint64_t(steps);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }

    void read_fields(ThermalFields& out) override {
        std::vector<double> f;
        export_state(f);
        fields_of(g_, cfg_.params, f, out);
    }
    void read_field(FieldKind kind, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        if (space == MemorySpace::Device)
            throw std::invalid_argument("field output: the CPU back end has no device memory");
        read_fields(fields_);
        const ThermalFields& f = fields_;
        const auto at = [&f](int x, int y) { return stored(f, x, y); };
        const Dims d = dims();
        const std::int64_t count = std::int64_t(region_size(d, region));
#pragma omp parallel for schedule(static) if (parallel_)
        for (std::int64_t k = 0; k < count; ++k) {
            const node_t n = region_node(d, region, std::uint64_t(k));
            out[k] = field_value(kind, int(n % d.nx), int(n / d.nx), f.lx, f.ly, at);
        }
    }
    std::uint64_t count_nonfinite() override {
        read_fields(fields_);
        std::uint64_t bad = 0;
        for (int y = 0; y < fields_.ly; ++y)
            for (int x = 0; x < fields_.lx; ++x)
                bad += finite_node(stored(fields_, x, y)) ? 0 : 1;
        return bad;
    }
    void export_state(std::vector<double>& f) override {
        storage_to_canonical(cfg_.scheme, g_, cfg_.params, a_, f);
    }
    void import_state(const std::vector<double>& f) override {
        if (f.size() != std::size_t(g_.lx) * std::size_t(g_.ly) * D2Q37::Q)
            throw std::invalid_argument("state: must hold lx * ly * 37 values");
        canonical_to_storage(cfg_.scheme, g_, cfg_.params, f, a_);
    }
    const D2Q37Config& config() const override {
        return cfg_;
    }
    std::string device() const override {
        return "cpu: " + std::to_string(omp_get_max_threads()) + " OpenMP threads";
    }

private:
    static Moments stored(const ThermalFields& f, int x, int y) {
        const std::size_t n = std::size_t(y) * std::size_t(f.lx) + std::size_t(x);
        return {f.rho[n], f.ux[n], f.uy[n], f.T[n]};
    }

    // Runs body(x, y) over the interior rows [y0, y1) of every column in parallel.
    template <class Body>
    void for_rows(int y0, int y1, Body&& body) {
#pragma omp parallel for schedule(static) if (parallel_)
        for (int x = 0; x < g_.lx; ++x)
            for (int y = y0; y < y1; ++y)
                body(x, y);
    }
    template <class Body>
    void for_all(Body&& body) {
        for_rows(0, g_.ly, body);
    }
    template <class Body>
    void for_wall_rows(Body&& body) {
        for_rows(0, Grid::H, body);
        for_rows(g_.ly - Grid::H, g_.ly, body);
    }

    void fold(double* b) {
#pragma omp parallel for collapse(2) schedule(static) if (parallel_)
        for (int d = 1; d <= Grid::H; ++d)
            for (int y = 0; y < g_.ly; ++y)
                fold_site(g_, b, d, y);
    }

    // collide, propagate (push), fold, bc: a holds P_n, b gets P_{n+1}.
    void push_step() {
        double *a = a_.data(), *b = b_.data();
        for_all([&](int x, int y) { collide_site(g_, cfg_.params, a, x, y); });
        for_all([&](int x, int y) { propagate_push(g_, a, b, x, y); });
        fold(b);
        for_wall_rows([&](int x, int y) { bc_push(g_, cfg_.params, b, x, y); });
    }
    // pbc, propagate (pull), bc, collide: a holds Q_{n-1}, b gets Q_n (seed 004's order).
    void pull_step() {
        double *a = a_.data(), *b = b_.data();
        pbc_host(g_, a, parallel_);
        for_all([&](int x, int y) { propagate_pull(g_, a, b, x, y); });
        for_wall_rows([&](int x, int y) { bc_pull(g_, cfg_.params, a, b, x, y); });
        for_all([&](int x, int y) { collide_site(g_, cfg_.params, b, x, y); });
    }
    void push_fused_step() {
        const double* a = a_.data();
        double* b = b_.data();
        for_all([&](int x, int y) { collide_push(g_, cfg_.params, a, b, x, y); });
        fold(b);
        for_wall_rows([&](int x, int y) { bc_push(g_, cfg_.params, b, x, y); });
    }
    void pull_fused_step() {
        double *a = a_.data(), *b = b_.data();
        pbc_host(g_, a, parallel_);
        for_rows(Grid::H, g_.ly - Grid::H,
                 [&](int x, int y) { pull_collide<false>(g_, cfg_.params, a, b, x, y); });
        for_wall_rows([&](int x, int y) { pull_collide<true>(g_, cfg_.params, a, b, x, y); });
    }

    D2Q37Config cfg_;
    Grid g_;
    // Small lattices run on one thread: a step has several loops, and on a shared machine
    // each barrier can wait a time slice for a descheduled thread (10x slower in tests).
    bool parallel_ = std::size_t(cfg_.lx) * std::size_t(cfg_.ly) >= 32768;
    std::vector<double> a_, b_; // state array and the other one (A-B, seed 004's prv/nxt)
    ThermalFields fields_;      // reused: the visualiser reads a field every frame
};

} // namespace

std::unique_ptr<D2Q37Engine> make_d2q37_cpu_engine(const D2Q37Config& cfg) {
    return std::make_unique<CpuD2Q37>(cfg);
}

} // namespace ll::thermal
