// The CUDA back end for one stencil and precision. Runtime choices (scheme, layout,
// collision) map to kernel instantiations through dispatch.hpp; launches go to one stream and
// are timed with CUDA events.
//
// [SECTION] CudaEngine        Engine implementation: steps, state exchange, fields, launch
// [SECTION] launch shape      occupancy cap through reserved dynamic shared memory
#pragma once
#include "../dispatch.hpp"
#include "../engine.hpp"
#include "cuda_buffer.hpp"
#include "cuda_check.hpp"
#include "device_probes.hpp"
#include "device_properties.cuh"
#include "kernels.cuh"

#include <algorithm>
#include <cmath>

namespace ll::cuda {

std::string gib(double bytes);

// Real: the arithmetic; Store: the number format of the populations in memory (storage.hpp).
template <class S, class Real, class Store = Real>
class CudaEngine final : public Engine {
public:
    explicit CudaEngine(const EngineConfig& cfg) : cfg_(cfg) {
        const std::size_t pops = std::size_t(cfg.dims.nodes()) * S::Q;
        a_.allocate(pops);
        if (!is_in_place(cfg.model.scheme)) b_.allocate(pops);
        flags_.allocate(cfg.dims.nodes());
        LL_CUDA(cudaMemset(flags_.get(), 0, cfg.dims.nodes()));
        LL_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
        fill_step_args<S, Real>(args_, cfg.dims, cfg.flow);
        set_launch(cfg.launch);
    }
    ~CudaEngine() override {
        cudaStreamSynchronize(stream_);
        cudaStreamDestroy(stream_);
    }

    double step(int steps) override {
        timer_.start(stream_);
        with_model<S>(cfg_.model, [&](auto L, auto Sc, auto C) {
            for (int s = 0; s < steps; ++s)
                launch_step<L(), Sc(), typename decltype(C)::type>();
        });
        return timer_.seconds(stream_);
    }

