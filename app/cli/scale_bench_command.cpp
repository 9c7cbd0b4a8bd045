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
//   gpus     weak and strong scaling over the GPUs of this process, one slab each
//            (scale_bench_gpus.cpp), when several GPUs are present or --gpus names them
// The subdomain tables run on one device; the GPU count is read, so the same command writes
// every table on a multi-GPU machine.
#include "bench_util.hpp"
#include "commands.hpp"
#include "ranks.hpp"
#include "scale_bench.hpp"
#include "solver/domain/halo_plan.hpp"
#include "solver/domain/tiled_engine.hpp"
#include "solver/io/perf_record.hpp"
#include "solver/models/registry.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sstream>

namespace ll::cli {

namespace {

std::string lattice_text(const Dims& d) {
    return std::to_string(d.nx) + "x" + std::to_string(d.ny) + "x" + std::to_string(d.nz);
}

void table(std::ostringstream& md, const std::vector<Sample>& rows, const std::string& name,
           const char* efficiency_note) {
    if (std::none_of(rows.begin(), rows.end(), [&](const Sample& r) { return r.table == name; }))
        return;
    md << "\n## " << name << "\n\n"
       << efficiency_note
       << "\n\n| subdomains | tiling | lattice | MLUPS | halo MB/step | efficiency | host queuing "
          "us/step | GPUs |\n"
       << "|---:|---|---|---:|---:|---:|---:|---|\n";
    char buf[512];
    for (const Sample& r : rows) {
        if (r.table != name) continue;
        std::string gpus;
        for (int d : r.devices) {
            if (!gpus.empty()) gpus += ",";
            gpus += std::to_string(d);
        }
        std::snprintf(
            buf, sizeof buf, "| %d | %s (%s) | %s | %.1f | %.3f | %.1f %% | %.0f | %s |\n",
            r.tiles.count(), r.tiling.c_str(), to_string(r.tiles).c_str(),
            lattice_text(r.dims).c_str(), r.mlups, r.halo_bytes_per_step / 1e6, 100 * r.efficiency,
            r.host_queue_us, gpus.empty() ? "this device" : gpus.c_str());
        md << buf;
    }
}

// What every table of one run shares.
struct Bench {
    ModelChoice model;
    BackendKind backend = BackendKind::Auto;
    bool gpu = false, three_d = true;
    int repeats = 3;
    std::function<void(const Sample&)> say;
    Dims cube(std::int64_t n, std::int64_t stretch) const {
        return three_d ? Dims{std::uint32_t(n), std::uint32_t(n), std::uint32_t(n * stretch)}
                       : Dims{std::uint32_t(n), std::uint32_t(n * stretch), 1};
    }
};

// Strong scaling: 1-D slabs, the tiling with the fewest halo values and, for cubes of counts,
// equal cubes (2x2x2 for 8: the tiling issue 12's overlap target names).
void strong_rows(const Bench& b, const SimulationSetup& setup, const std::vector<int>& counts,
                 std::vector<Sample>& rows) {
    double one_domain = 0;
    for (int n : counts) {
        std::vector<std::pair<std::string, Tiles>> tilings = {{"1-D", slabs(n, b.three_d)}};
        const Tiles best = choose_tiles(n, setup.dims, halo_shape(engine_config(setup)));
        if (!(best == tilings[0].second)) tilings.push_back({"fewest halo values", best});
        const int k = int(std::lround(std::cbrt(double(n))));
        const Tiles cubes{{k, k, k}};
        if (b.three_d && k > 1 && k * k * k == n && !(cubes == best))
            tilings.push_back({"cubes", cubes});
        for (const auto& [name, t] : tilings) {
            Sample r = measure(setup, sample("strong", name, t), b.backend, b.repeats);
            if (n == 1) one_domain = r.mlups;
            r.efficiency = one_domain > 0 ? r.mlups / one_domain : 0;
            b.say(r);
            rows.push_back(r);
        }
    }
}

void weak_rows(const Bench& b, std::int64_t side, const std::vector<int>& counts,
               std::vector<Sample>& rows) {
    double one = 0;
    for (int n : counts) {
        Sample r = measure(obstacle_box(b.model, b.cube(side, n), 256),
                           sample("weak", "1-D", slabs(n, b.three_d)), b.backend, b.repeats);
        if (n == 1) one = r.mlups;
        r.efficiency = one > 0 ? r.mlups / one : 0; // one device: MLUPS kept
        b.say(r);
        rows.push_back(r);
    }
}

// The transports on two slabs of the strong-scaling lattice (Calore et al. 2016, Fig. 12),
// and Eq. 16 (1-D, no overlap: T = beta N / D + bytes / B, D = 1 device) with the measured
// device bandwidth against the strong rows.
void halo_tables(const Bench& b, const SimulationSetup& setup, const std::vector<Sample>& rows,
                 nlohmann::json& j) {
    std::vector<HaloTransport> transports = {HaloTransport::Skip, HaloTransport::Auto};
    if (b.gpu) transports.push_back(HaloTransport::HostStaged);
    double skip_seconds = 0, device_bandwidth = 0;
    nlohmann::json halo = nlohmann::json::array();
    for (HaloTransport tr : transports) {
        const Sample r =
            measure(setup, sample("halo", "1-D", slabs(2, b.three_d), tr), b.backend, b.repeats);
        if (tr == HaloTransport::Skip) skip_seconds = r.seconds_per_step;
        const double exchange = r.seconds_per_step - skip_seconds;
        const double bandwidth = exchange > 0 ? r.halo_bytes_per_step / exchange : 0;
        if (tr == HaloTransport::Auto) device_bandwidth = bandwidth;
        b.say(r);
        halo.push_back({{"transport", transport_name(tr, b.gpu)},
                        {"seconds_per_step", r.seconds_per_step},
                        {"exchange_seconds_per_step", tr == HaloTransport::Skip ? 0 : exchange},
                        {"halo_bytes_per_step", r.halo_bytes_per_step},
                        {"bandwidth_bytes_per_s", bandwidth}});
    }
    double seconds_one = 0;
    for (const Sample& r : rows)
        if (r.table == "strong" && r.tiles.count() == 1) seconds_one = r.seconds_per_step;
    nlohmann::json model_rows = nlohmann::json::array();
    const double beta = seconds_one / double(setup.dims.nodes());
    for (const Sample& r : rows) {
        if (r.table != "strong" || r.tiling != "1-D" || seconds_one <= 0) continue;
        const double t_c = device_bandwidth > 0 ? r.halo_bytes_per_step / device_bandwidth : 0;
        const double t = beta * double(r.dims.nodes()) + t_c;
        model_rows.push_back({{"subdomains", r.tiles.count()},
                              {"predicted_seconds_per_step", t},
                              {"measured_seconds_per_step", r.seconds_per_step},
                              {"predicted_efficiency", seconds_one / t},
                              {"measured_efficiency", r.efficiency}});
    }
    j["halo"] = halo;
    j["communication_model"] = {{"equation", "Calore et al. 2016, Eq. 16: T = T_P + T_C"},
                                {"beta_seconds_per_site", beta},
                                {"halo_bandwidth_bytes_per_s", device_bandwidth},
                                {"rows", model_rows}};
}

// One traced step of 4 slabs and of 2x2x2 cubes on one device, and of one slab per GPU.
void timelines(const Bench& b, const SimulationSetup& setup, const std::vector<int>& gpus,
               nlohmann::json& j) {
    j["timelines"] = nlohmann::json::array();
    j["timelines"].push_back(
        step_timeline(setup, "4 slabs, one device", slabs(4, b.three_d), {}, b.backend));
    if (b.three_d)
        j["timelines"].push_back(
            step_timeline(setup, "2x2x2 cubes, one device", Tiles{{2, 2, 2}}, {}, b.backend));
    if (gpus.size() > 1)
        j["timelines"].push_back(step_timeline(
            setup, "one slab per GPU", slabs(int(gpus.size()), b.three_d), gpus, b.backend));
}

// The exchange between two GPUs per transport, on two of the weak table's boxes, and the
// paper's model of the strong table with the peer copies' bandwidth.
void gpu_halo_table(const Bench& b, const ScaleBenchOptions& o, const std::vector<int>& gpus,
                    const std::vector<Sample>& rows, nlohmann::json& j) {
    j["gpu_halo"] = gpu_halo_rows(b.model, b.cube(o.gpu_weak_size, 2), gpus);
    const double peer = j["gpu_halo"][0]["per_gpu_bandwidth_bytes_per_s"];
    const int depth = halo_shape(engine_config(obstacle_box(b.model, b.cube(8, 1), 256))).depth;
    j["gpu_communication_model"] = {
        {"equations", "Calore et al. 2016, Eq. 16 (T = T_P + T_C) and Eq. 19 (border first: "
                      "T = max(T_P (1 - b), T_C) + T_P b)"},
        {"per_gpu_halo_bandwidth_bytes_per_s", peer},
        {"rows", gpu_model_rows(rows, peer, depth)}};
}

// When the tables' halos move (LATTICELAB_OVERLAP; the JSON rows' moved_by says "border first"
// where it ran beside the interior).
std::string exchange_order(const nlohmann::json& j) {
    if (j["backend"].get<std::string>() == "cpu")
        return "after each step (the CPU steps tiles whole)";
    const std::string mode = j["overlap"];
    if (mode == "on") return "beside the interior, borders updated first (LATTICELAB_OVERLAP=1)";
    if (mode == "off") return "after each step (LATTICELAB_OVERLAP=0)";
    return "beside the interior where halos cross GPUs, or x is whole and tiles large, else after "
           "the step "
           "(LATTICELAB_OVERLAP=auto)";
}

void gpu_halo_markdown(std::ostringstream& md, const nlohmann::json& j) {
    char buf[256];
    md << "\n## Halo exchange between two GPUs (one traced step, two slabs)\n\n"
       << "| transport | lattice | halo MB/step | exchange us | after the updates us | step us "
          "| GB/s |\n|---|---|---:|---:|---:|---:|---:|\n";
    for (const auto& h : j["gpu_halo"]) {
        std::snprintf(buf, sizeof buf, "| %s | %dx%dx%d | %.2f | %.1f | %.1f | %.1f | %.1f |\n",
                      h["transport"].get<std::string>().c_str(), h["lattice"][0].get<int>(),
                      h["lattice"][1].get<int>(), h["lattice"][2].get<int>(),
                      h["halo_bytes_per_step"].get<double>() / 1e6, h["exchange_us"].get<double>(),
                      h["exposed_exchange_us"].get<double>(), h["step_us"].get<double>(),
                      h["bandwidth_bytes_per_s"].get<double>() / 1e9);
        md << buf;
    }
    const auto& m = j["gpu_communication_model"];
    md << "\n## Communication model over GPUs (" << m["equations"].get<std::string>()
       << "), one GPU's peer bandwidth: half the two GPUs' rate above\n\n"
       << "| GPUs | lattice | T_P us | T_C us | border share | Eq. 16 eff. | Eq. 19 eff. | "
          "measured eff. |\n|---:|---|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& r : m["rows"]) {
        std::snprintf(buf, sizeof buf,
                      "| %d | %dx%dx%d | %.1f | %.1f | %.2f %% | %.1f %% | %.1f %% | %.1f %% |\n",
                      r["gpus"].get<int>(), r["lattice"][0].get<int>(), r["lattice"][1].get<int>(),
                      r["lattice"][2].get<int>(), 1e6 * r["t_p_seconds"].get<double>(),
                      1e6 * r["t_c_seconds"].get<double>(), 100 * r["border_share"].get<double>(),
                      100 * r["eq16_efficiency"].get<double>(),
                      100 * r["eq19_efficiency"].get<double>(),
                      100 * r["measured_efficiency"].get<double>());
        md << buf;
    }
}

std::string markdown(const nlohmann::json& j, const std::vector<Sample>& rows,
                     const ScaleBenchOptions& o) {
    std::ostringstream md;
    char buf[256];
    md << "# LatticeLab scale-bench\n\n- device: " << j["device"].get<std::string>() << " ("
       << j["backend"].get<std::string>() << "), " << j["gpus"].get<int>()
       << " GPU(s) present\n- date: " << j["date"].get<std::string>() << "\n";
    std::snprintf(buf, sizeof buf, "- copy bandwidth (same run, one device): %.1f GB/s\n",
                  j["copy_bandwidth_gb_per_s"].get<double>());
    md << buf << "- model: " << o.stencil << " " << o.scheme << " " << o.precision << " "
       << o.layout << (o.storage.empty() ? "" : " stored as " + o.storage)
       << ", periodic box with four solid spheres\n- exchange: " << exchange_order(j)
       << "\n- tile rows: a tile cut along x starts each row with its own nodes, padded to "
       << (j["tile_rows"] == "warp" ? "32 nodes" : "32 bytes of populations")
       << " (LATTICELAB_TILE_ROWS=" << j["tile_rows"].get<std::string>() << ")\n";
    table(md, rows, "strong", "Efficiency: MLUPS / MLUPS of one domain (same device).");
    table(md, rows, "weak", "Efficiency: MLUPS / MLUPS of one subdomain's box (one device).");
    table(md, rows, "gpu-weak",
          "One slab per GPU, each GPU holding the same box. Efficiency: MLUPS / (N x MLUPS on "
          "one GPU).");
    table(md, rows, "gpu-strong",
          "One lattice over N GPUs, one slab each. Efficiency: MLUPS / (N x MLUPS on one GPU).");
    if (j.contains("halo")) {
        md << "\n## Halo exchange (2 slabs of the strong lattice)\n\n"
           << "| transport | s/step | exchange s/step | halo MB/step | GB/s "
              "|\n|---|---:|---:|---:|---:|\n";
        for (const auto& h : j["halo"]) {
            std::snprintf(buf, sizeof buf, "| %s | %.3e | %.3e | %.3f | %.1f |\n",
                          h["transport"].get<std::string>().c_str(),
                          h["seconds_per_step"].get<double>(),
                          h["exchange_seconds_per_step"].get<double>(),
                          h["halo_bytes_per_step"].get<double>() / 1e6,
                          h["bandwidth_bytes_per_s"].get<double>() / 1e9);
            md << buf;
        }
        md << "\n## Communication model (Calore et al. 2016, Eq. 16, 1-D, no overlap)\n\n"
           << "| subdomains | predicted s/step | measured s/step | predicted eff. | measured "
              "eff. |\n|---:|---:|---:|---:|---:|\n";
        for (const auto& m : j["communication_model"]["rows"]) {
            std::snprintf(buf, sizeof buf, "| %d | %.3e | %.3e | %.1f %% | %.1f %% |\n",
                          m["subdomains"].get<int>(), m["predicted_seconds_per_step"].get<double>(),
                          m["measured_seconds_per_step"].get<double>(),
                          100 * m["predicted_efficiency"].get<double>(),
                          100 * m["measured_efficiency"].get<double>());
            md << buf;
        }
    }
    if (j.contains("gpu_halo")) gpu_halo_markdown(md, j);
    if (j.contains("timelines")) {
        md << "\n## Timeline of one step (CUDA events on each stream; host clocks on the CPU)\n";
        for (const auto& t : j["timelines"]) {
            char times[160];
            std::snprintf(times, sizeof times,
                          "step %.1f us, exchange %.1f us, of which %.1f us after the last update",
                          t["step_us"].get<double>(), t["exchange_us"].get<double>(),
                          t["exposed_exchange_us"].get<double>());
            md << "\n"
               << t["name"].get<std::string>() << " (" << t["tiles"].get<std::string>()
               << ", halos by " << t["transport"].get<std::string>() << "): " << times
               << "\n\n```\n"
               << timeline_chart(t) << "```\n";
        }
    }
    return md.str();
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
    b->add_option("--layout", o.layout, layout_names())->capture_default_str();
    b->add_option("--storage", o.storage,
                  "how populations are stored: " + storage_names() +
                      " (default: the precision's own; 16-bit storage computes in fp32)");
    b->add_option("--backend", o.backend, "auto: CUDA when a GPU is usable, else the CPU")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    b->add_option("--repeats", o.repeats, "measurements per row (the median is reported)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    b->add_option("--tables", o.tables,
                  "which tables: all, or a comma list of strong, weak, halo (with the "
                  "communication model), gpus (gpu-weak and gpu-strong: one slab per GPU), "
                  "gpu-halo (the exchange between two GPUs per transport, and the model over "
                  "GPUs), "
                  "timeline (one step of 4 slabs, 2x2x2 cubes and one slab per GPU, from CUDA "
                  "events). LATTICELAB_OVERLAP=0 times the exchange after each step instead of "
                  "beside the interior")
        ->capture_default_str();
    b->add_option("--gpus", o.gpus,
                  "GPUs for the gpus tables, a comma list of indices (default: every GPU "
                  "present; the tables run when there are two or more)");
    b->add_option("--gpu-weak-size", o.gpu_weak_size,
                  "gpus tables, weak scaling: each GPU's side (N^3, N^2 for d2q9)")
        ->check(CLI::Range(std::int64_t(8), std::int64_t(4096)))
        ->capture_default_str();
    b->add_option("--gpu-strong-size", o.gpu_strong_size,
                  "gpus tables, strong scaling: the lattice side")
        ->check(CLI::Range(std::int64_t(8), std::int64_t(4096)))
        ->capture_default_str();
    b->add_option("--json", o.json, "write every table (.json)")->check(output_file());
    b->add_option("--markdown", o.markdown, "write every table (.md)")->check(output_file());
    b->add_flag("--quiet,-q", o.quiet, "no tables on stdout");
    return b;
}

namespace {

ModelChoice model_of(const ScaleBenchOptions& o) {
    ModelChoice model;
    const auto stencil = parse_stencil(o.stencil);
    if (!stencil) throw ConfigError("--stencil '" + o.stencil + "': must be " + stencil_names());
    model.stencil = *stencil;
    EngineConfig chosen;
    chosen.model = model;
    // Its lattice is a box with obstacles, an isothermal flow; D2Q37's tiles are timed with
    // `run rt2d --tiles ... --json` (scripts/multi-gpu-bench).
    if (model_traits(chosen).has_temperature)
        throw ConfigError("--stencil " + o.stencil + ": scale-bench times the isothermal " +
                          "models (d2q9|d3q19|d3q27); time the " +
                          std::string(model_traits(chosen).name) +
                          " model's subdomains with `latticelab run rt2d --tiles NxM --json`");
    const auto scheme = parse_scheme(o.scheme);
    if (!scheme) throw ConfigError("--scheme '" + o.scheme + "': must be " + scheme_names());
    model.scheme = *scheme;
    const auto precision = parse_precision(o.precision);
    if (!precision)
        throw ConfigError("--precision '" + o.precision + "': must be " + precision_names());
    model.precision = *precision;
    if (!o.storage.empty()) {
        const auto storage = parse_storage(o.storage);
        if (!storage)
            throw ConfigError("--storage '" + o.storage + "': must be " + storage_names());
        try {
            set_storage(model, *storage);
        } catch (const ConfigError& e) {
            throw ConfigError("--storage " + o.storage + ": " + e.what());
        }
    }
    const auto layout = parse_layout(o.layout);
    if (!layout) throw ConfigError("--layout '" + o.layout + "': must be " + layout_names());
    model.layout = *layout;
    return model;
}

bool wants(const std::vector<std::string>& tables, const std::string& t) {
    return std::find(tables.begin(), tables.end(), "all") != tables.end() ||
           std::find(tables.begin(), tables.end(), t) != tables.end();
}

// The GPUs of the gpus tables: --gpus, or every GPU present.
std::vector<int> gpus_of(const ScaleBenchOptions& o, bool gpu) {
    if (!gpu) {
        if (o.gpus) throw ConfigError("--gpus " + *o.gpus + ": no usable GPU (CPU back end)");
        return {};
    }
    std::vector<int> g;
    if (!o.gpus) {
        for (int d = 0; d < cuda_device_count(); ++d)
            g.push_back(d);
        return g.size() > 1 ? g : std::vector<int>{};
    }
    g = parse_list<int>("--gpus", *o.gpus, parse_int, "GPU indices");
    if (const std::string why = devices_error(g, BackendKind::Cuda); !why.empty())
        throw ConfigError(why);
    return g;
}

} // namespace

int scale_bench_command(const ScaleBenchOptions& o) {
    if (rank_context().several())
        throw AgreedError("scale-bench: runs in one process, its subdomains on this process's "
                          "GPUs; over MPI ranks, time `mpirun -np N latticelab run ... --json` "
                          "for each N (the record has every rank's MLUPS and halo bytes)");
    OutputSet outputs;
    plan_outputs(outputs, {{"--json", o.json}, {"--markdown", o.markdown}});
    const std::vector<std::string> tables = parse_list<std::string>(
        "--tables", o.tables,
        [](std::string_view t) -> std::optional<std::string> {
            for (const char* k : {"all", "strong", "weak", "halo", "gpus", "gpu-weak", "gpu-strong",
                                  "gpu-halo", "timeline"})
                if (t == k) return std::string(t);
            return std::nullopt;
        },
        "all, strong, weak, halo, gpus, gpu-weak, gpu-strong, gpu-halo, timeline");
    Bench b;
    b.model = model_of(o);
    b.backend = backend_from(o.backend);
    const std::vector<int> counts =
        parse_list<int>("--counts", o.counts, parse_int, "subdomain counts from 1 to 64");
    for (int c : counts)
        if (c < 1 || c > 64)
            throw ConfigError("--counts: " + std::to_string(c) + " subdomains; use 1 to 64");
    std::string why;
    b.gpu = b.backend != BackendKind::Cpu && cuda_device_present(why);
    b.three_d = dimensions(b.model.stencil) == 3;
    // A layout not built for the scheme or storage is refused before anything is measured, with
    // compatibility_error's message (one definition of what AoSoA is built for).
    if (b.model.layout == Layout::AoSoA && !aosoa_offered(b.model))
        throw ConfigError("--layout aosoa: " + compatibility_error(b.model, b.cube(8, 1)));
    b.repeats = o.repeats;
    b.say = [&](const Sample& r) {
        if (!o.quiet)
            std::fprintf(stderr, "%s %d subdomains %s, %s: %.1f MLUPS\n", r.table.c_str(),
                         r.tiles.count(), to_string(r.tiles).c_str(),
                         r.moved_by.empty() ? "one domain" : r.moved_by.c_str(), r.mlups);
    };
    const std::vector<int> gpus = wants(tables, "gpus") || wants(tables, "gpu-weak") ||
                                          wants(tables, "gpu-strong") ||
                                          wants(tables, "gpu-halo") || wants(tables, "timeline")
                                      ? gpus_of(o, b.gpu)
                                      : std::vector<int>{};

    std::vector<Sample> rows;
    const SimulationSetup strong_setup =
        obstacle_box(b.model, b.cube(o.size.value_or(b.gpu ? 256 : 48), 1), 256);
    if (wants(tables, "strong") || wants(tables, "halo"))
        strong_rows(b, strong_setup, wants(tables, "strong") ? counts : std::vector<int>{1}, rows);
    if (wants(tables, "weak")) weak_rows(b, o.weak_size.value_or(b.gpu ? 128 : 24), counts, rows);
    if (!gpus.empty() &&
        (wants(tables, "gpus") || wants(tables, "gpu-weak") || wants(tables, "gpu-strong"))) {
        GpuScaling g{gpus, counts, o.gpu_weak_size, o.gpu_strong_size, o.repeats};
        g.weak = wants(tables, "gpus") || wants(tables, "gpu-weak");
        g.strong = wants(tables, "gpus") || wants(tables, "gpu-strong");
        for (Sample& r : gpu_scaling_rows(b.model, g, b.say))
            rows.push_back(std::move(r));
    }

    auto probe = Simulation::create(obstacle_box(b.model, b.cube(8, 1), 256), b.backend);
    nlohmann::json j = device_record(*probe);
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    j["date"] = date;
    j["gpus"] = b.gpu ? cuda_device_count() : 0;
    j["gpus_used"] = gpus;
    j["overlap"] = std::string(to_string(overlap_requested())); // LATTICELAB_OVERLAP
    j["tile_rows"] = std::string(tile_rows_requested());        // LATTICELAB_TILE_ROWS
    j["model"] = {{"stencil", std::string(to_string(b.model.stencil))},
                  {"scheme", std::string(to_string(b.model.scheme))},
                  {"precision", std::string(to_string(b.model.precision))},
                  {"layout", std::string(to_string(b.model.layout))},
                  {"storage", std::string(to_string(stored_as(b.model)))}};
    if (wants(tables, "halo")) halo_tables(b, strong_setup, rows, j);
    if (wants(tables, "timeline")) timelines(b, strong_setup, gpus, j);
    if (wants(tables, "gpu-halo") && gpus.size() > 1)
        gpu_halo_table(b, o, gpus, rows, j);
    else if (wants(tables, "gpu-halo") && !o.quiet)
        std::fprintf(stderr, "gpu-halo: needs two or more GPUs; not measured\n");
    // The strong rows measured only as the halo tables' single domain are not shown.
    if (!wants(tables, "strong"))
        std::erase_if(rows, [](const Sample& r) { return r.table == "strong"; });
    j["rows"] = nlohmann::json::array();
    for (const Sample& r : rows)
        j["rows"].push_back(to_json(r, b.gpu));

    const std::string md = markdown(j, rows, o);
    if (!o.quiet) std::printf("%s", md.c_str());
    if (!o.json.empty()) outputs.stage("--json", j.dump(2) + "\n");
    if (!o.markdown.empty()) outputs.stage("--markdown", md);
    outputs.commit();
    return 0;
}

} // namespace ll::cli
