// The CUDA back end of every model: the bulk kernel plus the near-wall list (docs/DESIGN.md,
// "The GPU step"), or a model's step plan; one stream, timed with CUDA events. Two of its parts
// read apart, in headers of their own: small-step batching (cuda_step_batches.cuh, CUDA graphs
// and the resident kernel; a base of the engine) and the launch shape (cuda_launch_shape.cuh:
// occupancy and register caps, parity variants, the launch report).
//
// [SECTION] CudaEngine   Engine implementation: steps, state exchange, fields, launch, halo
//                        exchange, the kernel bench
// [SECTION] one step     a step's launches: the bulk kernel, the near-wall lists beside it, a
//                        tile's border and interior, a plan's passes
#pragma once
#include "cuda_halo.cuh"
#include "cuda_launch_shape.cuh"
#include "cuda_step_batches.cuh"
#include "engine.hpp"
#include "kernels.cuh"
#include "model_engine.hpp"
#include "register_caps.hpp"
#include "solver/cuda/cuda_buffer.hpp"
#include "solver/cuda/device_probes.hpp"
#include "solver/cuda/device_properties.cuh"
#include "solver/cuda/step_graph.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace ll::cuda {

template <NodeModel M>
class CudaEngine final : public ModelEngine<M>, private CudaStepBatches<M, CudaEngine<M>> {
    using Real = typename M::Real;
    using Store = typename M::Store;
    using Args = typename M::Args;
    // Small-step batching reads the engine's state and launches its steps (launch_step).
    using Batches = CudaStepBatches<M, CudaEngine>;
    friend Batches;
    using Batches::drop_batches;
    using Batches::kGraphSteps;
    using Batches::queue_steps;
    using Batches::ready_graph;

public:
    explicit CudaEngine(const EngineConfig& cfg) : cfg_(cfg), args_(M::make_args(cfg)) {
        allocate_sets<M>(a_, b_, cfg, [](auto& set, std::size_t n) { set.allocate(n); });
        const std::size_t nodes = cfg.dims.nodes();
        flags_.allocate(nodes);
        LL_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
        // On stream_: a plain cudaMemset runs on the legacy stream, which a non-blocking stream
        // does not wait for, and could land after set_flags' upload (on a busy GPU it did).
        LL_CUDA(cudaMemsetAsync(flags_.get(), 0, nodes, stream_));
        int device = 0;
        LL_CUDA(cudaGetDevice(&device));
        side_lane_ = std::make_unique<PriorityStream>(device);
        set_launch(cfg.launch);
    }
    ~CudaEngine() override {
        cudaStreamSynchronize(stream_);
        cudaStreamDestroy(stream_);
    }

    // A graph that must be captured first is, before the timer starts: the capture is the
    // host's work, with the GPU idle, and would count against the first batch after a change.
    double step(int steps) override {
        if (steps >= kGraphSteps) ready_graph();
        timer_.start(stream_);
        queue_steps(steps);
        return timer_.seconds(stream_);
    }

