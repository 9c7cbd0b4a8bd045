// Device discovery, the copy-bandwidth probe and the CUDA engine factory of every model.
#include "cuda_buffer.hpp"
#include "device_probes.hpp"
#include "device_properties.cuh"
#include "solver/io/host_memory.hpp"
#include "solver/models/registry.hpp"
#include "step_graph.hpp"

#include <algorithm>
#include <cmath>

#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

// 1 in a build that compiles its CUDA code only to check it (CMakeLists.txt): no GPU is used.
#ifndef LATTICELAB_CUDA_CHECK_ONLY
#define LATTICELAB_CUDA_CHECK_ONLY 0
#endif

namespace ll {

namespace cuda {
namespace {
// A GPU feeds its streams through a few hardware queues (8 by default): with more streams, two
// share a queue and one waits behind the other's kernels. Tiles on one GPU have a stream each
// (2x2x2 cubes: 8) plus the halo copies' own, which would then queue behind a tile's whole
// interior instead of running beside it. Read once, when CUDA starts, so set before any call;
// a user's own setting wins.
const bool kStreamQueues = [] { return setenv("CUDA_DEVICE_MAX_CONNECTIONS", "32", 0) == 0; }();

} // namespace

bool cuda_graphs_allowed() {
    return env_switch("LATTICELAB_CUDA_GRAPHS",
                      "small lattices replay batches of steps as a CUDA graph",
                      "every step launched from the host");
}

bool resident_steps_allowed() {
    return env_switch("LATTICELAB_RESIDENT",
                      "small lattices run batches of steps in one resident kernel",
                      "graphs or one launch per step");
}

bool neighbour_sync_allowed() {
    return env_switch("LATTICELAB_NEIGHBOUR_SYNC",
                      "a resident step waits only for the blocks whose nodes its nodes reach",
                      "for the whole grid, at cooperative groups' barrier");
}

bool wall_lane_allowed() {
    return env_switch("LATTICELAB_WALL_LANE",
                      "the near-wall list kernel runs beside the bulk kernel",
                      "after it, on the same stream");
}

bool wall_sectors_allowed() {
    return env_switch("LATTICELAB_WALL_SECTORS",
                      "the near-wall list takes whole 32-byte sectors of the population arrays",
                      "only the nodes next to a wall");
}

bool wall_ghosts_allowed() {
    return env_switch("LATTICELAB_WALL_GHOSTS",
                      "bounce-back reflections are copied before a pull step and the bulk kernel "
                      "updates the nodes next to such walls",
                      "the near-wall list kernel updates them");
}

bool wall_fill_allowed() {
    return env_switch("LATTICELAB_WALL_FILL",
                      "the bulk pull pass also stores the walls that share a 32-byte sector with "
                      "updated nodes, so that the sector is written whole",
                      "those sectors are written in part");
}

const DeviceInfo& device_info() {
    static const DeviceInfo info = [] {
        DeviceInfo d;
        const cudaDeviceProp& p = device_properties();
        d.backend = "cuda";
        d.device = std::string(p.name) + " (sm_" + std::to_string(p.major) +
                   std::to_string(p.minor) + ", " + std::to_string(p.multiProcessorCount) + " SMs)";
        d.memory_bytes = double(p.totalGlobalMem);
        return d;
    }();
    return info;
}

// Seed 002's "effective maximal throughput": a device-to-device copy far larger than L2,
// read + write counted, median of repeats after a warm-up.
double measure_copy_bandwidth() {
    static std::once_flag once;
    static double bandwidth = 0;
    std::call_once(once, [] {
        std::size_t free = 0, total = 0;
        LL_CUDA(cudaMemGetInfo(&free, &total));
        const std::size_t bytes = std::min<std::size_t>(std::size_t(1) << 30, free / 4);
        DeviceBuffer<char> a(bytes), b(bytes);
        StreamTimer timer;
        LL_CUDA(cudaMemcpy(b.get(), a.get(), bytes, cudaMemcpyDeviceToDevice));
        std::vector<double> seconds;
        for (int r = 0; r < 7; ++r) {
            timer.start(nullptr);
            LL_CUDA(cudaMemcpyAsync(b.get(), a.get(), bytes, cudaMemcpyDeviceToDevice));
            seconds.push_back(timer.seconds(nullptr));
        }
        std::sort(seconds.begin(), seconds.end());
        bandwidth = 2.0 * double(bytes) / seconds[seconds.size() / 2];
    });
    return bandwidth;
}

// What 16-bit storage would need, when it would fit where the chosen storage does not.
std::string smaller_storage_hint(const EngineConfig& cfg, std::size_t free) {
    const ModelChoice& m = cfg.model;
    if (m.storage) return "";
    EngineConfig half = cfg;
    half.model = sixteen_bit_choice(m);
    if (!compatible(half).empty()) return ""; // the model says whether it stores 16 bits
    const double need =
        lattice_bytes(half) + double(cfg.dims.nodes()) * state_velocities(half) * 8.0;
    return need > 0.95 * double(free) ? "" : sixteen_bit_hint(m, need);
}

} // namespace cuda

int cuda_device_count() {
    int count = 0;
    if (LATTICELAB_CUDA_CHECK_ONLY || cudaGetDeviceCount(&count) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return count;
}

void select_cuda_device(int index) {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        cudaGetLastError();
        return;
    }
    LL_CUDA(cudaSetDevice(index % count));
}

bool cuda_compiled_in() {
    return true;
}

bool cuda_device_present(std::string& why) {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        why = std::string("CUDA reports: ") + cudaGetErrorString(e);
        cudaGetLastError(); // clear the sticky error so later calls start clean
        return false;
    }
    if (count == 0) why = "no CUDA device found";
    if (LATTICELAB_CUDA_CHECK_ONLY && count > 0) {
        why = "this build compiled its CUDA code unoptimised, only to check it (no NVIDIA GPU "
              "was found when it was configured); rebuild with scripts/build on this machine "
              "to use the GPU";
        return false;
    }
    return count > 0;
}

