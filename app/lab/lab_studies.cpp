#include "lab_studies.hpp"

#include "app/cli/bench_util.hpp"
#include "solver/io/perf_record.hpp"

#include <cstdlib>
#include <ctime>

#ifndef LATTICELAB_CONFIGURED_COMMIT
#define LATTICELAB_CONFIGURED_COMMIT "unknown"
#endif

namespace ll::lab {

const std::vector<Study>& studies() {
    static const std::vector<Study> all = {
        {"memory", "Obrecht et al. 2010, Figs. 2-4, 7 and 8",
         "global-memory micro-benchmark: launch delay per warp, read and write times against "
         "words, misalignments and warps per SM, and their linear fits",
         "it times each warp with the SM clock (clock64) inside a CUDA kernel", memory_study},
        {"model", "Obrecht et al. 2010, Table 1",
         "the model P = (K/T) F for every D3Q19 and D2Q9 kernel, T measured by the probe with the "
         "kernel's own words, misalignments and occupancy, against the kernel's MLUPS",
         "the probe it predicts with is a CUDA kernel", model_study},
        {"transfer", "Obrecht et al. 2011, Code 1 and Fig. 4",
         "the data-transfer kernel: time against words per thread, the fit T = aN + b and the "
         "effective maximal throughput beside the cudaMemcpy copy",
         "it measures the GPU's global memory", transfer_study},
        {"misaligned", "Calore et al. 2016, Fig. 4",
         "copies with misaligned reads and aligned writes (pull) against aligned reads and "
         "misaligned writes (push), FP64 and FP32, over threads per block",
         "it measures the GPU's global memory", misaligned_study},
        {"lattices",
         "Obrecht et al. 2011, Tables 4 and 5; Bailey et al. 2009, cubic and non-cubic lattices",
         "D3Q19 MLUPS and share of the copy bandwidth over cubes and boxes running "
         "pressure-driven Poiseuille flow through a box, as Bailey et al. 2009 did, BGK against "
         "MRT, with the occupancy each kernel reached",
         "", lattices_study},
        {"threads", "Bailey et al. 2009, the OpenMP CPU comparison",
         "the CPU back end over OpenMP thread counts, and the GPU's speed-up over the CPU where "
         "there is a GPU",
         "", threads_study},
        {"registers", "Bailey et al. 2009, Fig. 7",
         "D3Q19 MLUPS against occupancy: BGK and MRT pull (A-B) and BGK A-A with the "
         "compiler's registers under every occupancy cap, and with each register cap "
         "(registers, spills, warps per SM)",
         "it runs the GPU kernels' register-capped variants", registers_study},
        {"d2q37-layout", "Calore et al. 2016, Fig. 2",
         "D2Q37 propagate and collide (FP64) over threads per block, AoS against SoA, and SoA's "
         "speed-up",
         "it times the CUDA kernels over threads per block", d2q37_layout_study},
        {"d2q37-phases", "Calore et al. 2016, Table 3",
         "the D2Q37 step phase by phase at 1024 x 8192: ms per step, propagate GB/s, collide "
         "GF/s, the step's GF/s and MLUPS, SoA and AoS, beside the paper's GPUs",
         "it times the CUDA kernels of one step", d2q37_phases_study},
        {"d2q37-cpu", "Calore et al. 2016, Table 4",
         "D2Q37 propagate GB/s, collide GF/s and MLUPS on the CPU back end (every OpenMP thread, "
         "SoA and AoS) beside the GPU where there is one",
         "", d2q37_cpu_study},
    };
    return all;
}

const Study* find_study(const std::string& name) {
    for (const Study& s : studies())
        if (s.name == name) return &s;
    return nullptr;
}

std::string study_names() {
    std::string names;
    for (const Study& s : studies())
        (names += names.empty() ? "" : "|") += s.name;
    return names;
}

std::string lab_commit() {
    if (const char* c = std::getenv("LATTICELAB_COMMIT"); c && *c) return c;
    return LATTICELAB_CONFIGURED_COMMIT;
}

nlohmann::json lab_header(const LabContext& ctx) {
    ModelChoice m;
    m.stencil = StencilKind::D3Q19;
    // On the CPU the copy is probed over the lattice's working set: 96^3 (68 MB) is past the
    // caches, as the studies' lattices are; a GPU's probe is its own 1 GiB copy.
    const std::uint32_t n = ctx.backend == BackendKind::Cpu ? 96 : 32;
    auto sim = Simulation::create(cli::obstacle_box(m, {n, n, n}, 256), ctx.backend);
    nlohmann::json h = device_record(*sim);
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    h["date"] = date;
    h["commit"] = ctx.commit.empty() ? lab_commit() : ctx.commit;
    return h;
}

StudyReport begin_report(const std::string& name, std::string title, const LabContext& ctx,
                         std::vector<std::string> columns) {
    StudyReport r;
    r.study = name;
    r.paper = find_study(name)->paper;
    r.title = std::move(title);
    r.header = lab_header(ctx);
    r.table.columns = std::move(columns);
    return r;
}

} // namespace ll::lab
