// The current device's properties and one CUDA function's launch resources: what every engine's
// readout (registers, blocks per SM, occupancy) is made of.
#pragma once
#include "../engine/engine.hpp"
#include "cuda_check.hpp"

#include <cstddef>
#include <cuda_runtime.h>

namespace ll::cuda {

// Of the current device, read once.
inline const cudaDeviceProp& device_properties() {
    static const cudaDeviceProp props = [] {
        cudaDeviceProp p{};
        int dev = 0;
        LL_CUDA(cudaGetDevice(&dev));
        LL_CUDA(cudaGetDeviceProperties(&p, dev));
        return p;
    }();
    return props;
}

// Launch resources of one CUDA function (the address of a __global__ function) at `block`
// threads and `dynamic_smem` bytes of dynamic shared memory: its registers and local memory
// (spills), the largest block they allow, the blocks resident per SM (0 when `block` is above that
// limit) and the theoretical occupancy.
inline LaunchReport function_launch_report(const void* entry, int block,
                                           std::size_t dynamic_smem = 0) {
    cudaFuncAttributes attr{};
    LL_CUDA(cudaFuncGetAttributes(&attr, entry));
    LaunchReport r{};
    r.block_size = block;
    r.max_threads_per_block = attr.maxThreadsPerBlock;
    r.registers_per_thread = attr.numRegs;
    r.local_bytes_per_thread = int(attr.localSizeBytes);
    if (block <= attr.maxThreadsPerBlock)
        LL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r.blocks_per_sm, entry, block,
                                                              dynamic_smem));
    r.theoretical_occupancy =
        double(r.blocks_per_sm) * block / device_properties().maxThreadsPerMultiProcessor;
    return r;
}

} // namespace ll::cuda
