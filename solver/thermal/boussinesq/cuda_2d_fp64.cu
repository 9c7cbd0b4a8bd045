// CUDA engines for D2Q9 flow with a D2Q5 or D2Q9 temperature population in fp64.
#include "cuda_engine.cuh"

namespace ll::thermal::boussinesq {

std::unique_ptr<Engine> make_cuda_2d_fp64(const Config& cfg) {
    if (cfg.temperature == TemperatureStencil::Flow)
        return std::make_unique<CudaEngine<D2Q9, D2Q9, double>>(cfg);
    return std::make_unique<CudaEngine<D2Q9, D2Q5, double>>(cfg);
}

} // namespace ll::thermal::boussinesq
