// The CPU back end of every model: the model's per-node update (engine/node_model.hpp) in an
// OpenMP loop, over x-rows with runs of plain nodes in SIMD lanes where the model allows
// (cpu_rows.hpp). It is the reference the GPU is tested against and the fallback when no NVIDIA
// GPU is present.
#pragma once
#include "cpu_rows.hpp"
#include "engine.hpp"
#include "model_engine.hpp"
#include "population_sets.hpp"
#include "register_caps.hpp"
#include "solver/models/registry.hpp"
#include "step_plan.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <omp.h>
#include <stdexcept>

namespace ll {

template <NodeModel M>
class CpuEngine final : public ModelEngine<M> {
    using Real = typename M::Real;
    using Store = typename M::Store;
    using Args = typename M::Args;

public:
    // SoA arrays padded (core/layout.hpp): without it a power-of-two lattice's Q streams evict
    // each other from the caches.
    explicit CpuEngine(const EngineConfig& cfg)
        : cfg_(with_padded_soa(cfg)), args_(M::make_args(cfg_)) {
        allocate_sets<M>(a_, b_, cfg_, [](auto& set, std::size_t n) { set.assign(n, Store{}); });
        flags_.assign(cfg.dims.nodes(), kFluid);
        info_.backend = "cpu";
        info_.device = std::to_string(omp_get_max_threads()) + " OpenMP threads";
    }

    double step(int steps) override {
        const auto t0 = std::chrono::steady_clock::now();
        M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
            for (int s = 0; s < steps; ++s)
                run_step<L(), Sc(), typename decltype(C)::type>();
        });
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }

    // Set k of node n sits at set_offset(k) + n * Q_k (node_model.hpp).
    void export_state(std::vector<double>& f) override {
        f.assign(ll::state_size<M>(cfg_.dims), 0.0);
        for_each_node_addressing([&](auto L, auto Sc, const Args& a, std::int64_t k) {
            if (!is_updated(flags_[k])) return;
            Real v[M::kStateQ];
            M::template read_state<L(), Sc()>(a, node_t(k), v);
            to_canonical<M>(v, node_t(k), cfg_.dims.nodes(), f.data());
        });
    }

    void import_state(const std::vector<double>& f) override {
        if (const std::size_t q = ll::state_size<M>(cfg_.dims); f.size() != q)
            throw std::invalid_argument("state: " + std::to_string(f.size()) +
                                        " values given, the model needs " + std::to_string(q));
        clear_populations();
        // Every (node, direction) owns one slot, redirected ones included, so nodes write
        // disjoint memory and can run in parallel (as the GPU import does).
        for_each_node_addressing([&](auto L, auto Sc, const Args& a, std::int64_t k) {
            if (!is_updated(flags_[k])) return;
            Real v[M::kStateQ];
            from_canonical<M>(f.data(), node_t(k), cfg_.dims.nodes(), v);
            M::template write_state<L(), Sc()>(a, node_t(k), v);
        });
    }

    void start_from_fields(const double* rho, const double* u, const double* T) override {
        if constexpr (EquilibriumFromFields<M>) {
            clear_populations();
            for_each_node_addressing([&](auto L, auto Sc, const Args& a, std::int64_t k) {
                if (is_updated(flags_[k])) start_node<M, L(), Sc()>(a, node_t(k), rho, u, T);
            });
        }
    }

    void set_flags(const std::vector<std::uint8_t>& flags) override {
        const std::string why = M::flags_error(flags);
        if (!why.empty()) throw ConfigError(why);
        flags_ = flags;
    }
    void set_flow(const FlowParams& flow) override {
        cfg_.flow = flow;
        args_ = M::make_args(cfg_);
    }
    // The launch shape is the GPU's; a register cap picks a GPU kernel, and the CPU has none.
    void set_launch(const LaunchConfig& launch) override {
        const std::string why = register_cap_error(launch.register_cap, cfg_, {}, false);
        if (!why.empty()) throw ConfigError(why);
        cfg_.launch = launch;
    }
    LaunchReport launch_report() const override { return {}; }
    const DeviceInfo& device() const override { return info_; }
    double copy_bandwidth() override { return host_copy_bandwidth(lattice_bytes(cfg_)); }
    double copy_bandwidth_now() override { return host_copy_bandwidth(lattice_bytes(cfg_), true); }

    void read_macro(MacroField& out) override {
        const std::size_t nodes = cfg_.dims.nodes();
        for (auto* v : {&out.rho, &out.ux, &out.uy, &out.uz})
            v->resize(nodes);
        out.T.resize(M::kHasTemperature ? nodes : 0);
        for_each_node_addressing([&](auto L, auto Sc, const Args& a, std::int64_t k) {
            const NodeMacro<Real> m = M::template macro<L(), Sc()>(a, node_t(k));
            out.rho[k] = double(m.rho);
            out.ux[k] = double(m.u[0]);
            out.uy[k] = double(m.u[1]);
            out.uz[k] = double(m.u[2]);
            if constexpr (M::kHasTemperature) out.T[k] = double(m.T);
        });
    }

    std::uint64_t count_nonfinite() override {
        std::uint64_t bad = 0;
        M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
            const Args a = current_args();
            const std::int64_t nodes = cfg_.dims.nodes();
#pragma omp parallel for schedule(static) reduction(+ : bad) if (parallel(nodes))
            for (std::int64_t k = 0; k < nodes; ++k)
                bad += M::template finite<L(), Sc()>(a, node_t(k)) ? 0 : 1;
        });
        return bad;
    }

    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        if (space == MemorySpace::Device)
            throw ConfigError("field output: the CPU back end has no device memory");
        const std::int64_t count = std::int64_t(region_size(cfg_.dims, region));
        M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
            const Args a = current_args();
