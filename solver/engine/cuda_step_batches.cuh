// Small-step batching for CudaEngine (cuda_engine.cuh): where a lattice is small enough that its
// steps are launch-bound, a batch of steps runs in one resident cooperative kernel
// (resident_steps.cuh) or replays a captured CUDA graph (solver/cuda/step_graph.hpp); the rest
// launch one by one (CudaEngine::launch_step). A CRTP base of the engine, so that this policy
// reads apart from the Engine implementation at no run-time cost. It reads the engine's state
// (configuration, buffers, parity, step, launch report) as a friend, and owns
// the graph, the environment switches and the resident launch's shape, which the engine drops
// (drop_batches) wherever what they were made from changes: parameters, launch, node lists.
//
// [SECTION] batches         what the engine asks: queue a batch, ready its graph, drop both;
//                           which lattices batch, and how
// [SECTION] resident        the resident kernel's shape (asked once) and launches
// [SECTION] graph capture   recording the steps a graph replays
#pragma once
#include "kernels.cuh"
#include "resident_neighbours.hpp"
#include "resident_steps.cuh"
#include "solver/cuda/cuda_buffer.hpp"
#include "solver/cuda/device_properties.cuh"
#include "solver/cuda/step_graph.hpp"

#include <algorithm>
#include <optional>
#include <type_traits>

namespace ll::cuda {

template <NodeModel M, class Engine>
class CudaStepBatches {
    using Store = typename M::Store;
    using Args = typename M::Args;

protected:
    // ---- [SECTION] batches ----

    // Small lattices are launch-bound: cylinder2d's 37 000 nodes ran 99 000 steps/s on an H200
    // (2026-11-23), each step's kernels shorter than their launches. There whole batches of
    // kGraphSteps steps replay a CUDA graph (StepGraph), the rest launch one by one. Not for
    // 16-bit stores, whose rounding noise is keyed to the step (a replay would repeat it), nor
    // for tiles, whose steps interleave with the exchange; LATTICELAB_CUDA_GRAPHS=0 turns it off.
    static constexpr int kGraphSteps = 32;
    static_assert(kGraphSteps % 2 == 0, "a replay leaves A-A's parity and pull's buffers as is");
    static constexpr node_t kGraphMaxNodes = node_t(1) << 21;

    // Queues `steps` steps: resident launches where they apply, else graph replays of whole
    // batches, and the rest launched one by one.
    void queue_steps(int steps) {
        Engine& e = self();
        M::with_step(e.cfg_.model, [&](auto L, auto Sc, auto C) {
            using Coll = typename decltype(C)::type;
            int s = 0;
            if constexpr (!PlannedModel<M> && Sc() != Scheme::SharedX &&
                          has_resident_steps<M, L(), Coll>)
                if (steps >= 2 && runs_resident()) {
                    queue_resident<L(), Sc(), Coll>(steps, resident_shape());
                    s = steps;
                }
            if (replays_graphs() && steps >= kGraphSteps) {
                ready_graph(); // a replay leaves the state it needs as it found it
                for (; s + kGraphSteps <= steps; s += kGraphSteps) {
                    e.step_ += kGraphSteps;
                    graph_.launch(e.stream_);
                }
            }
            for (; s < steps; ++s)
                e.template launch_step<L(), Sc(), Coll>();
        });
    }
    // Captures the graph that queue_steps() replays, unless the one it holds still fits.
    void ready_graph() {
        Engine& e = self();
        if (!replays_graphs() || graph_.matches(e.a_[0].get(), e.parity_)) return;
        M::with_step(e.cfg_.model, [&](auto L, auto Sc, auto C) {
            capture_steps<L(), Sc(), typename decltype(C)::type>();
        });
    }

    // The resident launch's shape, once a batch has asked for it.
    void report_resident(LaunchReport& r) const {
        if (!resident_shape_) return;
        r.resident_blocks = int(resident_shape_->grid);
        r.resident_block_size = int(resident_shape_->block);
    }
    // Forgets the graph and the resident grid: their launches hold the old parameters, launch
    // configuration or node lists. Before the lists a graph launches over are freed.
    void drop_batches() {
        graph_.reset();
        resident_shape_.reset();
    }

private:
    // Where the same small lattices fit in one wave of the GPU (a thread for every node at
    // once), batches of steps run in one resident kernel instead
    // (resident_steps.cuh): no launch between steps, one kernel per step rather than two. On a
    // larger lattice a thread would take several nodes, and the launched kernels' occupancy
    // and streaming do better. Not for plans (D2Q37's passes), shared_x or AoS
    // (has_resident_steps). LATTICELAB_RESIDENT=0 turns it off.
    static constexpr int kResidentSteps = 64;

