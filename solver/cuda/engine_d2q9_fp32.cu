// Instantiates the CUDA engine for D2Q9 in fp32 (one TU each keeps the build parallel).
#include "cuda_engine.cuh"

namespace ll::cuda {
std::unique_ptr<Engine> make_d2q9_fp32(const EngineConfig& cfg) {
    return std::make_unique<CudaEngine<D2Q9, float>>(cfg);
}
} // namespace ll::cuda
