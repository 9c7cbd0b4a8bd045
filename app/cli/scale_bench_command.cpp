// `latticelab scale-bench`: how one lattice scales over subdomains (issue 12), the tables of
// Calore et al. 2016 (Figs. 12, 15-18) for this machine, in one command:
//   strong   a fixed lattice over 1, 2, 4, 8 subdomains, 1-D slabs and the tiling with the
//            fewest halo values
//   weak     each subdomain holds the same box; the lattice grows with their count
//   halo     the exchange's bandwidth per transport: the time a step takes with it, less the
//            time the same tiles take without exchanging (a wrong flow, timed only)
//   model    Calore et al. 2016's Eq. 16 (1-D tiling, no overlap: T = T_P + T_C) with the
//            single-domain time per site and the measured halo bandwidth, against the strong
//            scaling measured
// Subdomains share the GPUs this process drives; today that is one GPU (the run records the
// GPU count; driving several from one process is the multi-GPU issue's).
#include "bench_util.hpp"
#include "commands.hpp"
#include "ranks.hpp"
#include "solver/domain/halo_plan.hpp"
#include "solver/io/perf_record.hpp"
#include "solver/models/registry.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sstream>

namespace ll::cli {

namespace {

struct Sample {
    std::string table, tiling;
    Tiles tiles;
    Dims dims;
    HaloTransport transport = HaloTransport::Auto;
    double seconds_per_step = 0, mlups = 0, halo_bytes_per_step = 0, efficiency = 0;
};

Sample sample(const std::string& table, const std::string& tiling, const Tiles& tiles,
              HaloTransport transport = HaloTransport::Auto) {
    Sample s;
    s.table = table;
    s.tiling = tiling;
    s.tiles = tiles;
    s.transport = transport;
    return s;
}

const char* transport_name(HaloTransport t, bool gpu) {
    if (t == HaloTransport::HostStaged) return "host-staged (pack, host copy, unpack)";
    if (t == HaloTransport::Skip) return "none (compute alone)";
    return gpu ? "device (one copy kernel per step)" : "host (pack, unpack)";
}

// Median seconds per step after a warm-up, with batches of about 0.2 s.
Sample measure(SimulationSetup s, Sample row, BackendKind backend, int repeats) {
    s.tiles = row.tiles;
    s.halo_transport = row.transport;
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
    return row;
}

Tiles slabs(int n, bool three_d) {
    return three_d ? Tiles{{1, 1, n}} : Tiles{{1, n, 1}};
}

nlohmann::json to_json(const Sample& r, bool gpu) {
    return {{"table", r.table},
            {"tiling", r.tiling},
            {"tiles", to_string(r.tiles)},
            {"subdomains", r.tiles.count()},
            {"lattice", {r.dims.nx, r.dims.ny, r.dims.nz}},
            {"transport", transport_name(r.transport, gpu)},
            {"seconds_per_step", r.seconds_per_step},
            {"mlups", r.mlups},
            {"halo_bytes_per_step", r.halo_bytes_per_step},
            {"efficiency", r.efficiency}};
}

std::string lattice_text(const Dims& d) {
    return std::to_string(d.nx) + "x" + std::to_string(d.ny) + "x" + std::to_string(d.nz);
}

void table(std::ostringstream& md, const std::vector<Sample>& rows, const std::string& name,
           const char* efficiency_note) {
    md << "\n## " << name << "\n\n"
       << efficiency_note
       << "\n\n| subdomains | tiling | lattice | MLUPS | halo MB/step | efficiency |\n"
       << "|---:|---|---|---:|---:|---:|\n";
    char buf[256];
    for (const Sample& r : rows) {
        if (r.table != name) continue;
        std::snprintf(buf, sizeof buf, "| %d | %s (%s) | %s | %.1f | %.3f | %.1f %% |\n",
                      r.tiles.count(), r.tiling.c_str(), to_string(r.tiles).c_str(),
                      lattice_text(r.dims).c_str(), r.mlups, r.halo_bytes_per_step / 1e6,
                      100 * r.efficiency);
        md << buf;
    }
}

} // namespace

CLI::App* add_scale_bench(CLI::App& app, ScaleBenchOptions& o) {
    CLI::App* b = app.add_subcommand(
        "scale-bench", "strong and weak scaling over subdomains, the halo bandwidth of each "
                       "transport, and Calore et al. 2016's communication model against them");
    b->add_option("--size", o.size,
                  "strong scaling: the lattice side (N^3, N^2 for d2q9); default 256 on a GPU, "
                  "48 on the CPU")
        ->check(CLI::Range(std::int64_t(8), std::int64_t(4096)));
    b->add_option("--weak-size", o.weak_size,
                  "weak scaling: each subdomain's side; default 128 on a GPU, 24 on the CPU")
        ->check(CLI::Range(std::int64_t(8), std::int64_t(4096)));
    b->add_option("--counts", o.counts, "subdomain counts, a comma list")->capture_default_str();
    b->add_option("--stencil", o.stencil, "d2q9|d3q19|d3q27")->capture_default_str();
    b->add_option("--scheme", o.scheme, scheme_names())->capture_default_str();
    b->add_option("--precision", o.precision, precision_names())->capture_default_str();
    b->add_option("--backend", o.backend, "auto: CUDA when a GPU is usable, else the CPU")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    b->add_option("--repeats", o.repeats, "measurements per row (the median is reported)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    b->add_option("--json", o.json, "write every table (.json)")->check(output_file());
    b->add_option("--markdown", o.markdown, "write every table (.md)")->check(output_file());
    b->add_flag("--quiet,-q", o.quiet, "no tables on stdout");
    return b;
}

int scale_bench_command(const ScaleBenchOptions& o) {
    if (rank_context().several())
        throw AgreedError("scale-bench: runs in one process, its subdomains on this process's "
                          "GPUs; over MPI ranks, time `mpirun -np N latticelab run ... --json` "
                          "for each N (the record has every rank's MLUPS and halo bytes)");
    OutputSet outputs;
    plan_outputs(outputs, {{"--json", o.json}, {"--markdown", o.markdown}});
    const BackendKind backend = backend_from(o.backend);
    ModelChoice model;
    const auto stencil = parse_stencil(o.stencil);
    if (!stencil) throw ConfigError("--stencil '" + o.stencil + "': must be " + stencil_names());
    model.stencil = *stencil;
    EngineConfig chosen;
    chosen.model = model;
    if (!model_traits(chosen).subdomains)
        throw ConfigError("--stencil " + o.stencil + ": the " +
                          std::string(model_traits(chosen).name) +
                          " model runs as one domain; use " + stencil_names());
    const auto scheme = parse_scheme(o.scheme);
    if (!scheme) throw ConfigError("--scheme '" + o.scheme + "': must be " + scheme_names());
    model.scheme = *scheme;
    const auto precision = parse_precision(o.precision);
    if (!precision)
        throw ConfigError("--precision '" + o.precision + "': must be " + precision_names());
    model.precision = *precision;
    const std::vector<int> counts =
        parse_list<int>("--counts", o.counts, parse_int, "subdomain counts from 1 to 64");
    for (int c : counts)
        if (c < 1 || c > 64)
            throw ConfigError("--counts: " + std::to_string(c) + " subdomains; use 1 to 64");

    std::string why;
    const bool gpu = backend != BackendKind::Cpu && cuda_device_present(why);
    const bool three_d = dimensions(model.stencil) == 3;
    const auto cube = [&](std::int64_t n, std::int64_t stretch) {
        return three_d ? Dims{std::uint32_t(n), std::uint32_t(n), std::uint32_t(n * stretch)}
                       : Dims{std::uint32_t(n), std::uint32_t(n * stretch), 1};
    };
    const std::int64_t size = o.size.value_or(gpu ? 256 : 48);
    const std::int64_t weak = o.weak_size.value_or(gpu ? 128 : 24);
    const HaloShape shape = halo_shape(model.stencil);
    const auto say = [&](const Sample& r) {
        if (!o.quiet)
            std::fprintf(stderr, "%s %d subdomains %s, %s: %.1f MLUPS\n", r.table.c_str(),
                         r.tiles.count(), to_string(r.tiles).c_str(),
                         transport_name(r.transport, gpu), r.mlups);
    };

    std::vector<Sample> rows;
    const SimulationSetup strong_setup = obstacle_box(model, cube(size, 1), 256);
    double one_domain = 0, seconds_one = 0;
    for (int n : counts) {
        std::vector<std::pair<std::string, Tiles>> tilings = {{"1-D", slabs(n, three_d)}};
        const Tiles best = choose_tiles(n, strong_setup.dims, shape);
        if (!(best == tilings[0].second)) tilings.push_back({"fewest halo values", best});
        // Equal cubes (2x2x2 for 8), the tiling issue 12's overlap target names.
        const int k = int(std::lround(std::cbrt(double(n))));
        const Tiles cubes{{k, k, k}};
        if (three_d && k > 1 && k * k * k == n && !(cubes == best))
            tilings.push_back({"cubes", cubes});
        for (const auto& [name, t] : tilings) {
            Sample r = measure(strong_setup, sample("strong", name, t), backend, o.repeats);
            if (n == 1) one_domain = r.mlups, seconds_one = r.seconds_per_step;
            r.efficiency = one_domain > 0 ? r.mlups / one_domain : 0;
            say(r);
            rows.push_back(r);
        }
    }
    double weak_one = 0;
    for (int n : counts) {
        Sample r = measure(obstacle_box(model, cube(weak, n), 256),
                           sample("weak", "1-D", slabs(n, three_d)), backend, o.repeats);
        if (n == 1) weak_one = r.mlups;
        r.efficiency = weak_one > 0 ? r.mlups / weak_one : 0; // one device: MLUPS kept
        say(r);
        rows.push_back(r);
    }
    // The transports on two slabs of the strong-scaling lattice.
    std::vector<HaloTransport> transports = {HaloTransport::Skip, HaloTransport::Auto};
    if (gpu) transports.push_back(HaloTransport::HostStaged);
    double skip_seconds = 0, device_bandwidth = 0;
    nlohmann::json halo = nlohmann::json::array();
    for (HaloTransport tr : transports) {
        const Sample r =
            measure(strong_setup, sample("halo", "1-D", slabs(2, three_d), tr), backend, o.repeats);
        if (tr == HaloTransport::Skip) skip_seconds = r.seconds_per_step;
        const double exchange = r.seconds_per_step - skip_seconds;
        const double bandwidth = exchange > 0 ? r.halo_bytes_per_step / exchange : 0;
        if (tr == HaloTransport::Auto) device_bandwidth = bandwidth;
        say(r);
        halo.push_back({{"transport", transport_name(tr, gpu)},
                        {"seconds_per_step", r.seconds_per_step},
                        {"exchange_seconds_per_step", tr == HaloTransport::Skip ? 0 : exchange},
                        {"halo_bytes_per_step", r.halo_bytes_per_step},
                        {"bandwidth_bytes_per_s", bandwidth}});
    }
    // Eq. 16 (1-D, no overlap): T = beta N / D + bytes / B, with D = 1 device here.
    nlohmann::json model_rows = nlohmann::json::array();
    const double beta = seconds_one / double(strong_setup.dims.nodes());
    for (const Sample& r : rows) {
        if (r.table != "strong" || r.tiling != "1-D") continue;
        const double t_c = device_bandwidth > 0 ? r.halo_bytes_per_step / device_bandwidth : 0;
        const double t = beta * double(r.dims.nodes()) + t_c;
        model_rows.push_back({{"subdomains", r.tiles.count()},
                              {"predicted_seconds_per_step", t},
                              {"measured_seconds_per_step", r.seconds_per_step},
                              {"predicted_efficiency", seconds_one / t},
                              {"measured_efficiency", r.efficiency}});
    }

    auto probe = Simulation::create(obstacle_box(model, cube(8, 1), 256), backend);
    nlohmann::json j = device_record(*probe);
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    j["date"] = date;
    j["gpus"] = gpu ? cuda_device_count() : 0;
    j["devices_used"] = gpu ? 1 : 0;
    j["model"] = {{"stencil", std::string(to_string(model.stencil))},
                  {"scheme", std::string(to_string(model.scheme))},
                  {"precision", std::string(to_string(model.precision))}};
    j["rows"] = nlohmann::json::array();
    for (const Sample& r : rows)
        j["rows"].push_back(to_json(r, gpu));
    j["halo"] = halo;
    j["communication_model"] = {{"equation", "Calore et al. 2016, Eq. 16: T = T_P + T_C"},
                                {"beta_seconds_per_site", beta},
                                {"halo_bandwidth_bytes_per_s", device_bandwidth},
                                {"rows", model_rows}};

    std::ostringstream md;
    char buf[256];
    md << "# LatticeLab scale-bench\n\n- device: " << j["device"].get<std::string>() << " ("
       << j["backend"].get<std::string>() << "), " << j["gpus"].get<int>()
       << " GPU(s) present, subdomains on " << std::max(1, j["devices_used"].get<int>())
       << " device\n- date: " << date << "\n";
    std::snprintf(buf, sizeof buf, "- copy bandwidth (same run): %.1f GB/s\n",
                  j["copy_bandwidth_gb_per_s"].get<double>());
    md << buf << "- model: " << o.stencil << " " << o.scheme << " " << o.precision
       << ", periodic box with four solid spheres\n";
    table(md, rows, "strong", "Efficiency: MLUPS / MLUPS of one domain (same device).");
    table(md, rows, "weak", "Efficiency: MLUPS / MLUPS of one subdomain's box (one device).");
    md << "\n## Halo exchange (2 slabs of the strong lattice)\n\n"
       << "| transport | s/step | exchange s/step | halo MB/step | GB/s "
          "|\n|---|---:|---:|---:|---:|\n";
    for (const auto& h : halo) {
        std::snprintf(buf, sizeof buf, "| %s | %.3e | %.3e | %.3f | %.1f |\n",
                      h["transport"].get<std::string>().c_str(),
                      h["seconds_per_step"].get<double>(),
                      h["exchange_seconds_per_step"].get<double>(),
                      h["halo_bytes_per_step"].get<double>() / 1e6,
                      h["bandwidth_bytes_per_s"].get<double>() / 1e9);
        md << buf;
    }
    md << "\n## Communication model (Calore et al. 2016, Eq. 16, 1-D, no overlap)\n\n"
       << "| subdomains | predicted s/step | measured s/step | predicted eff. | measured eff. "
          "|\n|---:|---:|---:|---:|---:|\n";
    for (const auto& m : model_rows) {
        std::snprintf(buf, sizeof buf, "| %d | %.3e | %.3e | %.1f %% | %.1f %% |\n",
                      m["subdomains"].get<int>(), m["predicted_seconds_per_step"].get<double>(),
                      m["measured_seconds_per_step"].get<double>(),
                      100 * m["predicted_efficiency"].get<double>(),
                      100 * m["measured_efficiency"].get<double>());
        md << buf;
    }
    if (!o.quiet) std::printf("%s", md.str().c_str());
    if (!o.json.empty()) outputs.stage("--json", j.dump(2) + "\n");
    if (!o.markdown.empty()) outputs.stage("--markdown", md.str());
    outputs.commit();
    return 0;
}

} // namespace ll::cli
