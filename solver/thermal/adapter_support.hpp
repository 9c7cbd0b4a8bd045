// What the thermal models' ll::Engine adapters (Boussinesq, D2Q37) share about their inner
// engine: which device it runs on, its launch report and the
// bandwidth it is measured against. The inner engines build their launch shape in, so a block
// size is the only launch choice they report.
#pragma once
#include "solver/engine/engine.hpp"

#include <string>

namespace ll {

// The GPU's DeviceInfo, or the CPU's from the inner engine's "cpu: N OpenMP threads".
DeviceInfo adapter_device_info(bool gpu, const std::string& inner_device);
// GPU: the block size and the 1024-thread limit; CPU: zeros.
LaunchReport adapter_launch_report(bool gpu, int block_size);
// The GPU's device-to-device copy bandwidth, or the host's memcpy bandwidth over a working set
// of `lattice_bytes` (the inner engine's populations).
double adapter_copy_bandwidth(bool gpu, double lattice_bytes);
// ConfigError naming the key unless launch.blocks_per_sm_cap is 0: the thermal kernels are
// built without a __launch_bounds__ cap (`model`: "d2q37", "Boussinesq").
void adapter_refuse_occupancy_cap(const LaunchConfig& launch, const std::string& model);

} // namespace ll
