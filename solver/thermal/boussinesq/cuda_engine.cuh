// The CUDA engine of the double-population model: the per-node step of node_update.hpp in
// one thread per node, as the core's CUDA engine runs its own (solver/cuda/): a bulk kernel
// without wall code plus a kernel over the list of near-wall nodes; every node touches only
// its own slots, so the two need no ordering. One stream, CUDA events for timing.
//
// [SECTION] kernels      step (bulk / near-wall), canonical state export / import, fields,
//                        one derived field, the NaN/Inf count
// [SECTION] CudaEngine   buffers, stream, steps, state exchange
#pragma once
#include "dispatch.hpp"
#include "solver/cuda/cuda_engine.cuh"

namespace ll::thermal::boussinesq {

// ---- [SECTION] kernels ----
// list == nullptr: node k for k < count (the bulk pass); else node list[k].
template <class SF, class ST, Layout L, Scheme Sc, class C, class Real, Pass P>
__global__ void step_kernel(Args<Real> a, const node_t* list, node_t count) {
    const node_t k = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    update_node<SF, ST, L, Sc, C, Real, P>(a, list ? list[k] : k);
}

template <class SF, class ST, Layout L, Scheme Sc, class Real>
__global__ void export_kernel(Args<Real> a, double* f_out, double* g_out) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= a.flow.dims.nodes()) return;
    Real f[SF::Q], g[ST::Q];
    const bool updated = is_updated(a.flow.flags[n]);
    if (updated) read_state<SF, ST, L, Sc>(a, n, f, g);
    for (int i = 0; i < SF::Q; ++i)
        f_out[offset_t(n) * SF::Q + i] = updated ? double(f[i]) : 0.0;
    for (int i = 0; i < ST::Q; ++i)
        g_out[offset_t(n) * ST::Q + i] = updated ? double(g[i]) : 0.0;
}

template <class SF, class ST, Layout L, Scheme Sc, class Real>
__global__ void import_kernel(Args<Real> a, const double* f_in, const double* g_in) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= a.flow.dims.nodes() || !is_updated(a.flow.flags[n])) return;
    Real f[SF::Q], g[ST::Q];
    for (int i = 0; i < SF::Q; ++i)
        f[i] = Real(f_in[offset_t(n) * SF::Q + i]);
    for (int i = 0; i < ST::Q; ++i)
        g[i] = Real(g_in[offset_t(n) * ST::Q + i]);
    // Redirect slots are unique per (node, direction): parallel writes never collide.
    write_state<SF, ST, L, Sc>(a, n, f, g);
}

struct FieldPointers {
    double *rho, *ux, *uy, *uz, *theta;
};

template <class SF, class ST, Layout L, Scheme Sc, class Real>
__global__ void fields_kernel(Args<Real> a, FieldPointers out) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (n >= a.flow.dims.nodes()) return;
    const NodeFields<Real> m = node_fields<SF, ST, L, Sc>(a, n);
    out.rho[n] = double(m.rho);
    out.ux[n] = double(m.u[0]);
    out.uy[n] = double(m.u[1]);
    out.uz[n] = double(m.u[2]);
    out.theta[n] = double(m.theta);
}

// One float field over a region (field_at), for the visualiser's device slices.
template <class SF, class ST, Layout L, Scheme Sc, class Real>
__global__ void field_kernel(Args<Real> a, FieldRequest req, FieldRegion region, float* out,
                             std::uint64_t count) {
    const std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    out[k] = field_at<SF, ST, L, Sc>(a, region_node(a.flow.dims, region, k), req);
}

// One atomic per warp: a blown-up lattice has many bad nodes.
template <class SF, class ST, Layout L, Scheme Sc, class Real>
__global__ void count_nonfinite_kernel(Args<Real> a, unsigned long long* bad) {
    const node_t n = node_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const bool ok = n >= a.flow.dims.nodes() || node_is_finite<SF, ST, L, Sc>(a, n);
    const unsigned warp_bad = __popc(__ballot_sync(0xffffffffu, !ok));
    if ((threadIdx.x & 31) == 0 && warp_bad) atomicAdd(bad, warp_bad);
}

// ---- [SECTION] CudaEngine ----
template <class SF, class ST, class Real>
class CudaEngine final : public Engine {
public:
    explicit CudaEngine(const Config& cfg) : cfg_(cfg) {
        validate(cfg);
        const std::size_t nodes = cfg.dims.nodes();
        fa_.allocate(nodes * SF::Q);
        ga_.allocate(nodes * ST::Q);
        if (!is_in_place(cfg.model.scheme)) {
            fb_.allocate(nodes * SF::Q);
            gb_.allocate(nodes * ST::Q);
        }
        LL_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
        LL_CUDA(cudaEventCreate(&start_));
        LL_CUDA(cudaEventCreate(&stop_));
        const std::vector<std::uint8_t> flags = with_near_wall_bits(cfg);
        std::vector<node_t> list;
        for (std::size_t n = 0; n < flags.size(); ++n)
            if (is_updated(flags[n]) && near_wall(flags[n])) list.push_back(node_t(n));
        flags_.allocate(nodes);
        wall_nodes_.allocate(list.size());
        upload(flags_.get(), flags.data(), flags.size());
        if (!list.empty()) upload(wall_nodes_.get(), list.data(), list.size());
        args_ = make_args<SF, Real>(cfg);
        check_block_size();
        report_ = bulk_launch_report();
        name_ = std::string("cuda: ") + cuda::device_properties().name;
    }
    ~CudaEngine() override {
        cudaStreamSynchronize(stream_);
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
        cudaStreamDestroy(stream_);
    }

