// CUDA engines for D3Q19 flow with a D3Q7 or D3Q19 temperature population in fp32.
#include "cuda_engine.cuh"

namespace ll::thermal::boussinesq {

std::unique_ptr<Engine> make_cuda_3d_fp32(const Config& cfg) {
    if (cfg.temperature == TemperatureStencil::Flow)
        return std::make_unique<CudaEngine<D3Q19, D3Q19, float>>(cfg);
    return std::make_unique<CudaEngine<D3Q19, D3Q7, float>>(cfg);
}

} // namespace ll::thermal::boussinesq
