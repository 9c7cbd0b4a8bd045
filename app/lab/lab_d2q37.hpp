// What the lab's D2Q37 studies share (Calore et al. 2016: study_d2q37_layout.cpp, Fig. 2;
// study_d2q37_phases.cpp, Table 3; study_d2q37_cpu.cpp, Table 4): their lattices and timings,
// the rates of a kernel bench row against the run's own denominators, and the paper's Table 3.
// Every time is the D2Q37 kernel bench's (app/cli/d2q37_bench.hpp, which `latticelab
// thermal-bench` shares): the one engine's own passes, alone or as full steps.
#pragma once
#include "app/cli/d2q37_bench.hpp"
#include "lab_studies.hpp"

#include <string>
#include <vector>

namespace ll::lab {

// ---- the paper's Table 3: 1024 x 8192 sites, FP64, one or two GPUs per host ----
struct PaperTable3Column {
    const char* gpu;
    double t_prop_ms, t_bc_ms, t_coll_ms, prop_gb_s, coll_gf_s, global_gf_s, mlups;
};
inline constexpr PaperTable3Column kPaperTable3[] = {
    {"GF100", 60.6, 6.5, 276.0, 81, 197, 158, 24},
    {"2xGF100", 30.9, 3.6, 158.0, 155, 344, 281, 43},
    {"GK110B", 25.8, 2.8, 78.0, 187, 696, 506, 78},
    {"2xGK110B", 12.2, 1.4, 39.0, 376, 1388, 1010, 156},
    {"GK210", 32.3, 1.4, 71.1, 155, 764, 519, 80},
    {"2xGK210", 19.0, 0.8, 38.1, 261, 1544, 988, 153},
};
inline constexpr const PaperTable3Column& kPaperK40 = kPaperTable3[2]; // one GK110B
inline constexpr int kPaperLx = 1024, kPaperLy = 8192;

// ---- lattices and timings ----
struct D2Q37Lattice {
    int lx, ly;
    std::string label() const { return std::to_string(lx) + " x " + std::to_string(ly); }
    double sites() const { return double(lx) * double(ly); }
};
// Table 3's lattice on the GPU; on the CPU one of 1 M sites (0.6 GB of populations, past
// every cache); --quick: small ones.
D2Q37Lattice d2q37_gpu_lattice(const LabContext& ctx);
D2Q37Lattice d2q37_cpu_lattice(const LabContext& ctx);
// The rt2d start state on `l` in `layout`.
thermal::Rt2dSetup d2q37_rt(D2Q37Lattice l, Layout layout);
// Launches, steps and repeats per row: GPU kernels take milliseconds, the CPU's seconds.
cli::D2Q37Timing d2q37_timing(const LabContext& ctx, bool gpu);
// The block sizes a table's kernel or step is taken at, the fastest of them.
std::vector<int> d2q37_table_blocks(const LabContext& ctx);
const char* layout_label(Layout l); // "SoA", "AoS"

// ---- rates ----
// What a run's rates are set against: the copy bandwidth of the engine's device (the CPU's
// over the lattice's working set) and, on a GPU, its measured FP64 peak (0 on the CPU: no
// probe there).
struct Denominators {
    double copy = 0, fp64 = 0;
};
Denominators denominators(Engine& bench, bool gpu);
thermal::KernelRates rates(const cli::BenchRow& r, const Denominators& d);
// The row as the study's JSON keeps it: block, seconds and rates, or why it was refused.
nlohmann::json row_record(const cli::BenchRow& r, const Denominators& d);

// The fastest launchable row; nullptr when none could start.
const cli::BenchRow* fastest(const std::vector<cli::BenchRow>& rows);
// Kernel k alone at each of `blocks`, the fastest row (or the first, refused, when none ran).
cli::BenchRow fastest_kernel(Engine& bench, thermal::D2Q37Kernel k, const std::vector<int>& blocks,
                             D2Q37Lattice l, const cli::D2Q37Timing& t);

// "%.*f" of v; "-" for NaN.
std::string fixed(double v, int decimals);

// Why GF/s here and in the paper differ by a factor: LatticeLab counts collide()'s FLOPs from
// the source; the paper's Table 3 implies its own count (computed from its K40 column).
std::string d2q37_flops_note();

} // namespace ll::lab
