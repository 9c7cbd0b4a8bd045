// scale-bench over several GPUs of this process (issue 13; Calore et al. 2016, Figs. 15-18):
// one slab of the lattice per GPU, the halos moved by the device exchange (peer copies over
// NVLink or PCIe). Efficiency is MLUPS / (N x MLUPS on one GPU), both measured in this run.
// Beside them: the exchange between two GPUs per transport, and the paper's model of 1-D
// tiling (Eqs. 16 and 19) against the strong table.
#include "bench_util.hpp"
#include "scale_bench.hpp"

#include <algorithm>
#include <cmath>

namespace ll::cli {

Sample sample(const std::string& table, const std::string& tiling, const Tiles& tiles,
              HaloTransport transport) {
    Sample s;
    s.table = table;
    s.tiling = tiling;
    s.tiles = tiles;
    s.transport = transport;
    return s;
}

Sample measure(SimulationSetup s, Sample row, BackendKind backend, int repeats) {
    s.tiles = row.tiles;
    s.halo_transport = row.transport;
    s.devices = row.devices;
    auto sim = Simulation::create(std::move(s), backend);
    sim->step(2);
    sim->step(3);
    const double probe = std::max(sim->performance().seconds / 3, 1e-7);
    const int steps = int(std::clamp(0.2 / probe, 2.0, 5000.0));
    std::vector<double> per_step;
    const HaloTraffic before = sim->halo_traffic();
    for (int r = 0; r < repeats; ++r) {
        sim->step(steps);
        per_step.push_back(sim->performance().seconds / steps);
    }
    const HaloTraffic after = sim->halo_traffic();
    row.dims = sim->setup().dims;
    row.seconds_per_step = median(per_step);
    row.mlups = double(row.dims.nodes()) / row.seconds_per_step / 1e6;
    row.halo_bytes_per_step =
        after.exchanges > before.exchanges
            ? (after.bytes - before.bytes) / double(after.exchanges - before.exchanges)
            : 0;
    row.moved_by = after.transport;
    row.host_queue_us = 1e6 * (after.queue_seconds - before.queue_seconds) / (steps * repeats);
    return row;
}

Tiles slabs(int n, bool three_d) {
    return three_d ? Tiles{{1, 1, n}} : Tiles{{1, n, 1}};
}

const char* transport_name(HaloTransport t, bool gpu) {
    if (t == HaloTransport::HostStaged) return "host-staged (pack, host copy, unpack)";
    if (t == HaloTransport::Skip) return "none (compute alone)";
    return gpu ? "device (one copy kernel per step)" : "host (pack, unpack)";
}

nlohmann::json to_json(const Sample& r, bool gpu) {
    nlohmann::json j = {{"table", r.table},
                        {"tiling", r.tiling},
                        {"tiles", to_string(r.tiles)},
                        {"subdomains", r.tiles.count()},
                        {"lattice", {r.dims.nx, r.dims.ny, r.dims.nz}},
                        {"transport", transport_name(r.transport, gpu)},
                        {"moved_by", r.moved_by},
                        {"seconds_per_step", r.seconds_per_step},
                        {"mlups", r.mlups},
                        {"halo_bytes_per_step", r.halo_bytes_per_step},
                        {"host_queue_us_per_step", r.host_queue_us},
                        {"efficiency", r.efficiency}};
    if (!r.devices.empty()) j["gpus"] = r.devices;
    return j;
}

std::vector<Sample> gpu_scaling_rows(const ModelChoice& model, const GpuScaling& g,
                                     const std::function<void(const Sample&)>& say) {
    const bool three_d = dimensions(model.stencil) == 3;
    const auto box = [&](std::int64_t n, int stretch) {
        return three_d ? Dims{std::uint32_t(n), std::uint32_t(n), std::uint32_t(n * stretch)}
                       : Dims{std::uint32_t(n), std::uint32_t(n * stretch), 1};
    };
    std::vector<Sample> rows;
    for (const char* table : {"gpu-weak", "gpu-strong"}) {
        const bool weak = table[4] == 'w';
        if (!(weak ? g.weak : g.strong)) continue;
        double one = 0;
        for (int n : g.counts) {
            if (n > int(g.gpus.size())) continue;
            const Dims dims = weak ? box(g.weak_size, n) : box(g.strong_size, 1);
            Sample r = sample(table, "1-D, one slab per GPU", slabs(n, three_d));
            r.devices.assign(g.gpus.begin(), g.gpus.begin() + n);
            r = measure(obstacle_box(model, dims, 256), r, BackendKind::Cuda, g.repeats);
            if (n == 1) one = r.mlups;
            r.efficiency = one > 0 ? r.mlups / (n * one) : 0;
            say(r);
            rows.push_back(r);
        }
    }
    return rows;
}

// The exchange between two GPUs of this process, per transport: one traced step of two slabs
// of `dims` (one per GPU), the exchange's extent in it and the bytes it moved, both GPUs' sends
// together; each GPU moves half of them in that time. NCCL moves halos
// between ranks only: mpirun's records give its figures (scripts/multi-gpu-bench).
nlohmann::json gpu_halo_rows(const ModelChoice& model, const Dims& dims,
                             const std::vector<int>& gpus) {
    nlohmann::json rows = nlohmann::json::array();
    const bool three_d = dimensions(model.stencil) == 3;
    for (HaloTransport tr : {HaloTransport::Auto, HaloTransport::HostStaged}) {
        SimulationSetup s = obstacle_box(model, dims, 256);
        s.halo_transport = tr;
        const nlohmann::json t = step_timeline(s, transport_name(tr, true), slabs(2, three_d),
                                               {gpus[0], gpus[1]}, BackendKind::Cuda);
        const double bytes = t["halo_bytes_per_step"], us = t["exchange_us"];
        rows.push_back({{"transport", t["transport"]},
                        {"lattice", {dims.nx, dims.ny, dims.nz}},
                        {"gpus", {gpus[0], gpus[1]}},
                        {"halo_bytes_per_step", bytes},
                        {"exchange_us", us},
                        {"exposed_exchange_us", t["exposed_exchange_us"]},
                        {"step_us", t["step_us"]},
                        {"bandwidth_bytes_per_s", us > 0 ? bytes / (us * 1e-6) : 0.0},
                        {"per_gpu_bandwidth_bytes_per_s", us > 0 ? bytes / 2 / (us * 1e-6) : 0.0}});
    }
    return rows;
}

// Calore et al. 2016's model of 1-D tiling against the gpu-strong rows: T_P = beta N / N_p
// (beta from one GPU), T_C = the halo bytes one GPU moves / B (one GPU's rate with the peer
// transport, gpu_halo_rows); Eq. 16 without overlap, T = T_P + T_C, and Eq. 19 with the border
// first, T = max(T_P (1 - b), T_C) + T_P b, b the border's share of a slab's sites.
nlohmann::json gpu_model_rows(const std::vector<Sample>& rows, double bandwidth, int halo_depth) {
    nlohmann::json out = nlohmann::json::array();
    double beta = 0;
    for (const Sample& r : rows)
        if (r.table == "gpu-strong" && r.devices.size() == 1)
            beta = r.seconds_per_step / double(r.dims.nodes());
    if (beta <= 0 || bandwidth <= 0) return out;
    for (const Sample& r : rows) {
        const int n = int(r.devices.size());
        if (r.table != "gpu-strong" || n < 2) continue;
        const double sites = double(r.dims.nodes()) / n;
        const double face = r.dims.nz > 1 ? double(r.dims.nx) * r.dims.ny : double(r.dims.nx);
        const double t_p = beta * sites, t_c = r.halo_bytes_per_step / n / bandwidth;
        const double b = std::min(1.0, 2.0 * halo_depth * face / sites);
        const double eq16 = t_p + t_c, eq19 = std::max(t_p * (1 - b), t_c) + t_p * b;
        out.push_back({{"gpus", n},
                       {"lattice", {r.dims.nx, r.dims.ny, r.dims.nz}},
                       {"t_p_seconds", t_p},
                       {"t_c_seconds", t_c},
                       {"border_share", b},
                       {"eq16_efficiency", t_p / eq16},
                       {"eq19_efficiency", t_p / eq19},
                       {"measured_efficiency", r.efficiency},
                       {"moved_by", r.moved_by}});
    }
    return out;
}

} // namespace ll::cli

