// Seed 004's kernels one at a time, for `latticelab thermal-bench` (seed 004, Fig. 5 and 6:
// each kernel against the threads per block). The CUDA engine's step is a list of these
// launches (step_kernels), and the bench times the same launches alone: what is measured is
// what runs.
//
// [SECTION] kernels        the launches of a step
// [SECTION] work model     bytes and FLOPs per launch: the numerators of GB/s and GFLOP/s
// [SECTION] bench          the CUDA engine with a launch-by-launch timer
#pragma once
#include "engine.hpp"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ll::thermal {

// ---- [SECTION] kernels ----
enum class D2Q37Kernel : int {
    Pbc,           // pull: halo columns, two cudaMemcpy2DAsync (no kernel)
    PropagatePull, // b(x) <- a(x - c_i), every site
    BcPull,        // the wall rule on the 3 rows next to each wall (one launch for both)
    Collide,       // in place, every site
    PropagatePush, // b(x + c_i) <- a(x)
    Fold,          // push: halo columns back into the lattice
    BcPush,        // push: the wall rule from what was pushed into the halo rows
    PullFused,     // pull + bc + collide: bulk rows, then both wall bands in one launch
    PushFused,     // collide + push
};
inline constexpr D2Q37Kernel kAllKernels[] = {
    D2Q37Kernel::Pbc,     D2Q37Kernel::PropagatePull, D2Q37Kernel::BcPull,
    D2Q37Kernel::Collide, D2Q37Kernel::PropagatePush, D2Q37Kernel::Fold,
    D2Q37Kernel::BcPush,  D2Q37Kernel::PullFused,     D2Q37Kernel::PushFused};

// "propagate-pull" etc. (the bench's --kernels names).
std::string_view kernel_name(D2Q37Kernel k);
std::optional<D2Q37Kernel> parse_kernel(std::string_view name);
// The launches of one time step of `scheme`, in order (lattice.hpp, [SECTION] schemes).
std::span<const D2Q37Kernel> step_kernels(D2Q37Scheme scheme);
std::optional<D2Q37Scheme> parse_scheme_name(std::string_view name); // scheme_name()'s inverse

// ---- [SECTION] work model ----
// FP64 operations of collide() (model.hpp) per site, counted from the source: an FMA-able
// multiply-add counts 2, a division 1, and every term that does not depend on the direction
// once (the compiler hoists it out of the 37 unrolled directions). An executed count from the
// profiler (scripts/d2q37-profile) may differ; the bench takes it with --flops-per-site.
struct CollideFlops {
    static constexpr int moments_per_direction = 7; // rho += f; j += xi f (2 FMAs); e += xi^2 f
    static constexpr int moments_final = 9;         // 1/rho, u = j/rho, T = (e/rho - u^2)/D
    static constexpr int shifts = 10;               // 1/tau, u - tau g, T + tau(1-tau)g^2/D
    static constexpr int equilibrium_shared = 6;    // u^2, theta^2, 3 u^2, 3 u^4
    // xi.u (3), (xi.u)^2 (1), h2 (3), h3 (4), h4 (12), w rho (1), the Hermite sum (8)
    static constexpr int equilibrium_per_direction = 32;
    static constexpr int relax_per_direction = 3; // f += omega (f_eq - f)
    static constexpr int per_site =
        D2Q37::Q * (moments_per_direction + equilibrium_per_direction + relax_per_direction) +
        moments_final + shifts + equilibrium_shared;
};

// What one launch of a kernel moves and computes on an lx x ly lattice. Bytes: each
// population a launch must read or write, once, 8 bytes (what DRAM would move with perfect
// caching): 37 x 8 read + 37 x 8 write per site for propagate, collide and the fused kernels;
// only the slots they touch for bc, fold and pbc.
struct KernelWork {
    double sites = 0; // lattice sites updated (MLUPS); 0 for the halo and wall steps
    double bytes = 0;
    double flops = 0; // FP64, collide_flops_per_site per collided site
};
KernelWork kernel_work(D2Q37Kernel k, int lx, int ly, double collide_flops_per_site);

// `w` done in `seconds`: MLUPS, bytes/s, FLOP/s, and the fractions of the device's copy
// bandwidth and FP64 peak (0 where that denominator is 0).
struct KernelRates {
    double mlups = 0, bytes_per_s = 0, fraction_of_copy = 0, flop_per_s = 0, fraction_of_fp64 = 0;
};
KernelRates rates_of(const KernelWork& w, double seconds, double copy_bandwidth, double fp64_peak);

// ---- [SECTION] bench ----
// Launch resources of one CUDA function at a block size (cudaFuncGetAttributes and the
// occupancy calculator).
struct KernelResources {
    std::string function;          // as the profiler names it, e.g. pull_collide_kernel<true>
    int registers = 0;             // per thread
    int local_bytes = 0;           // local memory per thread: stack frame and register spills
    int max_threads_per_block = 0; // what the registers allow
    int blocks_per_sm = 0;         // resident blocks at this block size
    double occupancy = 0;          // resident warps / the SM's maximum
    bool launchable() const { return blocks_per_sm > 0; }
};

class D2Q37KernelBench : public D2Q37Engine {
public:
    // The launch shape of every kernel from now on; std::invalid_argument unless a multiple of
    // 32 in [32, 1024]. Whether each kernel can start with it: resources().
    virtual void set_block_size(int block_size) = 0;
    // Seconds per launch of `kernel` alone, as step() launches it: CUDA events around
    // `launches` back-to-back launches, after one warm-up launch. The state arrays are reused
    // as they are (no swap), so the flow does not advance.
    virtual double time_kernel(D2Q37Kernel kernel, int launches) = 0;
    virtual std::vector<KernelResources> resources(D2Q37Kernel kernel, int block_size) const = 0;
};

// nullptr with `why` set when CUDA is not compiled in or no GPU is usable.
std::unique_ptr<D2Q37KernelBench> make_d2q37_kernel_bench(const D2Q37Config& cfg, std::string& why);

} // namespace ll::thermal
