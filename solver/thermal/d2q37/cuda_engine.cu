// The D2Q37 CUDA engine: seed 004's kernels (cuda_kernels.cuh) launched on one stream, state
// exchange through the CPU engine's host code, and fields computed where the state lives. A
// step is the list of launches of kernel_bench.hpp's step_kernels(), so the kernel bench times
// exactly what a step runs.
//
// [SECTION] CudaD2Q37        the engine: buffers, stream, steps, state exchange, fields
// [SECTION] launches         one group of launches per D2Q37Kernel, their CUDA functions
// [SECTION] bench            block size, per-kernel timing, registers and occupancy
// [SECTION] factories        nullptr and a reason when no GPU is usable
#include "cuda_kernels.cuh"
#include "kernel_bench.hpp"
#include "solver/cuda/cuda_buffer.hpp"
#include "solver/cuda/device_properties.cuh"

#include <algorithm>
#include <cuda_runtime.h>
#include <stdexcept>
#include <utility>

namespace ll::thermal {
namespace {

// ---- [SECTION] CudaD2Q37 ----
class CudaD2Q37 final : public D2Q37KernelBench {
public:
    explicit CudaD2Q37(const D2Q37Config& cfg)
        : cfg_(cfg), g_{cfg.lx, cfg.ly}, a_(g_.populations()), b_(g_.populations()) {
        LL_CUDA(cudaMemset(a_.get(), 0, a_.size() * sizeof(double)));
        LL_CUDA(cudaMemset(b_.get(), 0, b_.size() * sizeof(double)));
        LL_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
        name_ = std::string("cuda: ") + cuda::device_properties().name;
    }
    ~CudaD2Q37() override {
        cudaStreamSynchronize(stream_);
        cudaStreamDestroy(stream_);
    }

    double step(int steps) override {
        timer_.start(stream_);
        for (int s = 0; s < steps; ++s) {
            for (D2Q37Kernel k : step_kernels(cfg_.scheme))
                launch(k);
            a_.swap(b_);
        }
        steps_ += std::uint64_t(steps);
        return timer_.seconds(stream_);
    }

    void read_fields(ThermalFields& out) override {
        const std::size_t n = std::size_t(g_.lx) * std::size_t(g_.ly);
        fields_.reserve(4 * n);
        double* d = fields_.get();
        const FieldPtrs ptrs{d, d + n, d + 2 * n, d + 3 * n};
        fields_kernel<<<output_grid(n), kOutputBlock, 0, stream_>>>(state_view(), ptrs);
        LL_CUDA(cudaGetLastError());
        out.resize(g_.lx, g_.ly);
        std::vector<double>* host[4] = {&out.rho, &out.ux, &out.uy, &out.T};
        for (std::size_t k = 0; k < 4; ++k)
            LL_CUDA(cudaMemcpyAsync(host[k]->data(), d + k * n, n * sizeof(double),
                                    cudaMemcpyDeviceToHost, stream_));
        LL_CUDA(cudaStreamSynchronize(stream_));
    }
    // Computed on the GPU from the populations: the visualiser's slice never leaves the device,
    // and a host caller receives only the region's floats.
    void read_field(FieldKind kind, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        const std::uint64_t count = region_size(dims(), region);
        const StateView v = state_view();
        staging_.read(out, count, space == MemorySpace::Host, stream_, [&](float* target) {
            field_kernel<<<output_grid(count), kOutputBlock, 0, stream_>>>(v, kind, region, target,
                                                                           count);
        });
    }
    std::uint64_t count_nonfinite() override {
        const StateView v = state_view();
        return nonfinite_.count(stream_, [&](unsigned long long* bad) {
            nonfinite_kernel<<<output_grid(dims().nodes()), kOutputBlock, 0, stream_>>>(v, bad);
        });
    }
    // The host turns storage into the canonical state with the CPU engine's code.
    void export_state(std::vector<double>& f) override {
        std::vector<double> host(g_.populations());
        LL_CUDA(cudaMemcpyAsync(host.data(), a_.get(), host.size() * sizeof(double),
                                cudaMemcpyDeviceToHost, stream_));
        LL_CUDA(cudaStreamSynchronize(stream_));
        storage_to_canonical(cfg_.scheme, g_, cfg_.params, host, f);
    }
    void import_state(const std::vector<double>& f) override {
        if (f.size() != std::size_t(g_.lx) * std::size_t(g_.ly) * D2Q37::Q)
            throw std::invalid_argument("state: must hold lx * ly * 37 values");
        std::vector<double> host;
        canonical_to_storage(cfg_.scheme, g_, cfg_.params, f, host);
        LL_CUDA(cudaMemcpyAsync(a_.get(), host.data(), host.size() * sizeof(double),
                                cudaMemcpyHostToDevice, stream_));
        LL_CUDA(cudaMemsetAsync(b_.get(), 0, b_.size() * sizeof(double), stream_));
        LL_CUDA(cudaStreamSynchronize(stream_));
    }
    const D2Q37Config& config() const override { return cfg_; }
    std::string device() const override { return name_; }