    bool batches_small_steps() const {
        const EngineConfig& cfg = self().cfg_;
        return std::is_floating_point_v<Store> && !cfg.tile.is_tile() &&
               cfg.dims.nodes() <= kGraphMaxNodes;
    }
    bool replays_graphs() { return graphs_allowed_ && batches_small_steps() && !runs_resident(); }
    bool runs_resident() { return resident_shape().grid > 0; }

    // ---- [SECTION] resident ----

    // A resident launch's blocks and threads per block; no blocks where it does not apply or
    // one wave is too small. The occupancy calculator is asked once, until drop_batches(): not
    // at every batch.
    struct ResidentShape {
        unsigned grid = 0, block = 0;
    };
    ResidentShape resident_shape() {
        if (!resident_shape_) {
            resident_shape_ = one_wave_resident_shape();
            ready_neighbours(*resident_shape_);
        }
        return *resident_shape_;
    }
    // The lists of the blocks each block of a resident launch of `shape` waits for, and their
    // step counts at zero (resident_steps.cuh); none, so the whole grid's barrier, where
    // LATTICELAB_NEIGHBOUR_SYNC=0. The lists depend only on the shape (the lattice is the
    // engine's), so a change of parameters (a tau slider) keeps them and only queues the
    // counts' reset behind the launches in flight.
    void ready_neighbours(ResidentShape shape) {
        sync_ = {};
        if (shape.grid == 0 || !neighbour_sync_allowed_) return;
        Engine& e = self();
        if (shape.grid != listed_.grid || shape.block != listed_.block) {
            LL_CUDA(cudaStreamSynchronize(e.stream_)); // a launch in flight reads the old lists
            listed_ = {};
            const BlockNeighbours nb =
                resident_block_neighbours(e.cfg_.dims, shape.grid, shape.block);
            sync_first_.allocate(nb.first.size());
            upload_now(sync_first_.get(), nb.first.data(), nb.first.size());
            sync_blocks_.allocate(nb.blocks.size());
            if (!nb.blocks.empty())
                upload_now(sync_blocks_.get(), nb.blocks.data(), nb.blocks.size());
            sync_done_.allocate(shape.grid);
            listed_ = shape;
        }
        LL_CUDA(
            cudaMemsetAsync(sync_done_.get(), 0, shape.grid * sizeof(std::uint32_t), e.stream_));
        sync_ = {sync_first_.get(), sync_blocks_.get(), sync_done_.get(), 0};
    }
    ResidentShape one_wave_resident_shape() const {
        const EngineConfig& cfg = self().cfg_;
        ResidentShape shape;
        if constexpr (!PlannedModel<M>)
            if (resident_allowed_ && batches_small_steps() && cooperative_launch() &&
                cfg.launch.register_cap == 0) // a cap asks for the capped launched kernel
                M::with_step(cfg.model, [&](auto L, auto Sc, auto C) {
                    using Coll = typename decltype(C)::type;
                    if constexpr (Sc() != Scheme::SharedX && has_resident_steps<M, L(), Coll>)
                        shape = balanced_shape(resident_kernel<L(), Sc(), Coll>());
                });
        return shape;
    }
    template <Layout L, Scheme Sc, class C>
    static const void* resident_kernel() {
        return reinterpret_cast<const void*>(&resident_steps<M, L, Sc, C>);
    }
    // The launch's block size, widened where that many threads per block would leave some SMs
    // with one block more than others: a resident step is a chain of latencies, not a stream,
    // and through its neighbours every block keeps the pace of the slowest SM. Then every SM
    // gets the same number of blocks (the fewest the registers allow) and every block its share
    // of the nodes, rounded up to whole warps. Wider only: fewer blocks also meet sooner (this
    // was measured with the grid barrier, before blocks waited for neighbours). H200 (132 SMs),
    // steps per second at 256 threads per block and as sized here (docs/PERFORMANCE.md,
    // 2026-11-27): cylinder2d (36 960 nodes) 145 blocks, 13 SMs with two: 289 000; 129 blocks
    // of 288: 297 000-306 000; taylor_green2d 192^2 (36 864) 346 000 -> 374 000; cavity2d
    // 130^2 keeps its 67 blocks of 256 (spread over 106 SMs in blocks of 160 it lost 3 %).
    ResidentShape balanced_shape(const void* kernel) const {
        const Engine& e = self();
        const int smem = e.report_.dynamic_shared_bytes;
        const std::uint64_t sms = std::uint64_t(device_properties().multiProcessorCount);
        const std::uint64_t nodes = std::uint64_t(e.cfg_.dims.nodes());
        const std::uint64_t launch_block = std::uint64_t(e.cfg_.launch.block_size);
        cudaFuncAttributes attributes{};
        if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) !=
                cudaSuccess ||
            cudaFuncGetAttributes(&attributes, kernel) != cudaSuccess) {
            cudaGetLastError(); // e.g. shared memory beyond the SM's: launch instead
            return {};
        }
        constexpr std::uint64_t kWarp = 32;
        for (std::uint64_t per_sm = 1; per_sm <= 32; ++per_sm) {
            const std::uint64_t share = (nodes + sms * per_sm - 1) / (sms * per_sm);
            const std::uint64_t block = std::max(launch_block, (share + kWarp - 1) / kWarp * kWarp);
            if (block > std::uint64_t(attributes.maxThreadsPerBlock)) continue;
            int fit = 0;
            if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kernel, int(block), smem) !=
                cudaSuccess) {
                cudaGetLastError();
                return {};
            }
            const std::uint64_t grid = (nodes + block - 1) / block;
            if (grid <= std::uint64_t(fit) * sms) return {unsigned(grid), unsigned(block)};
        }
        return {}; // more nodes than one wave holds: launched steps do better
    }
    static bool cooperative_launch() {
        static const bool supported = [] {
            int device = 0, v = 0;
            return cudaGetDevice(&device) == cudaSuccess &&
                   cudaDeviceGetAttribute(&v, cudaDevAttrCooperativeLaunch, device) ==
                       cudaSuccess &&
                   v == 1;
        }();
        return supported;
    }

    // The arguments `k` steps from now: finish_step() swaps the buffers (pull, push, split) or
    // flips the parity (A-A, esoteric) once per step.
    Args args_after(int k) const {
        const Engine& e = self();
        const bool in_place = is_in_place(e.cfg_.model.scheme);
        const bool swapped = !in_place && k % 2 == 1;
        return bound_args<M>(e.args_, swapped ? e.b_ : e.a_, swapped ? e.a_ : e.b_, in_place,
                             e.flags_.get(), in_place ? e.parity_ ^ (k & 1) : e.parity_,
                             e.step_ + std::uint32_t(k));
    }
    // Queues `steps` steps as resident launches of `grid` blocks, kResidentSteps at most each.
    template <Layout L, Scheme Sc, class C>
    void queue_resident(int steps, ResidentShape shape) {
        Engine& e = self();
        const int smem = e.report_.dynamic_shared_bytes;
        node_t nodes = e.cfg_.dims.nodes();
        // A kernel's shared-memory limit is the process's, not this engine's: another engine of
        // the same model may have set it since resident_shape() was asked.
        LL_CUDA(cudaFuncSetAttribute(resident_kernel<L, Sc, C>(),
                                     cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        for (int done = 0; done < steps;) {
            int n = std::min(kResidentSteps, steps - done);
            Args even = args_after(0), odd = args_after(1);
            void* params[] = {&even, &odd, &nodes, &n, &sync_};
            LL_CUDA(cudaLaunchCooperativeKernel(resident_kernel<L, Sc, C>(), shape.grid,
                                                shape.block, params, smem, e.stream_));
            sync_.base += std::uint32_t(n);
            for (int i = 0; i < n; ++i)
                finish_step<M, Sc>(e.a_, e.b_, e.parity_, e.step_);
            done += n;
        }
    }

    // ---- [SECTION] graph capture ----

    // Records kGraphSteps steps into graph_ without running them. launch_step() advances the
    // host's step state as it records; it is put back as it was, also when a launch throws.
    template <Layout L, Scheme Sc, class C>
    void capture_steps() {
        Engine& e = self();
        const int parity = e.parity_;
        const std::uint32_t step = e.step_;
        int recorded = 0;
        const auto restore = [&] {
            e.parity_ = parity;
            e.step_ = step;
            if (!is_in_place(Sc) && recorded % 2 == 1)
                for (std::size_t k = 0; k < e.a_.size(); ++k)
                    e.a_[k].swap(e.b_[k]);
        };
        try {
            graph_.capture(e.stream_, e.a_[0].get(), e.parity_, [&] {
                for (; recorded < kGraphSteps; ++recorded)
                    e.template launch_step<L, Sc, C>();
            });
        } catch (...) {
            restore();
            throw;
        }
        restore();
    }

    Engine& self() { return static_cast<Engine&>(*this); }
    const Engine& self() const { return static_cast<const Engine&>(*this); }

    StepGraph graph_; // a batch of steps to replay (queue_steps)
    // LATTICELAB_CUDA_GRAPHS, read once: a bad value fails the engine's construction.
    const bool graphs_allowed_ = cuda_graphs_allowed();
    const bool resident_allowed_ = resident_steps_allowed(); // LATTICELAB_RESIDENT, likewise
    std::optional<ResidentShape> resident_shape_; // resident_shape(), until drop_batches()
    const bool neighbour_sync_allowed_ = neighbour_sync_allowed(); // LATTICELAB_NEIGHBOUR_SYNC
    // The resident launch's neighbour lists and step counts (ready_neighbours), and the shape
    // they were made for.
    DeviceBuffer<std::uint32_t> sync_first_, sync_blocks_, sync_done_;
    ResidentShape listed_;
    ResidentSync sync_;
};

} // namespace ll::cuda
