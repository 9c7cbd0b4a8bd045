// What the tables of `latticelab scale-bench` (scale_bench_command.cpp) are made of: one timed
// configuration per row, over subdomains of one device or over several GPUs
// (scale_bench_gpus.cpp). Its step timelines' helpers (spans_json, summarise_timeline,
// timeline_chart) also serve `run --timeline` (run_subdomains.cpp).
#pragma once
#include "solver/domain/tiling.hpp"
#include "solver/simulation.hpp"

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ll::cli {

struct Sample {
    std::string table, tiling;
    Tiles tiles;
    Dims dims;
    HaloTransport transport = HaloTransport::Auto;
    std::vector<int> devices; // GPUs of the tiles (tile t on devices[t % n]); empty: the current
    double seconds_per_step = 0, mlups = 0, halo_bytes_per_step = 0, efficiency = 0;
    double host_queue_us = 0; // the host's time queuing a step (where it nears the step's, the
                              // GPU waits for the host)
    std::string moved_by;     // the transport the run reported (HaloTraffic::transport)
};

Sample sample(const std::string& table, const std::string& tiling, const Tiles& tiles,
              HaloTransport transport = HaloTransport::Auto);
// Median seconds per step after a warm-up, with batches of about 0.2 s.
Sample measure(SimulationSetup s, Sample row, BackendKind backend, int repeats);
// n slabs across the slowest axis (z in 3-D, y in 2-D).
Tiles slabs(int n, bool three_d);
const char* transport_name(HaloTransport t, bool gpu);
nlohmann::json to_json(const Sample& r, bool gpu);

// The tables over GPUs: weak (each GPU holds a weak_size box) and strong (a strong_size
// lattice), one slab per GPU, for every count in `counts` up to the GPUs given.
struct GpuScaling {
    std::vector<int> gpus; // indices, in use order
    std::vector<int> counts;
    std::int64_t weak_size = 512, strong_size = 768;
    int repeats = 3;
    bool weak = true, strong = true; // which tables: gpu-weak, gpu-strong
};
std::vector<Sample> gpu_scaling_rows(const ModelChoice& model, const GpuScaling& g,
                                     const std::function<void(const Sample&)>& say);

// The exchange between GPUs gpus[0] and gpus[1] per in-process transport (peer copies,
// host-staged): two slabs of `dims`, one traced step each, bytes over the exchange's extent.
nlohmann::json gpu_halo_rows(const ModelChoice& model, const Dims& dims,
                             const std::vector<int>& gpus);
// Calore et al. 2016's Eqs. 16 and 19 (1-D tiling, without and with overlap) for each
// gpu-strong row of two or more GPUs, with one GPU's measured halo `bandwidth` (bytes/s) and a
// border `halo_depth` nodes deep, against the measured efficiency.
nlohmann::json gpu_model_rows(const std::vector<Sample>& rows, double bandwidth, int halo_depth);

// One step of `tiles` (on `devices`) traced after a warm-up (TiledEngine::trace_step), and its
// spans drawn as text bars.
nlohmann::json step_timeline(SimulationSetup s, const std::string& name, const Tiles& tiles,
                             const std::vector<int>& devices, BackendKind backend);
std::string timeline_chart(const nlohmann::json& timeline);
// Each span as {lane, what, begin_us, end_us}, the form timeline_chart draws.
nlohmann::json spans_json(const std::vector<TimelineSpan>& spans);
// Adds step_us, updates_end_us, exchange_us and exposed_exchange_us (the exchange past the last
// update: what the updates do not hide) to a timeline's JSON.
void summarise_timeline(const std::vector<TimelineSpan>& spans, nlohmann::json& timeline);

} // namespace ll::cli
