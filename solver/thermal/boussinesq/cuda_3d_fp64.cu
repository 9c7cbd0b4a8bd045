// CUDA engines for D3Q19 flow with a D3Q7 or D3Q19 temperature population in fp64.
#include "cuda_engine.cuh"

namespace ll::thermal::boussinesq {

std::unique_ptr<Engine> make_cuda_3d_fp64(const Config& cfg) {
    if (cfg.temperature == TemperatureStencil::Flow)
        return std::make_unique<CudaEngine<D3Q19, D3Q19, double>>(cfg);
    return std::make_unique<CudaEngine<D3Q19, D3Q7, double>>(cfg);
}

} // namespace ll::thermal::boussinesq