    double step(int steps) override {
        LL_CUDA(cudaEventRecord(start_, stream_));
        with_bq_model<SF>(cfg_.model, [&](auto L, auto Sc, auto C) {
            for (int s = 0; s < steps; ++s)
                launch_step<L(), Sc(), typename decltype(C)::type>();
        });
        LL_CUDA(cudaEventRecord(stop_, stream_));
        LL_CUDA(cudaEventSynchronize(stop_));
        float ms = 0;
        LL_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
        steps_ += std::uint64_t(steps);
        return ms * 1e-3;
    }

    void export_state(std::vector<double>& f, std::vector<double>& g) override {
        const std::size_t nodes = cfg_.dims.nodes();
        cuda::DeviceBuffer<double> df(nodes * SF::Q), dg(nodes * ST::Q);
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            export_kernel<SF, ST, L(), Sc(), Real>
                <<<grid(nodes), 256, 0, stream_>>>(current_args(), df.get(), dg.get());
        });
        LL_CUDA(cudaGetLastError());
        f.resize(df.size());
        g.resize(dg.size());
        download(f.data(), df);
        download(g.data(), dg);
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    void import_state(const std::vector<double>& f, const std::vector<double>& g) override {
        const std::size_t nodes = cfg_.dims.nodes();
        if (f.size() != nodes * SF::Q || g.size() != nodes * ST::Q)
            throw ConfigError("state: needs nodes * Q values for each population");
        cuda::DeviceBuffer<double> df(f.size()), dg(g.size());
        upload(df.get(), f.data(), f.size());
        upload(dg.get(), g.data(), g.size());
        for (auto* b : {&fa_, &fb_, &ga_, &gb_})
            if (b->size()) LL_CUDA(cudaMemsetAsync(b->get(), 0, b->size() * sizeof(Real), stream_));
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            import_kernel<SF, ST, L(), Sc(), Real>
                <<<grid(nodes), 256, 0, stream_>>>(current_args(), df.get(), dg.get());
        });
        LL_CUDA(cudaGetLastError());
        LL_CUDA(cudaStreamSynchronize(stream_));
    }

    void read_fields(Fields& out) override {
        const std::size_t nodes = cfg_.dims.nodes();
        cuda::DeviceBuffer<double> d(5 * nodes);
        const FieldPointers p{d.get(), d.get() + nodes, d.get() + 2 * nodes, d.get() + 3 * nodes,
                              d.get() + 4 * nodes};
        with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
            fields_kernel<SF, ST, L(), Sc(), Real>
                <<<grid(nodes), 256, 0, stream_>>>(current_args(), p);
        });
        LL_CUDA(cudaGetLastError());
        std::vector<double> host(5 * nodes);
        download(host.data(), d);
        LL_CUDA(cudaStreamSynchronize(stream_));
        out.resize(nodes);
        std::vector<double>* fields[5] = {&out.rho, &out.ux, &out.uy, &out.uz, &out.theta};
        for (std::size_t k = 0; k < 5; ++k)
            std::copy(host.begin() + k * nodes, host.begin() + (k + 1) * nodes, fields[k]->begin());
    }

    // The visualiser's host-copy path goes device -> page-locked host -> caller.
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        const std::uint64_t count = region_size(cfg_.dims, region);
        field_staging_.read(out, count, space == MemorySpace::Host, stream_, [&](float* target) {
            with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
                field_kernel<SF, ST, L(), Sc(), Real>
                    <<<grid(count), 256, 0, stream_>>>(current_args(), req, region, target, count);
            });
        });
    }

    std::uint64_t count_nonfinite() override {
        return nonfinite_.count(stream_, [&](unsigned long long* bad) {
            with_bq_addressing(cfg_.model, [&](auto L, auto Sc) {
                count_nonfinite_kernel<SF, ST, L(), Sc(), Real>
                    <<<grid(cfg_.dims.nodes()), 256, 0, stream_>>>(current_args(), bad);
            });
        });
    }

    const Config& config() const override { return cfg_; }
    std::string device() const override { return name_; }

    // Read once: the visualiser asks at every publication, and the model and block size of an
    // engine never change (a switch builds a new one).
    LaunchReport launch_report() const override { return report_; }

