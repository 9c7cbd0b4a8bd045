// `latticelab bench`: MLUPS and bandwidth over a matrix of stencils, precisions, storage
// formats, collisions, schemes, layouts and block sizes on a periodic box with a few solid
// spheres. One Simulation per lattice is switched with set_model() / set_launch(), which is what
// that interface is for; each measurement is a warm-up batch and the median of --repeats batches.
//
// [SECTION] options and lists   --schemes etc. parsed into runtime enums
// [SECTION] lattice             the obstacle box and the memory check before allocating it
// [SECTION] measuring           the matrix loop
// [SECTION] output              JSON records and the Markdown table
#include "bench_util.hpp"
#include "commands.hpp"
#include "solver/core/flags.hpp"
#include "solver/engine/register_caps.hpp"
#include "solver/io/perf_record.hpp"
#include "solver/scenario/keys.hpp"
#include "solver/scenario/preflight.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <omp.h>
#include <optional>
#include <sstream>

namespace ll::cli {
namespace {

// ------------------------------------------------------------------ options and lists
struct Matrix {
    std::vector<StencilKind> stencils;
    std::vector<Precision> precisions;
    std::vector<Storage> storages; // empty: each precision's own
    std::vector<CollisionKind> collisions;
    std::vector<Scheme> schemes;
    std::vector<Layout> layouts;
    std::vector<int> block_sizes;
    std::vector<int> register_caps; // 0: the compiler's choice
};

Matrix parse_matrix(const BenchOptions& o) {
    Matrix m;
    m.stencils = parse_list<StencilKind>("--stencils", o.stencils, parse_stencil, stencil_names());
    m.precisions =
        parse_list<Precision>("--precisions", o.precisions, parse_precision, precision_names());
    if (!o.storages.empty())
        m.storages = parse_list<Storage>("--storages", o.storages, parse_storage, storage_names());
    m.collisions =
        parse_list<CollisionKind>("--collisions", o.collisions, parse_collision, collision_names());
    m.schemes = parse_list<Scheme>("--schemes", o.schemes, parse_scheme, scheme_names());
    m.layouts = parse_list<Layout>("--layouts", o.layouts, parse_layout, layout_names());
    m.block_sizes = parse_list<int>("--block-sizes", o.block_sizes, parse_int,
                                    "multiples of 32 between 32 and 1024");
    const std::string caps = "register caps from 0 (the compiler's choice) to " +
                             std::to_string(kMaxRegisterCap) + "; built: " + register_cap_list();
    m.register_caps = parse_list<int>(
        "--register-caps", o.register_caps,
        [](std::string_view v) -> std::optional<int> {
            const std::optional<int> n = parse_int(v);
            return n && *n >= 0 && *n <= kMaxRegisterCap ? n : std::nullopt;
        },
        caps);
    return m;
}

// ------------------------------------------------------------------ lattice
Dims box_dims(StencilKind s, std::uint32_t n) {
    return dimensions(s) == 2 ? Dims{n, n, 1} : Dims{n, n, n};
}

// One --size entry: a side N (a cube, a square for d2q9) or the sides NXxNY (2-D stencils) or
// NXxNYxNZ (3-D), as Bailey et al. 2009 measured cubes beside non-cubic boxes.
struct BenchLattice {
    std::string text;
    std::vector<std::uint32_t> sides; // one (a cube) or the two or three given
    bool operator==(const BenchLattice& o) const { return sides == o.sides; }
    // Its dims for stencil s; none when the sides given are another dimension's.
    std::optional<Dims> for_stencil(StencilKind s) const {
        const int d = dimensions(s);
        if (sides.size() == 1) return box_dims(s, sides[0]);
        if (int(sides.size()) != d) return std::nullopt;
        return Dims{sides[0], sides[1], d == 3 ? sides[2] : 1u};
    }
};

constexpr std::uint32_t kMinSide = 4, kMaxSide = 1u << 20;

// The sides are read as the presets' `size` reads them (read_sides).
std::vector<BenchLattice> parse_lattices(const std::string& text) {
    const auto lattice = [](std::string_view entry) -> std::optional<BenchLattice> {
        const std::optional<std::vector<long>> sides = read_sides(entry);
        if (!sides) return std::nullopt;
        BenchLattice l{std::string(entry), {}};
        for (const long n : *sides) {
            if (n < long(kMinSide) || n > long(kMaxSide)) return std::nullopt;
            l.sides.push_back(std::uint32_t(n));
        }
        return l;
    };
    return parse_list<BenchLattice>("--size", text, lattice,
                                    "N (a cube, a square for d2q9) or NXxNY (2-D) or NXxNYxNZ "
                                    "(3-D), each side from 4 to 1048576");
}

// The storage formats measured with precision p: --storages where p can store that way, else
// the precision's own format.
std::vector<ModelChoice> with_storages(const Matrix& m, ModelChoice model, bool report) {
    if (m.storages.empty()) return {model};
    std::vector<ModelChoice> out;
    for (Storage s : m.storages) {
        try {
            set_storage(model, s);
            out.push_back(model);
        } catch (const ConfigError& e) {
            if (report) std::fprintf(stderr, "skipped: %s\n", e.what());
        }
    }
    return out;
}

// Refuses lattices that cannot be held, before anything is allocated. A lattice given by its
// sides is checked as its longest side L scaled (nodes(s) = nodes x (s / L)^d), so that the
// message can name the largest that fits.
void check_sizes(const Matrix& m, const std::vector<BenchLattice>& lattices, bool cpu) {
    for (const BenchLattice& l : lattices)
        for (StencilKind st : m.stencils) {
            const std::optional<Dims> dims = l.for_stencil(st);
            if (!dims) continue;
            const int d = dimensions(st);
            const long longest = long(std::max({dims->nx, dims->ny, dims->nz}));
            const double nodes = double(dims->nodes());
            const auto scaled = [&](long s) {
                return std::uint64_t(std::ceil(nodes * std::pow(double(s) / double(longest), d)));
            };
            for (Precision p : m.precisions)
                for (Scheme sc : m.schemes)
                    for (const ModelChoice& model : with_storages(
                             m, {st, CollisionKind::BGK, sc, Layout::SoA, p, {}}, false)) {
                        try {
                            check_lattice_fits(longest, scaled, model, cpu, kMinSide);
                        } catch (const ConfigError& e) {
                            if (l.sides.size() == 1) throw;
                            throw ConfigError("--size " + l.text +
                                              " (size = its longest side): " + e.what());
                        }
                    }
        }
}

// ------------------------------------------------------------------ measuring
struct Row {
    ModelChoice model;
    int block = 0;       // GPU threads per block; 0 on the CPU
    int threads = 0;     // OpenMP threads on the CPU; 0 on a GPU
    std::string lattice; // "256 x 256 x 256"
    nlohmann::json record;
};

// On the CPU the copy probe runs again before every repeat, and each repeat is set against the
// copy measured beside it: a shared machine's memory bandwidth moves within minutes (from 19 to
// 76 GB/s on this project's 2-core VM, docs/PERFORMANCE.md sessions 15 and 19), far more than
// the step's. Two untimed steps follow each probe, which has just swept a lattice's worth of
// memory through the caches (two, so that the in-place schemes keep their parity).
Row measure(Simulation& sim, const BenchOptions& o, std::int64_t steps) {
    sim.step(int(steps)); // warm-up: caches, clocks, first-touch pages
    const bool probe_each = !sim.on_gpu();
    std::vector<double> seconds, copies, fractions;
    for (int r = 0; r < o.repeats; ++r) {
        if (probe_each) {
            const double copy = sim.copy_bandwidth_now();
            sim.step(2);
            copies.push_back(copy / 1e9);
        }
        sim.step(int(steps));
        seconds.push_back(sim.performance().seconds);
        if (probe_each)
            fractions.push_back(performance_of(sim.setup(), {std::uint64_t(steps), seconds.back()},
                                               copies.back() * 1e9)
                                    .fraction_of_copy);
    }
    const Dims& d = sim.setup().dims;
    Row row{sim.setup().model,
            sim.on_gpu() ? sim.setup().launch.block_size : 0,
            sim.on_gpu() ? 0 : omp_get_max_threads(),
            std::to_string(d.nx) + " x " + std::to_string(d.ny) + " x " + std::to_string(d.nz),
            {}};
    row.record = perf_record(sim, {std::uint64_t(steps), median(seconds)});
    row.record["repeats"] = o.repeats;
    if (row.threads) row.record["openmp_threads"] = row.threads;
    row.record["seconds_per_repeat"] = seconds;
    if (probe_each) {
        row.record["copy_bandwidth_gb_per_s"] = median(copies);
        row.record["copy_bandwidth_bytes_per_s"] = median(copies) * 1e9;
        row.record["fraction_of_copy_bandwidth"] = median(fractions);
        row.record["copy_gb_per_s_per_repeat"] = copies;
        row.record["fraction_of_copy_per_repeat"] = fractions;
    }
    return row;
}

void report_row(const Row& r, const BenchOptions& o) {
    if (o.quiet) return;
    const auto& j = r.record;
    const int cap = j["launch"]["register_cap"].get<int>();
    const std::string capped = cap ? " register cap " + std::to_string(cap) : "";
    std::fprintf(stderr, "%s: %s %s %s %s %s %s %s %d%s: %.1f MLUPS, %.2f GB/s, %.1f %% of copy\n",
                 r.lattice.c_str(), std::string(to_string(r.model.stencil)).c_str(),
                 std::string(to_string(r.model.precision)).c_str(),
                 std::string(to_string(stored_as(r.model))).c_str(),
                 std::string(to_string(r.model.collision)).c_str(),
                 std::string(to_string(r.model.scheme)).c_str(),
                 std::string(to_string(r.model.layout)).c_str(), r.block ? "block" : "threads",
                 r.block ? r.block : r.threads, capped.c_str(), j["mlups"].get<double>(),
                 j["gb_per_s"].get<double>(), 100 * j["fraction_of_copy_bandwidth"].get<double>());
}

// ------------------------------------------------------------------ output
// "40", or with a register cap or local memory (spills) "32 (cap 32, 24 B local)".
std::string registers_cell(const nlohmann::json& record) {
    const auto& lr = record["launch_report"];
    const int cap = record["launch"]["register_cap"].get<int>();
    const int local = lr["local_bytes_per_thread"].get<int>();
    std::string cell = std::to_string(lr["registers_per_thread"].get<int>());
    if (cap == 0 && local == 0) return cell;
    std::string note = cap ? "cap " + std::to_string(cap) : "";
    if (local) note += (note.empty() ? "" : ", ") + std::to_string(local) + " B local";
    return cell + " (" + note + ")";
}

// Every copy probe of the CPU rows (GB/s), in order; none on a GPU.
std::vector<double> cpu_probes(const std::vector<Row>& rows) {
    std::vector<double> all;
    for (const Row& r : rows)
        if (r.record.contains("copy_gb_per_s_per_repeat"))
            for (double c : r.record["copy_gb_per_s_per_repeat"])
                all.push_back(c);
    return all;
}

std::string markdown(const std::vector<Row>& rows, const nlohmann::json& device, std::int64_t steps,
                     int repeats) {
    std::string lattices;
    for (const Row& r : rows)
        if (lattices.find(r.lattice) == std::string::npos)
            lattices += (lattices.empty() ? "" : ", ") + r.lattice;
    std::ostringstream s;
    char buf[256];
    s << "# LatticeLab benchmark\n\n"
      << "- device: " << device["device"].get<std::string>() << " ("
      << device["backend"].get<std::string>() << "; " << device["backend_note"].get<std::string>()
      << ")\n";
    const std::vector<double> probes = cpu_probes(rows);
    if (probes.empty())
        std::snprintf(buf, sizeof buf, "- measured copy bandwidth: %.2f GB/s (read + write)\n",
                      device["copy_bandwidth_gb_per_s"].get<double>());
    else
        std::snprintf(buf, sizeof buf,
                      "- measured copy bandwidth: %.2f-%.2f GB/s (read + write), probed before "
                      "each repeat\n",
                      *std::min_element(probes.begin(), probes.end()),
                      *std::max_element(probes.begin(), probes.end()));
    s << buf << "- lattice: " << lattices << ", periodic box with four solid spheres\n"
      << "- " << steps << " steps per measurement, median of " << repeats << " after a warm-up\n";
    if (!rows.empty() && rows.front().threads > 0)
        s << "- CPU: the copy probe runs again before each repeat; % of copy is the median of "
             "the repeats' ratios to the copy measured beside them (JSON: "
             "copy_gb_per_s_per_repeat, fraction_of_copy_per_repeat)\n";
    s << "\n"
      << "| lattice | stencil | precision | storage | collision | scheme | layout | block (GPU) / "
         "threads (CPU) | MLUPS "
         "| GB/s | B/node | % of copy bandwidth | registers | occupancy |\n"
      << "|---|---|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const Row& r : rows) {
        const auto& j = r.record;
        const auto& lr = j["launch_report"];
        const bool gpu = r.block > 0;
        const std::string block = std::to_string(gpu ? r.block : r.threads);
        const std::string regs = gpu ? registers_cell(j) : "-";
        char occ[32] = "-";
        if (gpu)
            std::snprintf(occ, sizeof occ, "%.0f %%",
                          100 * lr["theoretical_occupancy"].get<double>());
        std::snprintf(
            buf, sizeof buf,
            "| %s | %s | %s | %s | %s | %s | %s | %s | %.1f | %.2f | %.0f | %.1f | %s | %s |\n",
            r.lattice.c_str(), std::string(to_string(r.model.stencil)).c_str(),
            std::string(to_string(r.model.precision)).c_str(),
            std::string(to_string(stored_as(r.model))).c_str(),
            std::string(to_string(r.model.collision)).c_str(),
            std::string(to_string(r.model.scheme)).c_str(),
            std::string(to_string(r.model.layout)).c_str(), block.c_str(), j["mlups"].get<double>(),
            j["gb_per_s"].get<double>(), j["bytes_per_node_update"].get<double>(),
            100 * j["fraction_of_copy_bandwidth"].get<double>(), regs.c_str(), occ);
        s << buf;
    }
    return s.str();
}

// --threads: the OpenMP thread counts to measure the CPU back end with (Bailey et al. 2009's
// CPU comparison); {0} (as set: OMP_NUM_THREADS or every core) when not given.
std::vector<int> thread_counts(const std::string& text, bool gpu) {
    if (text.empty()) return {0};
    if (gpu)
        throw ConfigError("--threads: sets the CPU back end's OpenMP threads, and this run is on "
                          "the GPU; add --backend cpu");
    const int most = 4 * omp_get_num_procs();
    return parse_list<int>(
        "--threads", text,
        [most](std::string_view v) -> std::optional<int> {
            const std::optional<int> n = parse_int(v);
            return n && *n >= 1 && *n <= most ? n : std::nullopt;
        },
        "thread counts from 1 to " + std::to_string(most) + " (four per core of this machine)");
}

// One row at a launch shape; a register cap the model's kernel lacks is skipped, saying why.
void measure_launch(Simulation& sim, const LaunchConfig& launch, const BenchOptions& o,
                    std::int64_t steps, std::vector<Row>& rows) {
    try {
        sim.set_launch(launch);
    } catch (const ConfigError& e) {
        if (launch.register_cap == 0) throw;
        if (!o.quiet) std::fprintf(stderr, "skipped: %s\n", e.what());
        return;
    }
    rows.push_back(measure(sim, o, steps));
    report_row(rows.back(), o);
}

// Every row of the matrix for one lattice and stencil: one Simulation, switched between rows.
void measure_lattice(const Matrix& m, const BenchOptions& o, BackendKind backend, const Dims& dims,
                     StencilKind st, std::int64_t steps, std::vector<Row>& rows,
                     nlohmann::json& device) {
    std::unique_ptr<Simulation> sim;
    for (Precision p : m.precisions)
        for (CollisionKind c : m.collisions)
            for (Scheme sc : m.schemes)
                for (Layout l : m.layouts)
                    for (const ModelChoice& model :
                         with_storages(m, {st, c, sc, l, p, {}}, !o.quiet)) {
                        const std::string why = compatibility_error(model, dims);
                        if (!why.empty()) {
                            if (!o.quiet) std::fprintf(stderr, "skipped: %s\n", why.c_str());
                            continue;
                        }
                        if (!sim)
                            sim = Simulation::create(obstacle_box(model, dims, m.block_sizes[0]),
                                                     backend);
                        // The new kernel may lack the last row's register cap.
                        sim->set_launch({sim->setup().launch.block_size, 0, 0});
                        sim->set_model(model);
                        // The CPU ignores the launch shape: one measurement per model.
                        const std::size_t shapes = sim->on_gpu() ? m.block_sizes.size() : 1;
                        for (std::size_t b = 0; b < shapes; ++b)
                            for (int cap : m.register_caps)
                                measure_launch(*sim, {m.block_sizes[b], 0, cap}, o, steps, rows);
                        device = device_record(*sim);
                    }
}

// Finds out where `auto` lands with a tiny lattice, so defaults fit the device.
bool lands_on_gpu(BackendKind backend) {
    if (backend == BackendKind::Cpu || !cuda_compiled_in()) return false;
    ModelChoice probe{StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull,
                      Layout::SoA,        Precision::FP32,    {}};
    return Simulation::create(obstacle_box(probe, box_dims(probe.stencil, 8), 256), backend)
        ->on_gpu();
}

// Every scheme, as a --schemes list: the default when the option is not given. Set here rather
// than read from an empty value, so that `--schemes ''` is refused like any empty list.
std::string all_schemes() {
    std::string list = scheme_names();
    std::replace(list.begin(), list.end(), '|', ',');
    return list;
}

} // namespace

