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

// The dynamic shared memory that holds `entry` to `cap` resident blocks per SM at `block` threads,
// never less than `needed`: the most bytes, in the allocation's 128-byte steps, at which `cap`
// blocks still fit, so one more does not (`needed` where the registers and the SM's limits
// already hold it to `cap`). The occupancy calculator is the judge: a formula from the SM's
// shared memory and the per-block reservation came out one block short from cap = 15 on (an
// H100). Leaves the function's dynamic shared memory limit at the result.
inline std::size_t shared_bytes_capping(const void* entry, int block, int cap,
                                        std::size_t needed = 0) {
    cudaFuncAttributes attr{};
    LL_CUDA(cudaFuncGetAttributes(&attr, entry));
    const auto resident = [&](std::size_t smem) {
        int n = 0;
        LL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, entry, block, smem));
        return n;
    };
    const std::size_t top = (device_properties().sharedMemPerBlockOptin - attr.sharedSizeBytes);
    LL_CUDA(cudaFuncSetAttribute(entry, cudaFuncAttributeMaxDynamicSharedMemorySize, int(top)));
    std::size_t smem = needed;
    if (resident(needed) > cap) {
        std::size_t lo = (needed + 127) / 128, hi = top / 128; // the answer, in 128-byte steps
        while (lo < hi) {
            const std::size_t mid = (lo + hi + 1) / 2;
            if (resident(mid * 128) >= cap)
                lo = mid;
            else
                hi = mid - 1;
        }
        smem = std::max(needed, lo * 128);
    }
    LL_CUDA(cudaFuncSetAttribute(entry, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    return smem;
}

} // namespace ll::cuda