private:
    static unsigned grid(std::size_t count, int block = 256) {
        return unsigned((count + block - 1) / block);
    }
    template <class T>
    void upload(T* dst, const T* src, std::size_t count) {
        LL_CUDA(cudaMemcpyAsync(dst, src, count * sizeof(T), cudaMemcpyHostToDevice, stream_));
        LL_CUDA(cudaStreamSynchronize(stream_)); // src may be a temporary of the caller
    }
    void download(double* dst, const cuda::DeviceBuffer<double>& src) {
        LL_CUDA(cudaMemcpyAsync(dst, src.get(), src.size() * sizeof(double), cudaMemcpyDeviceToHost,
                                stream_));
    }

    Args<Real> current_args() const {
        return with_buffers(args_, fa_.get(), fb_.get(), ga_.get(), gb_.get(), flags_.get(),
                            parity_, is_in_place(cfg_.model.scheme));
    }

    LaunchReport bulk_launch_report() const {
        LaunchReport r{};
        with_bq_model<SF>(cfg_.model, [&](auto L, auto Sc, auto C) {
            using Coll = typename decltype(C)::type;
            r = cuda::function_launch_report(
                reinterpret_cast<const void*>(step_kernel<SF, ST, L(), Sc(), Coll, Real, Pass::Bulk>),
                cfg_.block_size);
        });
        return r;
    }

    // A kernel whose registers do not fit block_size threads would not start at all; say so
    // when the engine is made, naming the limit, instead of at the first step.
    void check_block_size() const {
        with_bq_model<SF>(cfg_.model, [&](auto L, auto Sc, auto C) {
            using Coll = typename decltype(C)::type;
            const auto limit = [](auto kernel) {
                cudaFuncAttributes attr{};
                LL_CUDA(cudaFuncGetAttributes(&attr, kernel));
                return attr;
            };
            const cudaFuncAttributes bulk =
                limit(step_kernel<SF, ST, L(), Sc(), Coll, Real, Pass::Bulk>);
            const cudaFuncAttributes wall =
                limit(step_kernel<SF, ST, L(), Sc(), Coll, Real, Pass::NearWall>);
            if (cfg_.block_size > bulk.maxThreadsPerBlock)
                throw ConfigError(
                    "block_size = " + std::to_string(cfg_.block_size) + ": the step kernel uses " +
                    std::to_string(bulk.numRegs) + " registers per thread, so at most " +
                    std::to_string(bulk.maxThreadsPerBlock) + " threads per block on this GPU");
            if (kWallBlock > wall.maxThreadsPerBlock)
                throw ConfigError("the near-wall step kernel uses " + std::to_string(wall.numRegs) +
                                  " registers per thread and cannot run " +
                                  std::to_string(kWallBlock) + " threads per block");
        });
    }

    template <Layout L, Scheme Sc, class C>
    void launch_step() {
        const Args<Real> a = current_args();
        const node_t nodes = cfg_.dims.nodes();
        const int block = cfg_.block_size;
        step_kernel<SF, ST, L, Sc, C, Real, Pass::Bulk>
            <<<grid(nodes, block), block, 0, stream_>>>(a, nullptr, nodes);
        LL_CUDA(cudaGetLastError()); // a launch that did not start must not pass silently
        const node_t walls = node_t(wall_nodes_.size());
        if (walls) {
            step_kernel<SF, ST, L, Sc, C, Real, Pass::NearWall>
                <<<grid(walls, kWallBlock), kWallBlock, 0, stream_>>>(a, wall_nodes_.get(), walls);
            LL_CUDA(cudaGetLastError());
        }
        if constexpr (is_in_place(Sc)) {
            parity_ ^= 1;
        } else {
            fa_.swap(fb_);
            ga_.swap(gb_);
        }
    }

    static constexpr int kWallBlock = 256; // threads per block of the near-wall kernel

    Config cfg_;
    cuda::DeviceBuffer<Real> fa_, fb_, ga_, gb_; // flow and temperature (b empty in place)
    cuda::DeviceBuffer<std::uint8_t> flags_;
    cuda::DeviceBuffer<node_t> wall_nodes_; // updated nodes with a half-way wall neighbour
    cuda::HostFieldStaging field_staging_;  // read_field to host memory, kept between calls
    cuda::DeviceCounter nonfinite_;
    Args<Real> args_{};
    int parity_ = 0;
    std::string name_;
    LaunchReport report_{}; // of the bulk step kernel at block_size
    cudaStream_t stream_ = nullptr;
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

// One factory per flow stencil and precision, each in its own translation unit.
std::unique_ptr<Engine> make_cuda_2d_fp32(const Config& cfg);
std::unique_ptr<Engine> make_cuda_2d_fp64(const Config& cfg);
std::unique_ptr<Engine> make_cuda_3d_fp32(const Config& cfg);
std::unique_ptr<Engine> make_cuda_3d_fp64(const Config& cfg);

} // namespace ll::thermal::boussinesq