std::unique_ptr<Engine> make_cuda_engine(const EngineConfig& cfg, std::string& why) {
    if (!cuda_device_present(why)) return nullptr;
    const std::string refused = compatible(cfg);
    if (!refused.empty()) throw ConfigError(refused);
    std::size_t free = 0, total = 0;
    LL_CUDA(cudaMemGetInfo(&free, &total));
    // The lattice plus the double-precision staging copy used while loading the state.
    const double lattice = lattice_bytes(cfg);
    const double staging = double(cfg.dims.nodes()) * state_velocities(cfg) * 8.0;
    if (lattice + staging > 0.95 * double(free)) {
        const double per_node = (lattice + staging) / double(cfg.dims.nodes());
        const double max_nodes = 0.95 * double(free) / per_node;
        const int d = cfg.dims.nz > 1 ? 3 : 2;
        const double max_side = std::floor(std::pow(max_nodes, 1.0 / d));
        throw ConfigError("size: a " + std::to_string(cfg.dims.nx) + " x " +
                          std::to_string(cfg.dims.ny) + " x " + std::to_string(cfg.dims.nz) +
                          " lattice needs " + gib_text(lattice + staging) + " on the GPU, " +
                          gib_text(double(free)) + " are free on " +
                          cuda::device_properties().name + "; a cubic lattice must stay below " +
                          std::to_string(long(max_side)) + " nodes per side" +
                          cuda::smaller_storage_hint(cfg, free));
    }
    const EngineFactory make = cuda_engine_factory(cfg);
    if (!make) { // a build that only checks its CUDA code links no CUDA engine
        why = "this build has no CUDA engine for this model";
        return nullptr;
    }
    try {
        return make(cfg);
    } catch (const CudaError& err) {
        if (err.code == cudaErrorMemoryAllocation) {
            cudaGetLastError();
            throw ConfigError("size: the GPU ran out of memory allocating the lattice (" +
                              gib_text(lattice) + "): " + err.what());
        }
        throw;
    }
}

} // namespace ll