#pragma omp parallel for schedule(static) if (parallel(count))
            for (std::int64_t k = 0; k < count; ++k)
                out[k] = M::template field<L(), Sc()>(a, region_node(cfg_.dims, region, k), req);
        });
    }

    // ---- the kernel bench (engine.hpp): a plan's passes as OpenMP loops, timed alone ----
    std::vector<std::string> step_passes() const override {
        std::vector<std::string> names;
        if constexpr (PlannedModel<M>)
            M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
                Sweeps s{args_, &names};
                M::template plan<L(), Sc(), typename decltype(C)::type>(s, args_);
            });
        return names;
    }
    // A pass of this engine runs no CUDA function: none to describe, at any block size.
    std::vector<KernelResources> pass_resources(const std::string& pass, int block) const override {
        const auto names = step_passes();
        if (std::find(names.begin(), names.end(), pass) == names.end())
            return Engine::pass_resources(pass, block); // throws, naming the pass
        return {};
    }
    // Seconds per run of one pass alone with every OpenMP thread (the block size means nothing
    // here), over `launches` runs after a warm-up one.
    double time_pass(const std::string& pass, int block, int launches) override {
        if (launches < 1) throw ConfigError("launches: must be at least 1");
        pass_resources(pass, block); // or unknown: throws
        const auto run = [&] {
            M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
                const Args a = current_args();
                Sweeps s{a, nullptr, &pass};
                if constexpr (PlannedModel<M>)
                    M::template plan<L(), Sc(), typename decltype(C)::type>(s, a);
            });
        };
        run();
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < launches; ++i)
            run();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
               launches;
    }

    // ---- halo exchange (engine.hpp) ----
    const EngineConfig& config() const override {
        return cfg_;
    }
    int add_halo_list(int set, std::vector<std::uint64_t> elements) override {
        if constexpr (!ExchangesHalos<M>) return Engine::add_halo_list(set, std::move(elements));
        halo_lists_.push_back({set, std::move(elements)});
        return int(halo_lists_.size()) - 1;
    }
    void clear_halo_lists() override {
        halo_lists_.clear();
    }
    void pack(int list, void* out, MemorySpace space, void*) override {
        const HaloList& h = halo_list(list, space);
        Store* to = static_cast<Store*>(out);
        const Store* from = a_[h.set].data();
        for (std::size_t j = 0; j < h.elements.size(); ++j)
            to[j] = from[h.elements[j]];
    }
    void unpack(int list, const void* in, MemorySpace space, void*) override {
        const HaloList& h = halo_list(list, space);
        const Store* from = static_cast<const Store*>(in);
        Store* to = a_[h.set].data();
        for (std::size_t j = 0; j < h.elements.size(); ++j)
            to[h.elements[j]] = from[j];
    }