    void export_state(std::vector<double>& f) override {
        DeviceBuffer<double> canon(std::size_t(cfg_.dims.nodes()) * S::Q);
        with_addressing(cfg_.model, [&](auto L, auto Sc) {
            export_state_kernel_launch<L(), Sc()>(canon.get());
        });
        f.resize(canon.size());
        LL_CUDA(cudaMemcpyAsync(f.data(), canon.get(), canon.size() * sizeof(double),
                                cudaMemcpyDeviceToHost, stream_));
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    void import_state(const std::vector<double>& f) override {
        DeviceBuffer<double> canon(f.size());
        LL_CUDA(cudaMemcpyAsync(canon.get(), f.data(), f.size() * sizeof(double),
                                cudaMemcpyHostToDevice, stream_));
        LL_CUDA(cudaMemsetAsync(a_.get(), 0, a_.size() * sizeof(Store), stream_));
        if (b_.size()) LL_CUDA(cudaMemsetAsync(b_.get(), 0, b_.size() * sizeof(Store), stream_));
        with_addressing(cfg_.model, [&](auto L, auto Sc) {
            import_state_kernel<S, L(), Sc(), Real, Store>
                <<<grid_for(cfg_.dims.nodes()), 256, 0, stream_>>>(current_args(), canon.get());
        });
        LL_CUDA(cudaGetLastError());
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    void set_flags(const std::vector<std::uint8_t>& flags) override {
        std::vector<node_t> list;
        for (std::size_t n = 0; n < flags.size(); ++n)
            if (is_updated(flags[n]) && near_wall(flags[n])) list.push_back(node_t(n));
        wall_nodes_.allocate(list.size());
        LL_CUDA(cudaMemcpyAsync(flags_.get(), flags.data(), flags.size(), cudaMemcpyHostToDevice,
                                stream_));
        if (!list.empty())
            LL_CUDA(cudaMemcpyAsync(wall_nodes_.get(), list.data(), list.size() * sizeof(node_t),
                                    cudaMemcpyHostToDevice, stream_));
        LL_CUDA(cudaStreamSynchronize(stream_));
    }
    void set_flow(const FlowParams& flow) override {
        cfg_.flow = flow;
        fill_step_args<S, Real>(args_, cfg_.dims, flow);
    }

    void set_launch(const LaunchConfig& launch) override {
        const cudaDeviceProp& p = device_properties();
        if (launch.block_size > p.maxThreadsPerBlock)
            throw ConfigError("block_size = " + std::to_string(launch.block_size) +
                              ": must be a multiple of 32 between 32 and " +
                              std::to_string(p.maxThreadsPerBlock) + " on " + p.name);
        LaunchConfig old = cfg_.launch;
        cfg_.launch = launch;
        try {
            report_ = compute_launch_report();
        } catch (...) {
            cfg_.launch = old;
            throw;
        }
    }
    LaunchReport launch_report() const override { return report_; }
    const DeviceInfo& device() const override { return device_info(); }
    double copy_bandwidth() override { return measure_copy_bandwidth(); }

    void read_macro(MacroField& out) override {
        const node_t nodes = cfg_.dims.nodes();
        DeviceBuffer<float> d(4 * std::size_t(nodes));
        with_addressing(cfg_.model, [&](auto L, auto Sc) {
            macro_fields_kernel<S, L(), Sc(), Real, Store><<<grid_for(nodes), 256, 0, stream_>>>(
                current_args(), d.get(), d.get() + nodes, d.get() + 2 * nodes, d.get() + 3 * nodes);
        });
        LL_CUDA(cudaGetLastError());
        std::vector<float>* fields[4] = {&out.rho, &out.ux, &out.uy, &out.uz};
        for (int k = 0; k < 4; ++k) {
            fields[k]->resize(nodes);
            LL_CUDA(cudaMemcpyAsync(fields[k]->data(), d.get() + k * std::size_t(nodes),
                                    nodes * sizeof(float), cudaMemcpyDeviceToHost, stream_));
        }
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    std::uint64_t count_nonfinite() override {
        return nonfinite_.count(stream_, [&](unsigned long long* bad) {
            with_addressing(cfg_.model, [&](auto L, auto Sc) {
                count_nonfinite_kernel<S, L(), Sc(), Real, Store>
                    <<<grid_for(cfg_.dims.nodes()), 256, 0, stream_>>>(current_args(), bad);
            });
        });
    }

    // The visualiser's fallback slice path goes device -> pinned host -> caller.
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        const std::uint64_t count = region_size(cfg_.dims, region);
        field_staging_.read(out, count, space == MemorySpace::Host, stream_, [&](float* target) {
            with_addressing(cfg_.model, [&](auto L, auto Sc) {
                field_kernel<S, L(), Sc(), Real, Store>
                    <<<grid_for(node_t(count)), 256, 0, stream_>>>(current_args(), req, region,
                                                                   target, count);
            });
        });
    }

private:
    static unsigned grid_for(node_t nodes, int block = 256) {
        return unsigned((std::uint64_t(nodes) + block - 1) / block);
    }

    StepArgs<Real, Store> current_args() const {
        StepArgs<Real, Store> a = args_;
        a.src = a_.get();
        a.dst = is_in_place(cfg_.model.scheme) ? a_.get() : b_.get();
        a.flags = flags_.get();
        a.parity = parity_;
        a.step = step_;
        return a;
    }

    template <Layout L, Scheme Sc>
    void export_state_kernel_launch(double* out) {
        export_state_kernel<S, L, Sc, Real, Store>
            <<<grid_for(cfg_.dims.nodes()), 256, 0, stream_>>>(current_args(), out);
        LL_CUDA(cudaGetLastError());
    }

    // The kernel a step launches now (for A-A and esoteric: the one of the current parity).
    template <Layout L, Scheme Sc, class C>
    const void* kernel_for(int parity) const {
        if constexpr (Sc == Scheme::SharedX)
            return reinterpret_cast<const void*>(&shared_x<S, L, C, Real, Store>);
        else if (parity)
            return reinterpret_cast<const void*>(&stream_collide<S, L, Sc, C, 1, Real, Store>);
        else
            return reinterpret_cast<const void*>(&stream_collide<S, L, Sc, C, 0, Real, Store>);
    }

    template <Layout L, Scheme Sc, class C>
    void launch_step() {
        const StepArgs<Real, Store> a = current_args();
        const int block = cfg_.launch.block_size;
        if constexpr (Sc == Scheme::SharedX) {
            const std::uint64_t rows = std::uint64_t(cfg_.dims.ny) * cfg_.dims.nz;
            const std::uint64_t segments = (cfg_.dims.nx + block - 1) / block;
            const std::size_t smem =
                std::max<std::size_t>(shared_x_bytes<S, Real>(block), report_.dynamic_shared_bytes);
            shared_x<S, L, C, Real, Store><<<unsigned(rows * segments), block, smem, stream_>>>(a);
        } else {
            const unsigned grid = grid_for(cfg_.dims.nodes(), block);
            const int smem = report_.dynamic_shared_bytes;
            if (parity_)
                stream_collide<S, L, Sc, C, 1, Real, Store><<<grid, block, smem, stream_>>>(a);
            else
                stream_collide<S, L, Sc, C, 0, Real, Store><<<grid, block, smem, stream_>>>(a);
        }
        const node_t walls = node_t(wall_nodes_.size());
        if (walls) {
            if (parity_)
                stream_collide_walls<S, L, Sc, C, 1, Real, Store>
                    <<<grid_for(walls), 256, 0, stream_>>>(a, wall_nodes_.get(), walls);
            else
                stream_collide_walls<S, L, Sc, C, 0, Real, Store>
                    <<<grid_for(walls), 256, 0, stream_>>>(a, wall_nodes_.get(), walls);
        }
        ++step_;
        if constexpr (is_in_place(Sc))
            parity_ ^= 1;
        else
            a_.swap(b_);
    }

    // Registers, blocks per SM and occupancy of the current kernel; the occupancy cap is
    // enforced by asking for enough dynamic shared memory that no more blocks fit on an SM.
    LaunchReport compute_launch_report() {
        LaunchReport r{};
        with_model<S>(cfg_.model, [&](auto L, auto Sc, auto C) {
            using Coll = typename decltype(C)::type;
            const std::size_t needed =
                Sc() == Scheme::SharedX ? shared_x_bytes<S, Real>(cfg_.launch.block_size) : 0;
            // Both parity kernels of an in-place scheme need the same shared-memory setting.
            if constexpr (is_in_place(Sc())) occupancy_for(kernel_for<L(), Sc(), Coll>(1), needed);
            r = occupancy_for(kernel_for<L(), Sc(), Coll>(0), needed);
        });
        return r;
    }

    LaunchReport occupancy_for(const void* kernel, std::size_t needed_smem) {
        const cudaDeviceProp& p = device_properties();
        cudaFuncAttributes attr{};
        LL_CUDA(cudaFuncGetAttributes(&attr, kernel));
        const int block = cfg_.launch.block_size;
        if (block > attr.maxThreadsPerBlock)
            throw ConfigError("block_size = " + std::to_string(block) + ": this kernel uses " +
                              std::to_string(attr.numRegs) + " registers per thread, so at most " +
                              std::to_string(attr.maxThreadsPerBlock) +
                              " threads fit in a block; use a multiple of 32 up to that");
        std::size_t smem = needed_smem;
        const int cap = cfg_.launch.blocks_per_sm_cap;
        if (cap > 0) {
            // Reserve shared memory so that at most `cap` blocks fit on one SM.
            const std::size_t per_sm = p.sharedMemPerMultiprocessor;
            smem = std::max(smem, per_sm / std::size_t(cap + 1) + 1);
            smem = std::min<std::size_t>(smem, p.sharedMemPerBlockOptin - attr.sharedSizeBytes);
        }
        LL_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     int(std::max<std::size_t>(smem, needed_smem))));
        LaunchReport r = function_launch_report(kernel, block, smem);
        if (r.blocks_per_sm == 0)
            throw ConfigError("block_size = " + std::to_string(block) +
                              ": no block of this size fits on an SM with the requested "
                              "occupancy cap; use a smaller block or a higher cap");
        r.dynamic_shared_bytes = int(cap > 0 ? smem : 0);
        return r;
    }

    EngineConfig cfg_;
    DeviceBuffer<Store> a_, b_;
    DeviceBuffer<std::uint8_t> flags_;
    DeviceBuffer<node_t> wall_nodes_; // updated nodes with a half-way wall neighbour
    HostFieldStaging field_staging_;  // read_field to host memory, reused between calls
    DeviceCounter nonfinite_;
    StepArgs<Real, Store> args_{};
    int parity_ = 0;
    std::uint32_t step_ = 0; // steps since this engine was built: the 16-bit stores' noise
    cudaStream_t stream_ = nullptr;
    StreamTimer timer_;
    LaunchReport report_{};
};

} // namespace ll::cuda