CLI::App* add_bench(CLI::App& app, BenchOptions& o) {
    CLI::App* b = app.add_subcommand("bench", "time a matrix of models on a periodic box");
    if (o.schemes.empty()) o.schemes = all_schemes();
    b->add_option("--schemes", o.schemes, "comma list of " + scheme_names())->capture_default_str();
    b->add_option("--layouts", o.layouts, "comma list of " + layout_names())->capture_default_str();
    b->add_option("--precisions", o.precisions, "comma list of " + precision_names())
        ->capture_default_str();
    b->add_option("--storages", o.storages,
                  "comma list of " + storage_names() +
                      ": what populations are stored as (default: each precision's own; "
                      "fp16s|fp16c go with precision fp32)");
    b->add_option("--stencils", o.stencils, "comma list of " + stencil_names())
        ->capture_default_str();
    b->add_option("--collisions", o.collisions, "comma list of " + collision_names())
        ->capture_default_str();
    b->add_option("--block-sizes", o.block_sizes, "GPU threads per block (ignored on the CPU)")
        ->capture_default_str();
    b->add_option("--register-caps", o.register_caps,
                  "GPU: a comma list of register caps per thread (the register_cap key; 0 = the "
                  "compiler's choice), each measured where the kernel is built with it (" +
                      register_cap_list() + " for " + kRegisterCappedKernels +
                      "), skipped elsewhere")
        ->capture_default_str();
    b->add_option("--backend", o.backend, "auto|cpu|cuda")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    b->add_option("--size", o.sizes,
                  "lattices, a comma list: N (N^3, or N^2 for d2q9) or the sides NXxNYxNZ "
                  "(3-D stencils) or NXxNY (d2q9), each from 4 to 1048576, e.g. "
                  "64,128x128x64; one table row per lattice and model; default 256 on a GPU, "
                  "64 on the CPU");
    b->add_option("--threads", o.threads,
                  "CPU back end: a comma list of OpenMP thread counts, each measured (a thread "
                  "sweep, as Bailey et al. 2009 compared their GPU code with OpenMP); default: "
                  "OMP_NUM_THREADS or every core");
    b->add_option("--steps", o.steps, "steps per measurement; default 200 on a GPU, 10 on the CPU")
        ->check(CLI::Range(std::int64_t(1), std::int64_t(1000000)));
    b->add_option("--repeats", o.repeats,
                  "measurements per row (the median is reported; on the CPU the copy probe runs "
                  "before each, and % of copy is the median of the repeats' ratios)")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    b->add_option("--json", o.json, "write the records (.json)")->check(output_file());
    b->add_option("--markdown", o.markdown, "write the table (.md)")->check(output_file());
    b->add_flag("--quiet,-q", o.quiet, "no per-row lines and no table on stdout");
    return b;
}