    // ---- [SECTION] bench ----
    void set_block_size(int block_size) override {
        D2Q37Config next = cfg_;
        next.block_size = block_size;
        validate(next);
        cfg_ = next;
    }
    double time_kernel(D2Q37Kernel kernel, int launches) override {
        if (launches < 1) throw std::invalid_argument("launches: must be at least 1");
        launch(kernel); // warm-up: clocks, caches, the first launch's set-up
        timer_.start(stream_);
        for (int i = 0; i < launches; ++i)
            launch(kernel);
        return timer_.seconds(stream_) / launches;
    }
    std::vector<KernelResources> resources(D2Q37Kernel kernel, int block_size) const override {
        std::vector<KernelResources> out;
        for (const Function& fn : functions_of(kernel)) {
            const LaunchReport launch = cuda::function_launch_report(fn.entry, block_size);
            cudaFuncAttributes attr{};
            LL_CUDA(cudaFuncGetAttributes(&attr, fn.entry));
            KernelResources r;
            r.function = fn.name;
            r.registers = launch.registers_per_thread;
            r.local_bytes = int(attr.localSizeBytes);
            r.max_threads_per_block = launch.max_threads_per_block;
            r.blocks_per_sm = launch.blocks_per_sm;
            r.occupancy = launch.theoretical_occupancy;
            out.push_back(r);
        }
        return out;
    }

private:
    // The state array as the output kernels read it; pull schemes need their halos first (pbc
    // only rewrites halos, which the next step rewrites again).
    StateView state_view() {
        if (is_pull(cfg_.scheme)) pbc(a_.get());
        return {g_, cfg_.params, cfg_.scheme, a_.get()};
    }
    Args args(int y0, int rows, const double* a, double* b) const {
        return {g_, cfg_.params, a, b, y0, rows};
    }
    static unsigned output_grid(std::uint64_t count) {
        return unsigned((count + kOutputBlock - 1) / kOutputBlock);
    }
    dim3 block() const { return dim3(unsigned(cfg_.block_size)); }
    dim3 grid(int rows) const {
        return dim3(unsigned((rows + cfg_.block_size - 1) / cfg_.block_size), unsigned(g_.lx));
    }
    // Launches kernel over all rows, or the bulk rows, or both wall bands.
    void all(void (*kernel)(Args), const double* a, double* b) {
        kernel<<<grid(g_.ly), block(), 0, stream_>>>(args(0, g_.ly, a, b));
    }
    // Both wall bands in one launch (site_of, wall_bands).
    void walls(void (*kernel)(Args), const double* a, double* b) {
        Args k = args(0, Grid::H, a, b);
        k.wall_bands = true;
        const unsigned sites = unsigned(2 * Grid::H * g_.lx);
        kernel<<<(sites + unsigned(cfg_.block_size) - 1) / unsigned(cfg_.block_size), block(), 0,
                 stream_>>>(k);
    }
    // seed 004's pbc: two strided copies (37 planes each) of the three edge columns.
    void pbc(double* a) {
        const std::size_t width = std::size_t(Grid::H) * std::size_t(g_.ny()) * sizeof(double);
        const std::size_t pitch = g_.plane() * sizeof(double);
        LL_CUDA(cudaMemcpy2DAsync(a + g_.site(-Grid::H, -Grid::H), pitch,
                                  a + g_.site(g_.lx - Grid::H, -Grid::H), pitch, width, D2Q37::Q,
                                  cudaMemcpyDeviceToDevice, stream_));
        LL_CUDA(cudaMemcpy2DAsync(a + g_.site(g_.lx, -Grid::H), pitch, a + g_.site(0, -Grid::H),
                                  pitch, width, D2Q37::Q, cudaMemcpyDeviceToDevice, stream_));
    }
    void fold(double* b) {
        const dim3 grid_fold(unsigned((g_.ly + cfg_.block_size - 1) / cfg_.block_size),
                             unsigned(Grid::H));
        fold_kernel<<<grid_fold, block(), 0, stream_>>>(args(0, g_.ly, nullptr, b));
    }

