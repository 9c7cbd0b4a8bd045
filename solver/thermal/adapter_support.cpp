#include "adapter_support.hpp"

#include "solver/cuda/device_probes.hpp"

#include <string>

namespace ll {

DeviceInfo adapter_device_info(bool gpu, const std::string& inner_device) {
#if LATTICELAB_HAS_CUDA
    if (gpu) return cuda::device_info();
#endif
    DeviceInfo info;
    info.backend = gpu ? "cuda" : "cpu";
    info.device = inner_device.rfind("cpu: ", 0) == 0 ? inner_device.substr(5) : inner_device;
    return info;
}

LaunchReport adapter_launch_report(bool gpu, int block_size) {
    LaunchReport r;
    if (!gpu) return r;
    r.block_size = block_size;
    r.max_threads_per_block = 1024;
    return r;
}

double adapter_copy_bandwidth([[maybe_unused]] bool gpu, double lattice_bytes) {
#if LATTICELAB_HAS_CUDA
    if (gpu) return cuda::measure_copy_bandwidth();
#endif
    return host_copy_bandwidth(lattice_bytes);
}

void adapter_refuse_occupancy_cap(const LaunchConfig& launch, const std::string& model) {
    if (launch.blocks_per_sm_cap != 0)
        throw ConfigError("occupancy = " + std::to_string(launch.blocks_per_sm_cap) + ": the " +
                          model + " kernels take no blocks-per-SM cap; use 0");
}

} // namespace ll