    void export_state(std::vector<double>& f) override {
        DeviceBuffer<double> canon(state_size());
        M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
            export_state_kernel<M, L(), Sc()>
                <<<grid_for(cfg_.dims.nodes()), 256, 0, stream_>>>(current_args(), canon.get());
        });
        LL_CUDA(cudaGetLastError());
        f.resize(canon.size());
        LL_CUDA(cudaMemcpyAsync(f.data(), canon.get(), canon.size() * sizeof(double),
                                cudaMemcpyDeviceToHost, stream_));
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    void import_state(const std::vector<double>& f) override {
        if (f.size() != state_size())
            throw std::invalid_argument("state: " + std::to_string(f.size()) +
                                        " values given, the model needs " +
                                        std::to_string(state_size()));
        DeviceBuffer<double> canon(f.size());
        LL_CUDA(cudaMemcpyAsync(canon.get(), f.data(), f.size() * sizeof(double),
                                cudaMemcpyHostToDevice, stream_));
        clear_populations();
        M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
            import_state_kernel<M, L(), Sc()>
                <<<grid_for(cfg_.dims.nodes()), 256, 0, stream_>>>(current_args(), canon.get());
        });
        LL_CUDA(cudaGetLastError());
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    // The fields go to the GPU (32 bytes a node) and the kernel makes their equilibrium there,
    // rather than the host making and sending the canonical state (152 bytes a node for D3Q19).
    void start_from_fields(const double* rho, const double* u, const double* T) override {
        if constexpr (EquilibriumFromFields<M>) {
            const std::size_t nodes = cfg_.dims.nodes();
            DeviceBuffer<double> fields(nodes * (T ? 5 : 4));
            double* const d_rho = fields.get();
            double* const d_u = d_rho + nodes;
            double* const d_T = T ? d_u + 3 * nodes : nullptr;
            upload_doubles(d_rho, rho, nodes);
            upload_doubles(d_u, u, 3 * nodes);
            if (d_T) upload_doubles(d_T, T, nodes);
            clear_populations();
            M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
                import_equilibrium_kernel<M, L(), Sc()>
                    <<<grid_for(node_t(nodes)), 256, 0, stream_>>>(current_args(), d_rho, d_u, d_T);
            });
            LL_CUDA(cudaGetLastError());
            LL_CUDA(cudaStreamSynchronize(stream_));
        }
    }

    // A tile whose steps split keeps its border apart (kBorderBit): its bulk nodes in one list,
    // its near-wall nodes in another, and the other near-wall nodes in the usual wall list.
    void set_flags(const std::vector<std::uint8_t>& flags) override {
        const std::string why = M::flags_error(flags);
        if (!why.empty()) throw ConfigError(why);
        std::vector<std::uint8_t> marked = flags;
        if (splits_steps()) mark_tile_border(cfg_.tile, cfg_.dims, marked);
        if (uses_wall_ghosts()) mark_wall_ghosts(cfg_.model.stencil, cfg_.dims, marked);
        // The near-wall list in whole sectors where that was measured to pay (wall_sector_group).
        const std::size_t group = wall_sector_group(cfg_.model, sizeof(Store), cfg_.dims.nodes());
        if (wall_sectors_allowed_) widen_near_wall_to_sectors(group, marked);
        // Walls sharing a sector with updated nodes stored whole by the bulk pull pass, with
        // ghosts only (group 1 clears the bit on every wall, whatever the flags brought).
        mark_wall_sectors(uses_wall_ghosts() && wall_fill_allowed_ ? group : 1, marked);
        std::vector<node_t> border_bulk, border_walls, walls;
        for (std::size_t n = 0; n < marked.size(); ++n) {
            if (!is_updated(marked[n])) continue;
            if (!in_wall_list(marked[n]) && on_border(marked[n])) border_bulk.push_back(node_t(n));
            if (in_wall_list(marked[n]))
                (on_border(marked[n]) ? border_walls : walls).push_back(node_t(n));
        }
        std::vector<WallGhostNode> ghosts;
        if (uses_wall_ghosts()) ghosts = wall_ghost_nodes(cfg_.model.stencil, cfg_.dims, marked);
        drop_batches(); // before the lists they launch over are freed, whatever throws next
        LL_CUDA(cudaMemcpyAsync(flags_.get(), marked.data(), marked.size(), cudaMemcpyHostToDevice,
                                stream_));
        upload(border_bulk_, border_bulk);
        upload(border_walls_, border_walls);
        upload(wall_nodes_, walls);
        upload(wall_ghosts_, ghosts);
        LL_CUDA(cudaStreamSynchronize(stream_));
    }
    void set_flow(const FlowParams& flow) override {
        drop_batches(); // their launches hold the old parameters
        cfg_.flow = flow;
        args_ = M::make_args(cfg_);
    }

    void set_launch(const LaunchConfig& launch) override {
        const cudaDeviceProp& p = device_properties();
        if (launch.block_size > p.maxThreadsPerBlock)
            throw ConfigError("block_size = " + std::to_string(launch.block_size) +
                              ": must be a multiple of 32 between 32 and " +
                              std::to_string(p.maxThreadsPerBlock) + " on " + p.name);
        const std::string why =
            register_cap_error(launch.register_cap, cfg_, register_caps(), true);
        if (!why.empty()) throw ConfigError(why);
        LaunchConfig old = cfg_.launch;
        cfg_.launch = launch;
        drop_batches();
        try {
            report_ = compute_launch_report();
        } catch (...) {
            cfg_.launch = old;
            throw;
        }
    }
    LaunchReport launch_report() const override {
        LaunchReport r = report_;
        this->report_resident(r);
        return r;
    }
    // A tile's bulk kernel comes in border and interior variants (BulkNodes), which are not
    // capped: subdomains run the compiler's choice.
    std::vector<int> register_caps() const override {
        bool capped = false;
        M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
            capped = register_capped<M, L(), Sc(), typename decltype(C)::type>();
        });
        if (!capped || cfg_.tile.is_tile()) return {};
        return {kRegisterCaps.begin(), kRegisterCaps.end()};
    }
    const DeviceInfo& device() const override { return device_info(); }
    double copy_bandwidth() override { return measure_copy_bandwidth(); }

    void read_macro(MacroField& out) override {
        const node_t nodes = cfg_.dims.nodes();
        DeviceBuffer<double> d(5 * std::size_t(nodes));
        M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
            macro_fields_kernel<M, L(), Sc()>
                <<<grid_for(nodes), 256, 0, stream_>>>(current_args(), d.get());
        });
        LL_CUDA(cudaGetLastError());
        std::vector<double>* fields[5] = {&out.rho, &out.ux, &out.uy, &out.uz, &out.T};
        const int count = M::kHasTemperature ? 5 : 4;
        out.T.clear();
        for (int k = 0; k < count; ++k) {
            fields[k]->resize(nodes);
            LL_CUDA(cudaMemcpyAsync(fields[k]->data(), d.get() + k * std::size_t(nodes),
                                    nodes * sizeof(double), cudaMemcpyDeviceToHost, stream_));
        }
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    std::uint64_t count_nonfinite() override {
        return nonfinite_.count(stream_, [&](unsigned long long* bad) {
            M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
                count_nonfinite_kernel<M, L(), Sc()>
                    <<<grid_for(cfg_.dims.nodes()), 256, 0, stream_>>>(current_args(), bad);
            });
        });
    }

    // The visualiser's fallback slice path goes device -> pinned host -> caller.
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        const std::uint64_t count = region_size(cfg_.dims, region);
        field_staging_.read(out, count, space == MemorySpace::Host, stream_, [&](float* target) {
            M::with_layout_scheme(cfg_.model, [&](auto L, auto Sc) {
                field_kernel<M, L(), Sc()><<<grid_for(node_t(count)), 256, 0, stream_>>>(
                    current_args(), req, region, target, count);
            });
        });
    }

    // ---- the kernel bench (engine.hpp) ----
    // ---- halo exchange (engine.hpp; cuda_halo.cuh) ----
    const EngineConfig& config() const override { return cfg_; }
    int add_halo_list(int set, std::vector<std::uint64_t> elements) override {
        if constexpr (!ExchangesHalos<M>) return Engine::add_halo_list(set, std::move(elements));
        return halo_.add(set, elements);
    }
    void clear_halo_lists() override { halo_.clear(); }
    void start_steps(int steps) override { queue_steps(steps); }
    // Tiles of node-update models split (a step plan's passes do not: D2Q37; nor shared_x,
    // whose blocks are rows of x).
    bool splits_steps() const override {
        return !PlannedModel<M> && cfg_.tile.is_tile() && cfg_.model.scheme != Scheme::SharedX;
    }
    // The border updates on its own lane of the highest priority, beside the interior on the
    // tile's stream: queued before the interior on one stream, the border's small, scattered
    // kernels (an x face touches one node per row) held every interior back while the GPU's
    // bandwidth went to the other tiles' interiors (2x2x2 tiles of 256^3 on an H200: borders
    // of 200-600 us, 2026-11-26). The interior joins the lane before the step ends.
    void start_border() override {
        if constexpr (!PlannedModel<M>) {
            const cudaStream_t lane = side_lane_->stream();
            LL_CUDA(cudaEventRecord(step_begun_.get(), stream_));
            LL_CUDA(cudaStreamWaitEvent(lane, step_begun_.get(), 0));
            M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
                launch_border<L(), Sc(), typename decltype(C)::type>(current_args(), lane);
            });
            LL_CUDA(cudaEventRecord(side_lane_->event(), lane));
            border_queued_ = true;
        }
    }
    void start_interior() override {
        if constexpr (!PlannedModel<M>)
            M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
                launch_interior<L(), Sc(), typename decltype(C)::type>(current_args());
                LL_CUDA(cudaStreamWaitEvent(stream_, side_lane_->event(), 0));
                finish_step<M, Sc()>(a_, b_, parity_, step_);
            });
        border_queued_ = false;
    }
    // The lane only between start_border() and start_interior(): after a whole step, or once
    // the interior has joined the lane, the tile's stream holds everything queued.
    void* border_stream_handle() override {
        return border_queued_ ? side_lane_->stream() : stream_;
    }
    void finish_steps() override {
        LL_CUDA(cudaGetLastError());
        LL_CUDA(cudaStreamSynchronize(stream_));
    }
    void* stream_handle() override { return stream_; }
    void* current_set(int set) override { return a_[std::size_t(set)].get(); }
    void pack(int list, void* out, MemorySpace space, void* stream) override {
        halo_.pack(list, a_, out, space, stream ? static_cast<cudaStream_t>(stream) : stream_);
    }
    void unpack(int list, const void* in, MemorySpace space, void* stream) override {
        halo_.unpack(list, a_, in, space, stream ? static_cast<cudaStream_t>(stream) : stream_);
    }

    std::vector<std::string> step_passes() const override {
        std::vector<std::string> names;
        for (const PlanPass& p : plan_passes())
            if (names.empty() || names.back() != p.name) names.push_back(p.name);
        return names;
    }
    std::vector<KernelResources> pass_resources(const std::string& pass,
                                                int block_size) const override {
        std::vector<KernelResources> out;
        for (const PlanPass& p : plan_passes()) {
            if (pass != p.name) continue;
            const LaunchReport launch = function_launch_report(p.kernel, block_size);
            out.push_back({p.name, launch.registers_per_thread, launch.local_bytes_per_thread,
                           launch.max_threads_per_block, launch.blocks_per_sm,
                           launch.theoretical_occupancy});
        }
        if (out.empty()) return Engine::pass_resources(pass, block_size);
        if (out.size() > 1)
            for (std::size_t k = 0; k < out.size(); ++k)
                out[k].function += " #" + std::to_string(k + 1);
        return out;
    }
    double time_pass(const std::string& pass, int block_size, int launches) override {
        if (launches < 1) throw ConfigError("launches: must be at least 1");
        for (const KernelResources& r : pass_resources(pass, block_size)) // or unknown: throws
            if (!r.launchable())
                throw ConfigError("block_size = " + std::to_string(block_size) + ": " + r.function +
                                  " takes at most " + std::to_string(r.max_threads_per_block) +
                                  " threads per block");
        const auto launch = [&] {
            M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
                const Args a = current_args();
                Sweeps s{this, a};
                s.only = &pass;
                s.bench_block = block_size;
                if constexpr (PlannedModel<M>)
                    M::template plan<L(), Sc(), typename decltype(C)::type>(s, a);
            });
        };
        launch(); // warm-up: clocks, caches, the first launch's set-up
        timer_.start(stream_);
        for (int i = 0; i < launches; ++i)
            launch();
        return timer_.seconds(stream_) / launches;
    }