int bench_command(const BenchOptions& o) {
    const Matrix m = parse_matrix(o);
    OutputSet outputs;
    plan_outputs(outputs, {{"--json", o.json}, {"--markdown", o.markdown}});
    const BackendKind backend = backend_from(o.backend);
    // Every block size is checked (validate's message) before the big lattice is built.
    for (int bs : m.block_sizes) {
        ModelChoice probe{StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull,
                          Layout::SoA,        Precision::FP32,    {}};
        validate(obstacle_box(probe, box_dims(probe.stencil, 4), bs));
    }
    const bool gpu = lands_on_gpu(backend);
    const std::vector<BenchLattice> lattices =
        parse_lattices(o.sizes.empty() ? (gpu ? "256" : "64") : o.sizes);
    const std::int64_t steps = o.steps.value_or(gpu ? 200 : 10);
    check_sizes(m, lattices, !gpu);
    const int threads_before = omp_get_max_threads();
    const std::vector<int> threads = thread_counts(o.threads, gpu);
    for (int cap : m.register_caps)
        if (cap && !gpu)
            throw ConfigError("--register-caps " + o.register_caps +
                              ": register_cap = " + std::to_string(cap) +
                              ": the CPU back end offers no register caps (only 0: the "
                              "compiler's choice)");

    std::vector<Row> rows;
    nlohmann::json device;
    for (const BenchLattice& l : lattices)
        for (StencilKind st : m.stencils) {
            const std::optional<Dims> dims = l.for_stencil(st);
            if (!dims) {
                if (!o.quiet)
                    std::fprintf(stderr, "skipped: --size %s is not a %dD lattice (%s)\n",
                                 l.text.c_str(), dimensions(st),
                                 std::string(to_string(st)).c_str());
                continue;
            }
            for (int t : threads) {
                if (t > 0) omp_set_num_threads(t);
                measure_lattice(m, o, backend, *dims, st, steps, rows, device);
            }
        }
    omp_set_num_threads(threads_before);
    if (rows.empty()) throw ConfigError("bench: no combination of the lists can run");

    const std::string table = markdown(rows, device, steps, o.repeats);
    if (!o.quiet) std::printf("%s", table.c_str());
    if (!o.json.empty()) {
        nlohmann::json j = {{"device", device},
                            {"copy_bandwidth_bytes_per_s", device["copy_bandwidth_bytes_per_s"]},
                            {"steps_per_measurement", steps},
                            {"repeats", o.repeats},
                            {"records", nlohmann::json::array()}};
        for (const Row& r : rows)
            j["records"].push_back(r.record);
        // The CPU's probes moved between rows: their median and range, as the table says.
        if (const std::vector<double> probes = cpu_probes(rows); !probes.empty()) {
            j["copy_bandwidth_bytes_per_s"] = median(probes) * 1e9;
            j["copy_gb_per_s_range"] = {*std::min_element(probes.begin(), probes.end()),
                                        *std::max_element(probes.begin(), probes.end())};
        }
        outputs.stage("--json", j.dump(2) + "\n");
    }
    if (!o.markdown.empty()) outputs.stage("--markdown", table);
    outputs.commit();
    return 0;
}

} // namespace ll::cli
