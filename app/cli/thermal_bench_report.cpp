// `latticelab thermal-bench`'s records and Markdown report (thermal_bench_report.hpp).
//
// [SECTION] records      a row's rates from its work and time, against the run's denominators
// [SECTION] markdown     the headline, the sweeps, the CUDA functions
#include "thermal_bench_report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace ll::cli {
namespace {

// ---- [SECTION] records ----
nlohmann::json record(const BenchRow& r, const Denominators& d) {
    nlohmann::json j = {
        {"name", r.name}, {"block_size", r.block}, {"launchable", r.refused.empty()}};
    if (!r.refused.empty()) j["refused"] = r.refused;
    j["functions"] = nlohmann::json::array();
    for (const auto& f : r.resources)
        j["functions"].push_back({{"function", f.function},
                                  {"registers", f.registers},
                                  {"local_bytes_per_thread", f.local_bytes},
                                  {"max_threads_per_block", f.max_threads_per_block},
                                  {"blocks_per_sm", f.blocks_per_sm},
                                  {"theoretical_occupancy", f.occupancy}});
    if (!r.refused.empty()) return j;
    const thermal::KernelRates k =
        thermal::rates_of(r.work, r.seconds, d.copy_bandwidth, d.fp64.measured);
    j["seconds"] = r.seconds;
    j["sites"] = r.work.sites;
    j["bytes"] = r.work.bytes;
    j["flops"] = r.work.flops;
    j["mlups"] = k.mlups;
    j["gb_per_s"] = k.bytes_per_s / 1e9;
    j["fraction_of_copy_bandwidth"] = k.fraction_of_copy;
    j["gflop_per_s"] = k.flop_per_s / 1e9;
    j["fraction_of_fp64_measured"] = k.fraction_of_fp64;
    j["fraction_of_fp64_nominal"] = d.fp64.nominal > 0 ? k.flop_per_s / d.fp64.nominal : 0;
    return j;
}

} // namespace

std::string refusal(const std::vector<KernelResources>& rs, int block) {
    for (const auto& r : rs)
        if (!r.launchable())
            return r.function + " uses " + std::to_string(r.registers) +
                   " registers per thread: at most " + std::to_string(r.max_threads_per_block) +
                   " threads per block, not " + std::to_string(block);
    return "";
}

nlohmann::json thermal_bench_record(const BenchRun& run) {
    const Denominators& d = run.device;
    nlohmann::json j = {
        {"device",
         {{"name", d.device},
          {"copy_bandwidth_bytes_per_s", d.copy_bandwidth},
          {"fp64_measured_flop_per_s", d.fp64.measured},
          {"fp64_nominal_flop_per_s", d.fp64.nominal},
          {"sms", d.fp64.sms},
          {"boost_clock_hz", d.fp64.clock_hz},
          {"fp64_fma_units_per_sm", d.fp64.fma_units_per_sm}}},
        {"lattice", {{"lx", run.lx}, {"ly", run.ly}}},
        {"flops_per_site", run.flops_per_site},
        {"flops_per_site_source", run.flops_source},
        {"bytes_rule",
         "each population a launch must read or write counted once, 8 bytes: 37 x 8 read + 37 x "
         "8 write = 592 B per site for propagate, collide, the fused kernels and full steps; bc, "
         "fold and pbc count only the slots they touch"},
        {"timing", run.timing},
        {"kernels", nlohmann::json::array()},
        {"steps", nlohmann::json::array()}};
    for (const BenchRow& r : run.kernels)
        j["kernels"].push_back(record(r, d));
    for (const BenchRow& r : run.steps)
        j["steps"].push_back(record(r, d));
    return j;
}

namespace {

// ---- [SECTION] markdown ----
std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

// The fastest row of each name.
std::vector<const nlohmann::json*> best_of(const nlohmann::json& rows) {
    std::vector<const nlohmann::json*> best;
    for (const auto& r : rows) {
        if (!r["launchable"].get<bool>()) continue;
        const nlohmann::json** same = nullptr;
        for (auto& b : best)
            if ((*b)["name"] == r["name"]) same = &b;
        if (!same)
            best.push_back(&r);
        else if (r["seconds"].get<double>() < (**same)["seconds"].get<double>())
            *same = &r;
    }
    return best;
}

std::string sweep_table(const nlohmann::json& rows, bool kernels) {
    std::ostringstream s;
    s << (kernels ? "| kernel | block | us/launch | MLUPS | GB/s | % of copy | GFLOP/s | % of FP64 "
                    "peak | occupancy |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                  : "| scheme | block | ms/step | MLUPS | GB/s | % of copy | GFLOP/s | % of FP64 "
                    "peak | occupancy |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const auto& r : rows) {
        s << "| " << r["name"].get<std::string>() << " | " << r["block_size"].get<int>() << " | ";
        if (!r["launchable"].get<bool>()) {
            s << "not launchable: " << r["refused"].get<std::string>() << " | | | | | | |\n";
            continue;
        }
        double occupancy = -1; // the lowest of the functions'; pbc launches none
        for (const auto& f : r["functions"]) {
            const double o = f["theoretical_occupancy"].get<double>();
            if (occupancy < 0 || o < occupancy) occupancy = o;
        }
        const double flops = r["gflop_per_s"].get<double>();
        const double secs = r["seconds"].get<double>() * (kernels ? 1e6 : 1e3);
        s << fmt("%.2f", secs) << " | "
          << (r["mlups"].get<double>() > 0 ? fmt("%.0f", r["mlups"].get<double>()) : "-") << " | "
          << fmt("%.1f", r["gb_per_s"].get<double>()) << " | "
          << fmt("%.1f", 100 * r["fraction_of_copy_bandwidth"].get<double>()) << " | "
          << (flops > 0 ? fmt("%.1f", flops) : "-") << " | "
          << (flops > 0 ? fmt("%.1f", 100 * r["fraction_of_fp64_measured"].get<double>()) : "-")
          << " | " << (occupancy < 0 ? "-" : fmt("%.0f %%", 100 * occupancy)) << " |\n";
    }
    return s.str();
}

} // namespace

