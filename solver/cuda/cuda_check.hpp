// Every CUDA call is checked; a failure becomes an exception that names the call.
#pragma once
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace ll {

struct CudaError : std::runtime_error {
    cudaError_t code;
    CudaError(cudaError_t c, const std::string& what) : std::runtime_error(what), code(c) {}
};

inline void cuda_check(cudaError_t e, const char* call, const char* file, int line) {
    if (e == cudaSuccess) return;
    throw CudaError(e, std::string(call) + " failed: " + cudaGetErrorString(e) + " (" + file +
                           ":" + std::to_string(line) + ")");
}

} // namespace ll

#define LL_CUDA(call) ::ll::cuda_check((call), #call, __FILE__, __LINE__)
