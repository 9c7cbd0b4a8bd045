// The D2Q37 kernels of `latticelab thermal-bench` (Calore et al. 2016, Fig. 5 and 6: each
// kernel against the threads per block): their names, the passes of each scheme's step plan
// (node_model.hpp), and what each moves and computes. The bench times the one engine's own
// passes (Engine::time_pass): what is measured is what runs.
//
// [SECTION] kernels        the passes of a step
// [SECTION] work model     bytes and FLOPs per launch: the numerators of GB/s and GFLOP/s
#pragma once
#include "solver/models/d2q37/lattice.hpp"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ll::thermal {

// ---- [SECTION] kernels ----
enum class D2Q37Kernel : int {
    Pbc,           // pull: halo columns copied into the halos on the other side
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
// The passes of one time step of `scheme`, in order (node_model.hpp, plan).
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

} // namespace ll::thermal
