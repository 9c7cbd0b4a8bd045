// What the GPU can do, measured on it: the denominators of every "% of copy bandwidth" figure.
// Plain C++ (no CUDA headers), so host-only files can use them; they exist in CUDA builds only
// (LATTICELAB_HAS_CUDA).
#pragma once
#include "../engine.hpp"

namespace ll::cuda {

const DeviceInfo& device_info();

// Seed 002's "effective maximal throughput": a device-to-device copy far larger than L2, read +
// write counted (bytes/s); measured once and cached (cuda_engine.cu).
double measure_copy_bandwidth();

} // namespace ll::cuda