namespace ll::cli {

nlohmann::json step_timeline(SimulationSetup s, const std::string& name, const Tiles& tiles,
                             const std::vector<int>& devices, BackendKind backend) {
    s.tiles = tiles;
    s.devices = devices;
    auto sim = Simulation::create(std::move(s), backend);
    sim->step(10); // warm-up: first launches, clocks up
    const std::vector<TimelineSpan> spans = sim->trace_step();
    nlohmann::json j = {{"name", name},
                        {"tiles", to_string(tiles)},
                        {"transport", sim->halo_traffic().transport},
                        {"halo_bytes_per_step", sim->halo_traffic().bytes_per_exchange()},
                        {"spans", spans_json(spans)}};
    if (!devices.empty()) j["gpus"] = devices;
    summarise_timeline(spans, j);
    return j;
}

nlohmann::json spans_json(const std::vector<TimelineSpan>& spans) {
    nlohmann::json out = nlohmann::json::array();
    for (const TimelineSpan& sp : spans)
        out.push_back({{"lane", sp.lane},
                       {"what", sp.what},
                       {"begin_us", sp.begin_us},
                       {"end_us", sp.end_us}});
    return out;
}

// How much of the exchange the updates hide: the exchange's extent (its first mark to its
// last) and the part of it that runs past the last update (exposed), against the step.
void summarise_timeline(const std::vector<TimelineSpan>& spans, nlohmann::json& j) {
    double updates_end = 0, step_end = 0, ex_begin = INFINITY, ex_end = 0;
    for (const TimelineSpan& sp : spans) {
        step_end = std::max(step_end, sp.end_us);
        if (sp.what == "border" || sp.what == "interior" || sp.what == "update") {
            updates_end = std::max(updates_end, sp.end_us);
        } else {
            ex_begin = std::min(ex_begin, sp.begin_us);
            ex_end = std::max(ex_end, sp.end_us);
        }
    }
    const bool exchanged = ex_end > 0;
    j["step_us"] = step_end;
    j["updates_end_us"] = updates_end;
    const double extent = exchanged ? ex_end - ex_begin : 0.0;
    j["exchange_us"] = extent;
    j["exposed_exchange_us"] = std::clamp(ex_end - updates_end, 0.0, extent);
}

// One line per span, a bar over the step's length: where the exchange sits against the updates.
std::string timeline_chart(const nlohmann::json& t) {
    double end = 0;
    std::size_t lane_width = 4, what_width = 4;
    for (const auto& sp : t["spans"]) {
        end = std::max(end, sp["end_us"].get<double>());
        lane_width = std::max(lane_width, sp["lane"].get<std::string>().size());
        what_width = std::max(what_width, sp["what"].get<std::string>().size());
    }
    constexpr int kWidth = 50;
    std::string out;
    char buf[160];
    for (const auto& sp : t["spans"]) {
        const double b = sp["begin_us"], e = sp["end_us"];
        const int from = end > 0 ? int(b / end * kWidth) : 0;
        const int to = std::max(from + 1, end > 0 ? int(e / end * kWidth + 0.5) : 0);
        std::string bar(kWidth, ' ');
        for (int k = from; k < std::min(to, kWidth); ++k)
            bar[std::size_t(k)] = '#';
        std::snprintf(buf, sizeof buf, "%-*s %-*s |%s| %8.1f - %8.1f us\n", int(lane_width),
                      sp["lane"].get<std::string>().c_str(), int(what_width),
                      sp["what"].get<std::string>().c_str(), bar.c_str(), b, e);
        out += buf;
    }
    return out;
}

} // namespace ll::cli
