// Instantiates the CUDA engine for D3Q27 in fp64 (one TU each keeps the build parallel).
#include "cuda_engine.cuh"

namespace ll::cuda {
std::unique_ptr<Engine> make_d3q27_fp64(const EngineConfig& cfg) {
    return std::make_unique<CudaEngine<D3Q27, double>>(cfg);
}
} // namespace ll::cuda
