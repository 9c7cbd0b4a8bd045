// Instantiates the CUDA engine for D3Q27 in fp32 (one TU each keeps the build parallel).
#include "cuda_engine.cuh"

namespace ll::cuda {
std::unique_ptr<Engine> make_d3q27_fp32(const EngineConfig& cfg) {
    return std::make_unique<CudaEngine<D3Q27, float>>(cfg);
}
} // namespace ll::cuda
