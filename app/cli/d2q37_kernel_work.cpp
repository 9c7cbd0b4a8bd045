// Host side of the kernel bench: names, the launches of each scheme's step, the work model.
#include "d2q37_kernel_work.hpp"

#include <array>

namespace ll::thermal {

namespace {

constexpr std::string_view kNames[] = {"pbc",     "propagate-pull", "bc-pull",
                                       "collide", "propagate-push", "fold",
                                       "bc-push", "pull-fused",     "push-fused"};
static_assert(std::size(kNames) == std::size(kAllKernels));

constexpr double kSlot = sizeof(double); // one population

// Populations the wall rule reads and writes at one site of each of the 3 rows next to one
// wall: the directions entering through the wall (the other wall is the mirror image).
constexpr int wall_slots_per_column() {
    int n = 0;
    for (int y = 0; y < Grid::H; ++y)
        for (int i = 0; i < D2Q37::Q; ++i)
            n += D2Q37::c[i][1] > y; // c_y > y: comes from beyond row 0
    return n;
}

// Populations fold copies per row: direction i lands in halo column d for d <= |c_x|.
constexpr int fold_slots_per_row() {
    int n = 0;
    for (int d = 1; d <= Grid::H; ++d)
        for (int i = 0; i < D2Q37::Q; ++i)
            n += (D2Q37::c[i][0] <= -d) + (D2Q37::c[i][0] >= d);
    return n;
}

} // namespace

std::string_view kernel_name(D2Q37Kernel k) {
    return kNames[int(k)];
}

std::optional<D2Q37Kernel> parse_kernel(std::string_view name) {
    for (D2Q37Kernel k : kAllKernels)
        if (kernel_name(k) == name) return k;
    return std::nullopt;
}

std::span<const D2Q37Kernel> step_kernels(D2Q37Scheme scheme) {
    using K = D2Q37Kernel;
    static constexpr K push[] = {K::Collide, K::PropagatePush, K::Fold, K::BcPush};
    static constexpr K pull[] = {K::Pbc, K::PropagatePull, K::BcPull, K::Collide};
    static constexpr K push_fused[] = {K::PushFused, K::Fold, K::BcPush};
    static constexpr K pull_fused[] = {K::Pbc, K::PullFused};
    // In D2Q37Scheme's order: Push, Pull, PushFused, PullFused.
    static constexpr std::span<const K> steps[] = {push, pull, push_fused, pull_fused};
    return steps[int(scheme)];
}

std::optional<D2Q37Scheme> parse_scheme_name(std::string_view name) {
    for (D2Q37Scheme s :
         {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused, D2Q37Scheme::PullFused})
        if (name == scheme_name(s)) return s;
    return std::nullopt;
}

KernelWork kernel_work(D2Q37Kernel k, int lx, int ly, double collide_flops_per_site) {
    const double sites = double(lx) * double(ly);
    const double state = 2 * D2Q37::Q * kSlot * sites; // every population read and written
    switch (k) {
    case D2Q37Kernel::PropagatePull:
    case D2Q37Kernel::PropagatePush:
        return {sites, state, 0};
    case D2Q37Kernel::Collide:
    case D2Q37Kernel::PullFused:
    case D2Q37Kernel::PushFused:
        return {sites, state, collide_flops_per_site * sites};
    case D2Q37Kernel::Pbc: {
        // Two copies of H columns of ly + 2H sites, 37 planes each.
        const double column = double(ly + 2 * Grid::H) * D2Q37::Q * kSlot;
        return {0, 2 * 2 * Grid::H * column, 0};
    }
    case D2Q37Kernel::Fold:
        return {0, 2 * fold_slots_per_row() * kSlot * double(ly), 0};
    case D2Q37Kernel::BcPull:
    case D2Q37Kernel::BcPush:
        break;
    }
    // Both walls; each slot written once and its outgoing partner read once.
    return {0, 2 * 2 * wall_slots_per_column() * kSlot * double(lx), 0};
}

KernelRates rates_of(const KernelWork& w, double seconds, double copy_bandwidth, double fp64_peak) {
    KernelRates r;
    if (!(seconds > 0)) return r;
    r.mlups = w.sites / seconds * 1e-6;
    r.bytes_per_s = w.bytes / seconds;
    r.flop_per_s = w.flops / seconds;
    r.fraction_of_copy = copy_bandwidth > 0 ? r.bytes_per_s / copy_bandwidth : 0;
    r.fraction_of_fp64 = fp64_peak > 0 ? r.flop_per_s / fp64_peak : 0;
    return r;
}

} // namespace ll::thermal
