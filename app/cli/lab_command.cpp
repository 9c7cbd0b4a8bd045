// `latticelab lab STUDY...`: the papers' measurements (app/lab/), each written as CSV, JSON,
// Markdown and PNG plots into --out. `all` runs every study the device can; `list` lists them.
#include "app/lab/lab_studies.hpp"
#include "bench_util.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "solver/lab/memory_probe.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace ll::cli {

CLI::App* add_lab(CLI::App& app, LabOptions& o) {
    CLI::App* c = app.add_subcommand(
        "lab", "the papers' measurements, reproduced on this machine: each study writes "
               "<study>.csv, .json, .md and PNG plots into --out");
    c->add_option("studies", o.studies,
                  "one or more of " + lab::study_names() +
                      ", or all (every study this device can run), or list")
        ->required();
    c->add_option("--out", o.out, "the folder for the studies' files")->capture_default_str();
    c->add_option("--backend", o.backend,
                  "where the lattice studies run (auto: CUDA when a GPU is usable); the "
                  "memory studies need a GPU")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}))
        ->capture_default_str();
    c->add_option("--blocks", o.blocks,
                  "misaligned: the threads per block to sweep, a comma list of multiples of 32 up "
                  "to what the probe's registers allow on this GPU (default 32, 64, ... that "
                  "largest)");
    c->add_option("--warps", o.warps,
                  "memory, Fig. 8: the one-warp blocks per SM to sweep, a comma list from 1 to "
                  "the GPU's most (default every count)");
    c->add_flag("--quick", o.quick,
                "small sweeps: a check that every study runs, not a measurement");
    c->add_flag("--quiet,-q", o.quiet, "no progress on stderr");
    std::string help = "\nStudies:\n";
    for (const lab::Study& s : lab::studies())
        help += "  " + s.name + ": " + s.what + " (" + s.paper + ")" +
                (s.needs_gpu.empty() ? "" : "; needs a GPU: " + s.needs_gpu) + "\n";
    c->footer(help);
    return c;
}

namespace {

// One study per paragraph: the name and the paper, then what it shows and why it needs a GPU,
// indented past the longest name.
int list_studies() {
    std::size_t width = 0;
    for (const lab::Study& s : lab::studies())
        width = std::max(width, s.name.size());
    const std::string indent(width + 1, ' ');
    for (const lab::Study& s : lab::studies())
        std::printf("%-*s %s\n%s%s%s\n", int(width), s.name.c_str(), s.paper.c_str(),
                    indent.c_str(), s.what.c_str(),
                    s.needs_gpu.empty() ? ""
                                        : ("\n" + indent + "needs a GPU: " + s.needs_gpu).c_str());
    return 0;
}

// The studies asked for, each once, in the registry's order for `all`; ConfigError for a name
// that does not exist, and for a GPU study asked for by name where it cannot run (`why_not`).
std::vector<const lab::Study*> chosen(const LabOptions& o, bool gpu, const std::string& why_not) {
    std::vector<const lab::Study*> out;
    const auto add = [&](const lab::Study* s) {
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    };
    for (const std::string& name : o.studies) {
        if (name == "all" || name == "list") {
            for (const lab::Study& s : lab::studies())
                if (name == "all" && (gpu || s.needs_gpu.empty())) add(&s);
            continue;
        }
        const lab::Study* s = lab::find_study(name);
        if (!s)
            throw ConfigError("lab: study '" + printable(name) + "' does not exist; use " +
                              lab::study_names() + ", all or list");
        if (!gpu && !s->needs_gpu.empty())
            throw ConfigError("lab " + name + ": needs a CUDA GPU (" + s->needs_gpu + "), and " +
                              why_not + "; `lab all` runs the studies this machine can");
        add(s);
    }
    return out;
}

// --out: the folder the studies write into, made now, so that a bad one is refused before any
// study runs (they can take minutes).
void prepare_out(const std::string& out) {
    std::error_code ec;
    if (std::filesystem::exists(out, ec) && !std::filesystem::is_directory(out, ec))
        throw ConfigError("--out " + out + ": exists and is not a folder");
    std::filesystem::create_directories(out, ec);
    if (ec) throw ConfigError("--out " + out + ": cannot be made (" + ec.message() + ")");
}

// A sweep option's values, checked against this GPU's limits (ConfigError naming the option
// and the allowed range); refused where the study it is for will not run.
std::vector<int> sweep(const LabOptions& o, const std::string& flag, const std::string& text,
                       const std::string& study, bool gpu) {
    if (text.empty()) return {};
    const bool asked = std::find(o.studies.begin(), o.studies.end(), study) != o.studies.end() ||
                       std::find(o.studies.begin(), o.studies.end(), "all") != o.studies.end();
    if (!asked) throw ConfigError(flag + ": only the " + study + " study takes it");
    if (!gpu)
        throw ConfigError(flag + ": the " + study +
                          " study needs a CUDA GPU, and none is usable here");
    const bool blocks = flag == "--blocks";
    // The FP64 probe of 8 words holds the most registers of the misaligned study's copies.
    const int most =
        blocks ? lab::max_probe_block(8, 8, false) : lab::probe_max_blocks_per_sm(4, 19, 32, true);
    const std::string range = blocks ? "multiples of 32 from 32 to " + std::to_string(most)
                                     : "1 to " + std::to_string(most);
    auto values = parse_list<int>(flag, text, parse_int, range);
    for (int v : values)
        if (v < 1 || v > most || (blocks && v % 32 != 0))
            throw ConfigError(flag + " " + std::to_string(v) + ": must be " + range +
                              " on this GPU");
    return values;
}

} // namespace