private:
    struct HaloList {
        int set;
        std::vector<std::uint64_t> elements;
    };
    const HaloList& halo_list(int list, MemorySpace space) const {
        if (space == MemorySpace::Device)
            throw ConfigError("halo exchange: the CPU back end has no device memory");
        return halo_lists_.at(std::size_t(list));
    }

    static EngineConfig with_padded_soa(EngineConfig c) {
        c.soa_padded = true;
        return c;
    }

    // Small lattices run on one thread: on a shared machine a barrier per step can wait a
    // time slice for a descheduled thread.
    static bool parallel(std::int64_t count) {
        return count >= 16384;
    }

    void clear_populations() {
        for (int k = 0; k < M::kSets; ++k) {
            std::fill(a_[k].begin(), a_[k].end(), Store{});
            std::fill(b_[k].begin(), b_[k].end(), Store{});
        }
    }

    // f(layout, scheme, args, node) over every node, in parallel.
    template <class F>
    void for_each_node_addressing(F&& f) {
        M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
            const Args a = current_args();
            const std::int64_t nodes = cfg_.dims.nodes();
#pragma omp parallel for schedule(static) if (parallel(nodes))
            for (std::int64_t k = 0; k < nodes; ++k)
                f(L, Sc, a, k);
        });
    }

    Args current_args() const {
        return bound_args<M>(args_, a_, b_, is_in_place(cfg_.model.scheme), flags_.data(), parity_,
                             step_);
    }

    // A plan's passes as OpenMP loops (step_plan.hpp); the loop's end is the barrier.
    struct Sweeps {
        const Args& a;
        std::vector<std::string>* record = nullptr; // the passes' names instead of running them
        const std::string* only = nullptr;          // run this pass alone (the kernel bench)
        template <class Op>
        void sweep(const Op& op, std::uint32_t count) {
            if (record) {
                if (record->empty() || record->back() != Op::kName) record->push_back(Op::kName);
                return;
            }
            if (only && *only != Op::kName) return;
#pragma omp parallel for schedule(static) if (parallel(count))
            for (std::int64_t i = 0; i < std::int64_t(count); ++i)
                op(a, std::uint32_t(i));
        }
    };

    template <Layout L, Scheme Sc, class C>
    void run_step() {
        const Args a = current_args();
        if constexpr (PlannedModel<M>) {
            Sweeps sweeps{a};
            M::template plan<L, Sc, C>(sweeps, a);
        } else if (!update_rows<L, Sc, C>(a)) {
            const std::int64_t nodes = cfg_.dims.nodes();
#pragma omp parallel for schedule(static) if (parallel(nodes))
            for (std::int64_t k = 0; k < nodes; ++k)
                M::template update<L, Sc, C, Pass::All>(a, node_t(k));
        }
        finish_step<M, Sc>(a_, b_, parity_, step_);
    }
    // The step row by row (cpu_rows.hpp), where the model allows it and LATTICELAB_CPU_ROWS is
    // not 0; false if not.
    template <Layout L, Scheme Sc, class C>
    bool update_rows(const Args& a) {
        // AoSoA's slots shift by one lane per node only inside a tile: node by node.
        if constexpr (RowModel<M> && L != Layout::AoSoA) {
            if (!rows_allowed_) return false;
            const std::int64_t rows = std::int64_t(cfg_.dims.ny) * cfg_.dims.nz;
            const std::uint8_t* flags = flags_.data();
#pragma omp parallel for schedule(static) if (parallel(cfg_.dims.nodes()))
            for (std::int64_t r = 0; r < rows; ++r)
                update_row<M, L, Sc, C>(a, flags, node_t(r) * cfg_.dims.nx, prefetch_rows_);
            return true;
        }
        return false;
    }

    EngineConfig cfg_;
    Args args_;
    std::array<std::vector<Store>, M::kSets> a_, b_; // b empty for in-place schemes
    std::vector<std::uint8_t> flags_;
    int parity_ = 0;
    std::uint32_t step_ = 0; // steps since this engine was built: the 16-bit stores' noise
    DeviceInfo info_;
    // LATTICELAB_CPU_ROWS, read once: "0" sends every node through the per-node update (for
    // comparisons: the rows compute the same bits).
    const bool rows_allowed_ =
        env_switch("LATTICELAB_CPU_ROWS", "plain runs of x-rows in SIMD lanes (cpu_rows.hpp)",
                   "every node through the per-node update");
    // LATTICELAB_CPU_PREFETCH, read once: "0" leaves the rows' streams to the hardware
    // prefetchers (for comparisons: the same bits either way).
    const bool prefetch_rows_ = env_switch(
        "LATTICELAB_CPU_PREFETCH", "the SoA rows prefetch their streams ahead of the lanes",
        "the rows leave their streams to the hardware prefetchers");
    std::vector<HaloList> halo_lists_;
};

} // namespace ll
