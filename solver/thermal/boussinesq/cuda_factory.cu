// The CUDA factory: nullptr and a reason when no GPU is usable, a ConfigError when the
// lattice does not fit, else the engine of the flow stencil and precision.
#include "cuda_engine.cuh"

namespace ll::thermal::boussinesq {

std::unique_ptr<Engine> make_cuda_engine(const Config& cfg, std::string& why) {
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
    const double nodes = double(cfg.dims.nodes());
    const double q = double(flow_velocities(cfg) + temperature_velocities(cfg));
    const double copies = is_in_place(cfg.model.scheme) ? 1 : 2;
    const double real = cfg.model.precision == Precision::FP64 ? 8 : 4;
    // Both populations, flags, and the double-precision staging of a state import.
    const double need = nodes * (q * real * copies + 1 + q * 8);
    if (need > 0.95 * double(free))
        throw ConfigError("size: the lattice needs " + std::to_string(need / (1 << 20)) +
                          " MiB on the GPU, " + std::to_string(double(free) / (1 << 20)) +
                          " MiB are free");
    const bool fp64 = cfg.model.precision == Precision::FP64;
    if (cfg.model.stencil == StencilKind::D3Q19)
        return fp64 ? make_cuda_3d_fp64(cfg) : make_cuda_3d_fp32(cfg);
    return fp64 ? make_cuda_2d_fp64(cfg) : make_cuda_2d_fp32(cfg);
}

} // namespace ll::thermal::boussinesq