int lab_command(const LabOptions& o) {
    const BackendKind backend = backend_from(o.backend);
    const bool gpu = backend != BackendKind::Cpu && cuda_compiled_in() && cuda_device_count() > 0;
    const std::string why_not =
        backend == BackendKind::Cpu ? "--backend cpu asks for the CPU" : "none is usable here";
    const auto todo = chosen(o, gpu, why_not); // every name checked, `list` among them or not
    if (std::find(o.studies.begin(), o.studies.end(), "list") != o.studies.end())
        return list_studies();
    if (backend == BackendKind::Cuda && !gpu)
        throw ConfigError("--backend cuda: no usable GPU (" +
                          std::string(cuda_compiled_in() ? "none found" : "a build without CUDA") +
                          ")");
    lab::LabContext ctx;
    ctx.blocks = sweep(o, "--blocks", o.blocks, "misaligned", gpu);
    ctx.warps = sweep(o, "--warps", o.warps, "memory", gpu);
    prepare_out(o.out);
    ctx.backend = gpu ? BackendKind::Cuda : BackendKind::Cpu;
    ctx.gpu = gpu;
    ctx.quick = o.quick;
    ctx.commit = lab::lab_commit();
    if (!o.quiet)
        ctx.progress = [](const std::string& what) { std::fprintf(stderr, "%s\n", what.c_str()); };
    const bool all = std::find(o.studies.begin(), o.studies.end(), "all") != o.studies.end();
    if (all && !gpu && !o.quiet)
        for (const lab::Study& s : lab::studies())
            if (!s.needs_gpu.empty())
                std::fprintf(stderr, "skipped %s: needs a CUDA GPU (%s)\n", s.name.c_str(),
                             s.needs_gpu.c_str());
    std::vector<lab::StudyReport> reports;
    for (const lab::Study* s : todo) {
        if (!o.quiet)
            std::fprintf(stderr, "[%zu/%zu] %s (%s)\n", reports.size() + 1, todo.size(),
                         s->name.c_str(), s->paper.c_str());
        reports.push_back(s->run(ctx));
        for (const auto& path : lab::write_report(reports.back(), o.out))
            std::printf("%s\n", path.string().c_str());
    }
    std::printf("%s\n", lab::write_index(reports, o.out).string().c_str());
    return 0;
}

} // namespace ll::cli