private:
    void clear_populations() {
        for (int k = 0; k < M::kSets; ++k) {
            LL_CUDA(cudaMemsetAsync(a_[k].get(), 0, a_[k].size() * sizeof(Store), stream_));
            if (b_[k].size())
                LL_CUDA(cudaMemsetAsync(b_[k].get(), 0, b_[k].size() * sizeof(Store), stream_));
        }
    }
    void upload_doubles(double* to, const double* from, std::size_t count) {
        LL_CUDA(cudaMemcpyAsync(to, from, count * sizeof(double), cudaMemcpyHostToDevice, stream_));
    }
    template <class T>
    void upload(DeviceBuffer<T>& to, const std::vector<T>& list) {
        to.allocate(list.size());
        if (!list.empty())
            LL_CUDA(cudaMemcpyAsync(to.get(), list.data(), list.size() * sizeof(T),
                                    cudaMemcpyHostToDevice, stream_));
    }

    static unsigned grid_for(node_t nodes, int block = 256) {
        return unsigned((std::uint64_t(nodes) + block - 1) / block);
    }

    std::size_t state_size() const { return ll::state_size<M>(cfg_.dims); }

    Args current_args() const {
        return bound_args<M>(args_, a_, b_, is_in_place(cfg_.model.scheme), flags_.get(), parity_,
                             step_);
    }

    // Registers, blocks per SM and occupancy of the current kernel; the occupancy cap is
    // enforced by asking for enough dynamic shared memory that no more blocks fit on an SM
    // (cuda_launch_shape.cuh).
    LaunchReport compute_launch_report() const {
        if constexpr (PlannedModel<M>)
            return binding_pass_report(plan_passes(), cfg_.launch);
        else
            return node_kernel_report<M>(cfg_);
    }

    // ---- [SECTION] one step ----

    // A plan's passes (step_plan.hpp), one launch each, or only their PlanPass records.
    struct Sweeps {
        CudaEngine* engine;
        const Args& a;
        std::vector<PlanPass>* record = nullptr; // instead of launching
        const std::string* only = nullptr;       // launch this pass alone (the kernel bench)
        int bench_block = 0;                     // its block size, without the occupancy cap
        template <class Op>
        void sweep(const Op& op, std::uint32_t count) {
            const void* kernel = reinterpret_cast<const void*>(&sweep_kernel<M, Op>);
            if (record) return record->push_back({Op::kName, kernel, count});
            if (only && *only != Op::kName) return;
            const int block = only ? bench_block : engine->cfg_.launch.block_size;
            const int smem = only ? 0 : engine->report_.dynamic_shared_bytes;
            sweep_kernel<M, Op>
                <<<grid_for(count, block), block, smem, engine->stream_>>>(a, op, count);
        }
    };
    // The passes of the current step: their names, CUDA functions and item counts.
    std::vector<PlanPass> plan_passes() const {
        std::vector<PlanPass> passes;
        if constexpr (PlannedModel<M>)
            M::with_step(cfg_.model, [&](auto L, auto Sc, auto C) {
                Sweeps s{const_cast<CudaEngine*>(this), args_, &passes};
                M::template plan<L(), Sc(), typename decltype(C)::type>(s, args_);
            });
        return passes;
    }

    // One step, queued on the stream (or recorded: the batches call it, cuda_step_batches.cuh).
    template <Layout L, Scheme Sc, class C>
    void launch_step() {
        const Args a = current_args();
        if constexpr (PlannedModel<M>) {
            Sweeps sweeps{this, a};
            M::template plan<L, Sc, C>(sweeps, a);
        } else {
            launch_node_kernels<L, Sc, C>(a);
        }
        finish_step<M, Sc>(a_, b_, parity_, step_);
    }

    // One update per node: the wall ghosts' copies first, then the bulk kernel (or shared_x) on
    // the stream, the near-wall lists (the border's, a tile's whose steps split, else empty;
    // then the others) beside it.
    template <Layout L, Scheme Sc, class C>
    void launch_node_kernels(const Args& a) {
        launch_wall_ghosts<L, Sc>(a);
        const bool beside = walls_beside();
        const cudaStream_t walls = beside ? fork_side_lane() : stream_;
        launch_walls<L, Sc, C>(a, border_walls_, walls);
        launch_walls<L, Sc, C>(a, wall_nodes_, walls);
        launch_bulk<L, Sc, C, BulkNodes::All>(a, stream_);
        if (!beside) return;
        LL_CUDA(cudaEventRecord(side_lane_->event(), side_lane_->stream()));
        LL_CUDA(cudaStreamWaitEvent(stream_, side_lane_->event(), 0));
    }
    // The near-wall list runs beside the bulk kernel, on the side lane of the highest priority,
    // which the stream joins before the step ends: the two update disjoint nodes and touch only
    // their own slots (Pass), so neither waits for the other. Its nodes are few (2.3 % of a
    // 256^3 cavity) but its kernel is latency-bound (95 registers, rows scattered along the x
    // walls): after the bulk it took 180 of the cavity's 910 us per step on an H200
    // (2026-11-26); beside it, its blocks take the SMs the bulk's leave.
    // LATTICELAB_WALL_LANE=0 queues it after the bulk on the stream (for comparison).
    bool walls_beside() const {
        return wall_lane_allowed_ && (wall_nodes_.size() > 0 || border_walls_.size() > 0);
    }
    // The side lane, waiting for what the stream has queued so far.
    cudaStream_t fork_side_lane() {
        LL_CUDA(cudaEventRecord(step_begun_.get(), stream_));
        LL_CUDA(cudaStreamWaitEvent(side_lane_->stream(), step_begun_.get(), 0));
        return side_lane_->stream();
    }

    template <Layout L, Scheme Sc, class C>
    void launch_border(const Args& a, cudaStream_t lane) {
        launch_bulk<L, Sc, C, BulkNodes::Listed>(a, lane, &border_bulk_);
        launch_walls<L, Sc, C>(a, border_walls_, lane);
    }
    template <Layout L, Scheme Sc, class C>
    void launch_interior(const Args& a) {
        launch_bulk<L, Sc, C, BulkNodes::AllButBorder>(a, stream_);
        launch_walls<L, Sc, C>(a, wall_nodes_, stream_);
    }

    // The bulk kernel (BulkNodes: every node, all but the border, or `list`).
    template <Layout L, Scheme Sc, class C, BulkNodes kNodes>
    void launch_bulk(const Args& a, cudaStream_t stream,
                     const DeviceBuffer<node_t>* list = nullptr) {
        if (kNodes == BulkNodes::Listed && list->size() == 0) return;
        const int block = cfg_.launch.block_size;
        if constexpr (Sc == Scheme::SharedX) {
            using S = typename M::Stencil;
            const std::uint64_t rows = std::uint64_t(cfg_.dims.ny) * cfg_.dims.nz;
            const std::uint64_t segments = (cfg_.dims.nx + block - 1) / block;
            const std::size_t smem =
                std::max<std::size_t>(shared_x_bytes<S, Real>(block), report_.dynamic_shared_bytes);
            shared_x<S, L, C, Real, Store><<<unsigned(rows * segments), block, smem, stream>>>(a);
        } else {
            const node_t count = list ? node_t(list->size()) : cfg_.dims.nodes();
            const node_t* nodes = list ? list->get() : nullptr;
            const unsigned grid = grid_for(count, block);
            const int smem = report_.dynamic_shared_bytes;
            // (one domain only: a tile, which may keep x faces, is refused a cap by
            // register_cap_error, and the capped kernels are built for no faces)
            if constexpr (kNodes == BulkNodes::All && register_capped<M, L, Sc, C>())
                if (const int cap = cfg_.launch.register_cap) {
                    const CappedKernel<M> capped = capped_kernel<M, L, Sc, C>(cap, parity_);
                    capped<<<grid, block, smem, stream>>>(a, count);
                    return;
                }
            with_parity<Sc>(parity_, [&](auto P) {
                with_face_path<M, Sc>(M::lattice(a).faces, [&](auto F) {
                    step_bulk<M, L, Sc, C, P(), kNodes, F()>
                        <<<grid, block, smem, stream>>>(a, nodes, count);
                });
            });
        }
    }

    // Wall ghosts (wall_ghosts.hpp) where the model offers them, the scheme's slots allow them
    // (wall_ghosts_exact) and the lattice is one domain: a tile's halo exchange also writes
    // into its halo layers, where a ghost could lie, and its split steps were not worked
    // through.
    bool uses_wall_ghosts() const {
        if constexpr (WallGhosts<M>)
            return wall_ghosts_allowed_ && wall_ghosts_exact(cfg_.model.scheme) &&
                   !cfg_.tile.is_tile();
        return false;
    }
    template <Layout L, Scheme Sc>
    void launch_wall_ghosts(const Args& a) {
        if constexpr (WallGhosts<M> && wall_ghosts_exact(Sc)) { // else no ghosts: not built
            const std::uint32_t count = std::uint32_t(wall_ghosts_.size());
            if (count == 0) return;
            fill_wall_ghosts<M, L, Sc>
                <<<grid_for(count), 256, 0, stream_>>>(a, wall_ghosts_.get(), count);
        }
    }

    template <Layout L, Scheme Sc, class C>
    void launch_walls(const Args& a, const DeviceBuffer<node_t>& list, cudaStream_t stream) {
        const node_t count = node_t(list.size());
        if (count == 0) return;
        with_parity<Sc>(parity_, [&](auto P) {
            with_face_path<M, Sc>(M::lattice(a).faces, [&](auto F) {
                step_walls<M, L, Sc, C, P(), F()>
                    <<<grid_for(count), 256, 0, stream>>>(a, list.get(), count);
            });
        });
    }

    EngineConfig cfg_;
    Args args_;
    std::array<DeviceBuffer<Store>, M::kSets> a_, b_; // b empty for in-place schemes
    DeviceBuffer<std::uint8_t> flags_;
    DeviceBuffer<node_t> border_bulk_;        // a tile's border nodes (kBorderBit) without walls
    DeviceBuffer<node_t> border_walls_;       // its border nodes with a half-way wall neighbour
    DeviceBuffer<node_t> wall_nodes_;         // the other nodes with a half-way wall neighbour
    DeviceBuffer<WallGhostNode> wall_ghosts_; // nodes whose walls are copied (wall_ghosts.hpp)
    HostFieldStaging field_staging_;          // read_field to host memory, reused between calls
    DeviceCounter nonfinite_;
    int parity_ = 0;
    std::uint32_t step_ = 0; // steps since this engine was built: the 16-bit stores' noise
    cudaStream_t stream_ = nullptr;
    // Where a split step's border runs (a tile's) and the near-wall list beside the bulk.
    std::unique_ptr<PriorityStream> side_lane_;
    CudaEvent step_begun_;       // the stream reached the step the side lane takes part in
    bool border_queued_ = false; // start_border() queued, start_interior() not
    StreamTimer timer_;
    // LATTICELAB_WALL_LANE, read once: a bad value fails the engine's construction.
    const bool wall_lane_allowed_ = wall_lane_allowed();
    const bool wall_sectors_allowed_ = wall_sectors_allowed(); // LATTICELAB_WALL_SECTORS
    const bool wall_ghosts_allowed_ = wall_ghosts_allowed();   // LATTICELAB_WALL_GHOSTS
    const bool wall_fill_allowed_ = wall_fill_allowed();       // LATTICELAB_WALL_FILL
    HaloLists<Store> halo_;
    LaunchReport report_{};
};

} // namespace ll::cuda
