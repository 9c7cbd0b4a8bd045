// The FP64 arithmetic peak of the device, measured: every thread runs kChains independent FMA
// chains (no chain waits on another, so the FP64 units, not latency, set the pace), enough
// threads to fill every SM. The nominal figure beside it is the datasheet formula.
#include "cuda_buffer.hpp"
#include "device_probes.hpp"
#include "device_properties.cuh"

#include <algorithm>
#include <mutex>
#include <vector>

namespace ll::cuda {
namespace {

constexpr int kChains = 8;
constexpr int kIterations = 16384;
constexpr int kBlock = 256;

// a <- a b + c converges to c / (1 - b) = 1: no overflow, no subnormals.
__global__ void fma_chains(double* out, double b, double c) {
    double a[kChains];
#pragma unroll
    for (int k = 0; k < kChains; ++k)
        a[k] = 1e-3 * threadIdx.x + k;
    for (int i = 0; i < kIterations; ++i) {
#pragma unroll
        for (int k = 0; k < kChains; ++k)
            a[k] = __fma_rn(a[k], b, c);
    }
    double sum = 0;
#pragma unroll
    for (int k = 0; k < kChains; ++k)
        sum += a[k];
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum; // keeps the chains alive
}

// FP64 FMA units per SM of the full-rate FP64 parts (NVIDIA's architecture whitepapers: GP100,
// GV100, GA100 32; GH100 64; GB100 64); 0 for the others, which run FP64 at 1/32 or 1/64 of
// FP32 and have no FP64 datasheet figure worth quoting here.
int fp64_units_per_sm(int major, int minor) {
    if (minor != 0) return 0;
    switch (major) {
    case 6:
    case 7:
    case 8:
        return 32;
    case 9:
    case 10:
        return 64;
    default:
        return 0;
    }
}

Fp64Peak measure() {
    Fp64Peak p;
    const cudaDeviceProp& prop = device_properties();
    int dev = 0, khz = 0;
    LL_CUDA(cudaGetDevice(&dev));
    LL_CUDA(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
    p.sms = prop.multiProcessorCount;
    p.clock_hz = double(khz) * 1e3;
    p.fma_units_per_sm = fp64_units_per_sm(prop.major, prop.minor);
    p.nominal = double(p.sms) * p.clock_hz * p.fma_units_per_sm * 2;

    const int blocks = p.sms * std::max(1, prop.maxThreadsPerMultiProcessor / kBlock);
    DeviceBuffer<double> out(std::size_t(blocks) * kBlock);
    StreamTimer timer;
    std::vector<double> seconds;
    for (int r = 0; r < 6; ++r) { // the first is a warm-up
        timer.start(nullptr);
        fma_chains<<<blocks, kBlock>>>(out.get(), 1 - 1e-6, 1e-6);
        const double s = timer.seconds(nullptr); // launch errors checked first
        if (r > 0) seconds.push_back(s);
    }
    std::sort(seconds.begin(), seconds.end());
    const double flops = 2.0 * kChains * kIterations * double(blocks) * kBlock;
    p.measured = flops / seconds[seconds.size() / 2];
    return p;
}

} // namespace

const Fp64Peak& measure_fp64_peak() {
    static std::once_flag once;
    static Fp64Peak peak;
    std::call_once(once, [] { peak = measure(); });
    return peak;
}

} // namespace ll::cuda