    // ---- [SECTION] launches ----
    // Pull collides what propagate brought into b; push collides the state in a before pushing.
    void launch(D2Q37Kernel k) {
        double *a = a_.get(), *b = b_.get();
        switch (k) {
        case D2Q37Kernel::Pbc:
            return pbc(a);
        case D2Q37Kernel::PropagatePull:
            return all(propagate_pull_kernel, a, b);
        case D2Q37Kernel::BcPull:
            return walls(bc_pull_kernel, a, b);
        case D2Q37Kernel::Collide:
            return all(collide_kernel, nullptr, is_pull(cfg_.scheme) ? b : a);
        case D2Q37Kernel::PropagatePush:
            return all(propagate_push_kernel, a, b);
        case D2Q37Kernel::Fold:
            return fold(b);
        case D2Q37Kernel::BcPush:
            return walls(bc_push_kernel, nullptr, b);
        case D2Q37Kernel::PullFused: {
            const int bulk = g_.ly - 2 * Grid::H;
            pull_collide_kernel<false>
                <<<grid(bulk), block(), 0, stream_>>>(args(Grid::H, bulk, a, b));
            return walls(pull_collide_kernel<true>, a, b);
        }
        case D2Q37Kernel::PushFused:
            return all(collide_push_kernel, a, b);
        }
    }
    // The CUDA functions each kernel launches, named as the profiler shows them.
    struct Function {
        const char* name;
        const void* entry;
    };
    static std::vector<Function> functions_of(D2Q37Kernel k) {
        const auto f = [](const char* name, void (*kernel)(Args)) {
            return Function{name, reinterpret_cast<const void*>(kernel)};
        };
        switch (k) {
        case D2Q37Kernel::Pbc:
            return {}; // two cudaMemcpy2DAsync
        case D2Q37Kernel::PropagatePull:
            return {f("propagate_pull_kernel", propagate_pull_kernel)};
        case D2Q37Kernel::BcPull:
            return {f("bc_pull_kernel", bc_pull_kernel)};
        case D2Q37Kernel::Collide:
            return {f("collide_kernel", collide_kernel)};
        case D2Q37Kernel::PropagatePush:
            return {f("propagate_push_kernel", propagate_push_kernel)};
        case D2Q37Kernel::Fold:
            return {f("fold_kernel", fold_kernel)};
        case D2Q37Kernel::BcPush:
            return {f("bc_push_kernel", bc_push_kernel)};
        case D2Q37Kernel::PullFused:
            return {f("pull_collide_kernel<false>", pull_collide_kernel<false>),
                    f("pull_collide_kernel<true>", pull_collide_kernel<true>)};
        case D2Q37Kernel::PushFused:
            break;
        }
        return {f("collide_push_kernel", collide_push_kernel)};
    }

    D2Q37Config cfg_;
    Grid g_;
    cuda::DeviceBuffer<double> a_, b_;  // state array and the other one (seed 004's prv/nxt)
    cuda::DeviceBuffer<double> fields_; // read_fields: rho, ux, uy, T, kept between calls
    cuda::HostFieldStaging staging_;    // read_field into host memory
    cuda::DeviceCounter nonfinite_;
    cudaStream_t stream_ = nullptr;
    cuda::StreamTimer timer_;
    std::string name_;
};

} // namespace

// ---- [SECTION] factories ----
namespace {

// nullptr and `why` without a usable GPU; std::invalid_argument for a lattice larger than the
// free memory.
std::unique_ptr<CudaD2Q37> make_engine(const D2Q37Config& cfg, std::string& why) {
    validate(cfg);
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        why = std::string("CUDA reports: ") + cudaGetErrorString(e);
        cudaGetLastError(); // clear the sticky error so later calls start clean
        return nullptr;
    }
    if (count == 0) {
        why = "no CUDA device found";
        return nullptr;
    }
    std::size_t free = 0, total = 0;
    LL_CUDA(cudaMemGetInfo(&free, &total));
    const Grid g{cfg.lx, cfg.ly};
    const double need = 2.0 * double(g.populations()) * sizeof(double) +
                        4.0 * double(cfg.lx) * double(cfg.ly) * sizeof(double);
    if (need > 0.95 * double(free))
        throw std::invalid_argument(
            "size: a " + std::to_string(cfg.lx) + " x " + std::to_string(cfg.ly) +
            " D2Q37 lattice needs " + std::to_string(need / double(1ull << 30)) + " GiB, " +
            std::to_string(double(free) / double(1ull << 30)) + " GiB are free on the GPU");
    return std::make_unique<CudaD2Q37>(cfg);
}

} // namespace

// A kernel whose registers do not fit block_size threads would not start; say so when the
// engine is made, naming the limit, instead of at the first step.
std::unique_ptr<D2Q37Engine> make_d2q37_cuda_engine(const D2Q37Config& cfg, std::string& why) {
    auto engine = make_engine(cfg, why);
    if (!engine) return nullptr;
    for (D2Q37Kernel k : step_kernels(cfg.scheme))
        for (const KernelResources& r : engine->resources(k, cfg.block_size))
            if (!r.launchable())
                throw std::invalid_argument(
                    "block_size = " + std::to_string(cfg.block_size) + ": " + r.function +
                    " (scheme " + scheme_name(cfg.scheme) + ") uses " +
                    std::to_string(r.registers) + " registers per thread, so at most " +
                    std::to_string(r.max_threads_per_block) + " threads per block on this GPU");
    return engine;
}

std::unique_ptr<D2Q37KernelBench> make_d2q37_kernel_bench(const D2Q37Config& cfg,
                                                          std::string& why) {
    return make_engine(cfg, why);
}

} // namespace ll::thermal
