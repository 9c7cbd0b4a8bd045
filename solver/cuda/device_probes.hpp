// What the GPU can do, measured on it: the denominators of every "% of copy bandwidth" and
// "% of FP64 peak" figure. Plain C++ (no CUDA headers), so host-only files can use them; they
// exist in CUDA builds only (LATTICELAB_HAS_CUDA).
#pragma once
#include "../engine/engine.hpp"

namespace ll::cuda {

const DeviceInfo& device_info();

// Seed 002's "effective maximal throughput": a device-to-device copy far larger than L2, read +
// write counted (bytes/s); measured once and cached (device.cu).
double measure_copy_bandwidth();

// FP64 arithmetic throughput (fp64_peak.cu); FMA = 2 FLOPs.
struct Fp64Peak {
    double measured = 0;      // FLOP/s of a kernel of independent FMA chains
    double nominal = 0;       // SMs x boost clock x FP64 FMA units per SM x 2; 0 when unknown
    double clock_hz = 0;      // the boost clock the nominal figure uses
    int sms = 0;              // multiprocessors
    int fma_units_per_sm = 0; // FP64 FMA units per SM for this compute capability (0: unknown)
};
// Measured once and cached: a warm-up launch, then the median of 5.
const Fp64Peak& measure_fp64_peak();

} // namespace ll::cuda