std::string thermal_bench_markdown(const nlohmann::json& j) {
    const auto& d = j["device"];
    std::ostringstream s;
    s << "# D2Q37 kernel bench (seed 004, FP64)\n\n"
      << "- device: " << d["name"].get<std::string>() << "\n"
      << "- lattice: " << j["lattice"]["lx"].get<int>() << " x " << j["lattice"]["ly"].get<int>()
      << " sites (halos 3 deep), SoA, the rt2d initial state\n"
      << "- copy bandwidth, measured in this run: "
      << fmt("%.1f", d["copy_bandwidth_bytes_per_s"].get<double>() / 1e9)
      << " GB/s (device-to-device, read + write)\n"
      << "- FP64 peak, measured in this run: "
      << fmt("%.2f", d["fp64_measured_flop_per_s"].get<double>() / 1e12)
      << " TFLOP/s (independent FMA chains, FMA = 2); nominal "
      << fmt("%.2f", d["fp64_nominal_flop_per_s"].get<double>() / 1e12)
      << " TFLOP/s = " << d["sms"].get<int>() << " SMs x "
      << fmt("%.3f", d["boost_clock_hz"].get<double>() / 1e9) << " GHz x "
      << d["fp64_fma_units_per_sm"].get<int>()
      << " FP64 FMA units x 2 (the datasheet formula: H100 SXM and H200 34, H100 PCIe 26 TFLOP/s; "
         "the FP64 tensor-core figure does not apply to scalar code)\n"
      << "- FLOPs per collided site: " << j["flops_per_site"].get<double>() << " ("
      << j["flops_per_site_source"].get<std::string>() << ")\n"
      << "- bytes: " << j["bytes_rule"].get<std::string>() << "\n"
      << "- timing: " << j["timing"].get<std::string>() << "\n\n";

    s << "## Best block size per kernel and step\n\n| | block | figure |\n|---|---:|---|\n";
    for (const auto* r : best_of(j["kernels"])) {
        const double flops = (*r)["gflop_per_s"].get<double>();
        s << "| " << (*r)["name"].get<std::string>() << " | " << (*r)["block_size"].get<int>()
          << " | " << fmt("%.1f GB/s", (*r)["gb_per_s"].get<double>()) << " = "
          << fmt("%.1f %% of copy", 100 * (*r)["fraction_of_copy_bandwidth"].get<double>());
        if (flops > 0)
            s << "; " << fmt("%.1f GFLOP/s", flops) << " = "
              << fmt("%.1f %% of measured FP64 peak",
                     100 * (*r)["fraction_of_fp64_measured"].get<double>())
              << " ("
              << fmt("%.1f %% of nominal", 100 * (*r)["fraction_of_fp64_nominal"].get<double>())
              << ")";
        s << " |\n";
    }
    for (const auto* r : best_of(j["steps"]))
        s << "| step " << (*r)["name"].get<std::string>() << " | " << (*r)["block_size"].get<int>()
          << " | " << fmt("%.0f MLUPS", (*r)["mlups"].get<double>()) << ", "
          << fmt("%.1f %% of copy bandwidth",
                 100 * (*r)["fraction_of_copy_bandwidth"].get<double>())
          << " |\n";

    s << "\n## Kernels alone against the threads per block\n\n" << sweep_table(j["kernels"], true);
    s << "\n## Full steps against the threads per block\n\n" << sweep_table(j["steps"], false);
    s << "\n## CUDA functions (registers and local memory do not depend on the block size)\n\n"
      << "| function | registers | local bytes/thread (stack + spills) | max threads/block |\n"
      << "|---|---:|---:|---:|\n";
    std::vector<std::string> seen;
    for (const auto& r : j["kernels"])
        for (const auto& f : r["functions"]) {
            const std::string name = f["function"].get<std::string>();
            if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
            seen.push_back(name);
            s << "| " << name << " | " << f["registers"].get<int>() << " | "
              << f["local_bytes_per_thread"].get<int>() << " | "
              << f["max_threads_per_block"].get<int>() << " |\n";
        }
    return s.str();
}

} // namespace ll::cli
