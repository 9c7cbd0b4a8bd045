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
    throw CudaError(e, std::string(call) + " failed: " + cudaGetErrorString(e) + " (" + file + ":" +
                           std::to_string(line) + ")");
}

// Makes GPU `device` current for a scope and then the caller's GPU again: engines built without
// --devices belong to the GPU that is current on their thread.
class DeviceScope {
public:
    explicit DeviceScope(int device) {
        cuda_check(cudaGetDevice(&previous_), "cudaGetDevice", __FILE__, __LINE__);
        if (device != previous_)
            cuda_check(cudaSetDevice(device), "cudaSetDevice", __FILE__, __LINE__);
    }
    ~DeviceScope() { cudaSetDevice(previous_); } // destructors must not throw: unchecked
    DeviceScope(const DeviceScope&) = delete;
    DeviceScope& operator=(const DeviceScope&) = delete;

private:
    int previous_ = 0;
};

} // namespace ll

#define LL_CUDA(call) ::ll::cuda_check((call), #call, __FILE__, __LINE__)
