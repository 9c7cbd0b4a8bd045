// Instantiates the CUDA engine for D2Q9 with fp16c storage, computed in fp32 (storage.hpp).
#include "cuda_engine.cuh"

namespace ll::cuda {
std::unique_ptr<Engine> make_d2q9_fp16c(const EngineConfig& cfg) {
    return std::make_unique<CudaEngine<D2Q9, float, Fp16c>>(cfg);
}
} // namespace ll::cuda
