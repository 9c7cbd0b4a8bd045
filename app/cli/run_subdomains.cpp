#include "run_subdomains.hpp"

#include "bench_util.hpp"
#include "scale_bench.hpp"
#include "solver/domain/halo_plan.hpp"
#include "solver/io/vtk_writer.hpp"
#include "solver/models/registry.hpp"

#include <filesystem>
#include <sstream>

namespace ll::cli {

namespace {

// --vtk NAME.pvti: ParaView's parallel ImageData, one NAME_<k>.vti piece per subdomain beside it.
bool parallel_vtk(const RunOptions& o) {
    return o.vtk.size() > 5 && o.vtk.substr(o.vtk.size() - 5) == ".pvti";
}
std::vector<std::filesystem::path> piece_paths(const RunOptions& o, const SimulationSetup& s) {
    const std::filesystem::path p(o.vtk);
    std::vector<std::filesystem::path> out;
    for (int k = 0; k < s.tiles.count(); ++k)
        out.push_back(p.parent_path() / (p.stem().string() + "_" + std::to_string(k) + ".vti"));
    return out;
}
std::string piece_option(int k) {
    return "--vtk piece " + std::to_string(k);
}

} // namespace

void plan_vtk_pieces(const RunOptions& o, const SimulationSetup& s, OutputSet& outputs) {
    if (!parallel_vtk(o)) return;
    const auto paths = piece_paths(o, s);
    for (std::size_t k = 0; k < paths.size(); ++k)
        outputs.add(piece_option(int(k)), paths[k]);
}

std::vector<std::pair<std::string, std::string>> vtk_documents(const RunOptions& o,
                                                               const SimulationSetup& s,
                                                               const MacroField& m,
                                                               std::uint64_t steps) {
    if (!parallel_vtk(o)) return {{"--vtk", vti_document(s, m, steps)}};
    std::vector<std::pair<std::string, std::string>> out;
    const auto extents = piece_extents(s);
    const auto paths = piece_paths(o, s);
    std::vector<std::string> sources;
    for (std::size_t k = 0; k < extents.size(); ++k) {
        out.push_back({piece_option(int(k)), vti_document(s, m, steps, extents[k])});
        sources.push_back(paths[k].filename().string());
    }
    out.push_back({"--vtk", pvti_document(s, !m.T.empty(), sources)});
    return out;
}

// --tiles as given, or the tiling of --subdomains N (under mpirun: N = the ranks) with the
// fewest halo values.
void choose_subdomains(const RunOptions& o, SimulationSetup& s, const RankContext& ranks) {
    if (!o.tiles.empty() && o.subdomains)
        throw ConfigError("--tiles and --subdomains: give one (--subdomains " +
                          std::to_string(*o.subdomains) + " picks the tiling itself)");
    if (!o.tiles.empty()) s.tiles = parse_tiles(o.tiles);
    std::optional<int> count = o.subdomains;
    if (!o.devices.empty()) {
        if (ranks.several())
            throw ConfigError("--devices " + o.devices +
                              ": under mpirun each rank takes the GPU of its local rank; leave "
                              "--devices out");
        s.devices = parse_list<int>("--devices", o.devices, parse_int, "GPU numbers (0, 1, ...)");
        if (o.tiles.empty() && !count && s.devices.size() > 1) count = int(s.devices.size());
    }
    if (ranks.several()) {
        s.ranks = ranks.ranks;
        if (o.tiles.empty() && !count) count = ranks.ranks->size();
    }
    if (!count) return;
    const EngineConfig cfg = engine_config(s);
    const ModelTraits& model = model_traits(cfg);
    if (!model.subdomains)
        throw ConfigError("--subdomains: the " + std::string(model.name) +
                          " model runs as one domain (no halo exchange yet)");
    s.tiles = ll::choose_tiles(*count, s.dims, halo_shape(engine_config(s)));
}

// Under mpirun every rank must take the same batches and stop at the same step (each step
// exchanges halos, and reading fields is collective): rank 0's batch size, and a stop asked of
// any rank, count for all; one small sum per batch of about 0.2 s.
std::int64_t agreed_batch(const Simulation& sim, std::int64_t batch) {
    const auto& ranks = sim.setup().ranks;
    if (!ranks || ranks->size() < 2) return batch;
    std::uint64_t v = ranks->rank() == 0 ? std::uint64_t(batch) : 0;
    ranks->sum(&v, 1);
    return std::int64_t(v);
}
int agreed_stop(const Simulation& sim, int signal) {
    const auto& ranks = sim.setup().ranks;
    if (!ranks || ranks->size() < 2) return signal;
    std::uint64_t v[2] = {signal ? 1u : 0u, std::uint64_t(signal)};
    ranks->sum(v, 2);
    return v[0] ? int(v[1] / v[0]) : 0; // the signal, when every stopped rank got the same
}

// The subdomains of a split run: the tiling, the halo traffic per step and, over MPI ranks,
// each rank's own MLUPS (its tile's nodes over its own time), gathered from every rank.
nlohmann::json subdomain_record(Simulation& sim, const Measurement& total) {
    const SimulationSetup& s = sim.setup();
    const HaloTraffic h = sim.halo_traffic();
    nlohmann::json d = {{"tiles", to_string(s.tiles)},
                        {"count", s.tiles.count()},
                        {"halo_bytes_per_step", h.bytes_per_exchange()},
                        {"halo_bytes", h.bytes},
                        {"exchanges", h.exchanges},
                        {"transport", h.transport},
                        {"exchange_seconds", h.seconds}};
    if (!s.devices.empty()) d["devices"] = s.devices;
    if (!s.ranks || s.ranks->size() < 2) return d;
    const Box b = tile_box(s.tiles, s.dims, s.ranks->rank());
    const double nodes = double(b.extent(0)) * b.extent(1) * b.extent(2);
    const auto all = s.ranks->all_gather(
        std::to_string(nodes) + " " + std::to_string(total.seconds) + " " +
            std::to_string(h.bytes_per_exchange()) + " " + std::to_string(h.seconds),
        "the per-rank record of --json");
    d["ranks"] = s.ranks->size();
    d["per_rank"] = nlohmann::json::array();
    double sent = 0;
    for (std::size_t k = 0; k < all.size(); ++k) {
        std::istringstream in(all[k]);
        double n = 0, seconds = 0, bytes = 0, exchange = 0;
        in >> n >> seconds >> bytes >> exchange;
        sent += bytes;
        d["per_rank"].push_back(
            {{"rank", k},
             {"nodes", n},
             {"seconds", seconds},
             {"halo_bytes_sent_per_step", bytes},
             {"exchange_seconds", exchange},
             {"mlups", seconds > 0 ? n * double(total.steps) / seconds / 1e6 : 0.0}});
    }
    d["halo_bytes_per_step"] = sent; // every rank's sends
    return d;
}

std::string timeline_error(const RunOptions& o, const SimulationSetup& s) {
    if (!o.timeline || s.tiles.count() > 1) return "";
    return "--timeline: this run is one domain, with no halo exchange to trace; split it with "
           "--tiles, --subdomains, --devices with two GPUs or more, or mpirun";
}

nlohmann::json traced_step_record(Simulation& sim) {
    const SimulationSetup& s = sim.setup();
    const bool ranks = s.ranks && s.ranks->size() > 1;
    // Every rank starts the traced step at about the same moment, so that a rank's exchange
    // shows its wait for its neighbours' halos, not for the last rank to finish its outputs.
    std::uint64_t barrier = 0;
    if (ranks) s.ranks->sum(&barrier, 1);
    const std::string mine = spans_json(sim.trace_step()).dump();
    const std::vector<std::string> all =
        ranks ? s.ranks->all_gather(mine, "the traced step's timeline") : std::vector{mine};
    // Each rank's summary from its own spans (its own clock); the run's is the worst rank's.
    nlohmann::json t = {{"step", sim.time_step()},
                        {"clocks", ranks ? "each rank from its own first mark"
                                         : "from the first mark of each GPU (or the host's)"},
                        {"spans", nlohmann::json::array()},
                        {"per_rank", nlohmann::json::array()}};
    for (std::size_t k = 0; k < all.size(); ++k) {
        std::vector<TimelineSpan> spans;
        for (const auto& sp : nlohmann::json::parse(all[k]))
            spans.push_back(
                {(ranks ? "rank " + std::to_string(k) + ": " : "") + sp["lane"].get<std::string>(),
                 sp["what"].get<std::string>(), sp["begin_us"].get<double>(),
                 sp["end_us"].get<double>()});
        nlohmann::json rank = {{"rank", k}};
        summarise_timeline(spans, rank);
        t["per_rank"].push_back(rank);
        for (const auto& sp : spans_json(spans))
            t["spans"].push_back(sp);
    }
    for (const char* key : {"step_us", "updates_end_us", "exchange_us", "exposed_exchange_us"}) {
        double worst = 0;
        for (const auto& rank : t["per_rank"])
            worst = std::max(worst, rank[key].get<double>());
        t[key] = worst;
    }
    return t;
}

} // namespace ll::cli
