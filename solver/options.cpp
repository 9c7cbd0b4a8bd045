#include "options.hpp"

#include <array>

namespace ll {
namespace {

template <class E, std::size_t N>
struct NameTable {
    std::array<std::pair<E, std::string_view>, N> rows;
    std::string_view name(E e) const {
        for (const auto& [v, n] : rows)
            if (v == e) return n;
        return "?";
    }
    std::optional<E> parse(std::string_view s) const {
        for (const auto& [v, n] : rows)
            if (n == s) return v;
        return std::nullopt;
    }
    // "a|b|c": the names of the rows that `keep` accepts (every row by default).
    template <class Keep>
    std::string list(Keep keep) const {
        std::string out;
        for (const auto& [v, n] : rows) {
            if (!keep(v)) continue;
            if (!out.empty()) out.push_back('|');
            out.append(n);
        }
        return out;
    }
    std::string list() const {
        return list([](E) { return true; });
    }
};

constexpr NameTable<StencilKind, 3> kStencils{
    {{{StencilKind::D2Q9, "d2q9"}, {StencilKind::D3Q19, "d3q19"}, {StencilKind::D3Q27, "d3q27"}}}};
constexpr NameTable<StencilKind, 1> kThermalStencils{{{{StencilKind::D2Q37, "d2q37"}}}};
constexpr NameTable<CollisionKind, 3> kCollisions{
    {{{CollisionKind::BGK, "bgk"}, {CollisionKind::TRT, "trt"}, {CollisionKind::MRT, "mrt"}}}};
constexpr NameTable<Scheme, 6> kSchemes{{{{Scheme::Push, "push"},
                                          {Scheme::Pull, "pull"},
                                          {Scheme::Split, "split"},
                                          {Scheme::AA, "aa"},
                                          {Scheme::Esoteric, "esoteric"},
                                          {Scheme::SharedX, "shared_x"}}}};
constexpr NameTable<Layout, 3> kLayouts{
    {{{Layout::SoA, "soa"}, {Layout::AoS, "aos"}, {Layout::AoSoA, "aosoa"}}}};
constexpr NameTable<Precision, 2> kPrecisions{
    {{{Precision::FP32, "fp32"}, {Precision::FP64, "fp64"}}}};
constexpr NameTable<Storage, 4> kStorages{{{{Storage::FP64, "fp64"},
                                            {Storage::FP32, "fp32"},
                                            {Storage::FP16S, "fp16s"},
                                            {Storage::FP16C, "fp16c"}}}};
constexpr NameTable<BackendKind, 3> kBackends{
    {{{BackendKind::Auto, "auto"}, {BackendKind::Cpu, "cpu"}, {BackendKind::Cuda, "cuda"}}}};

} // namespace

// to_string, parse_<name> and <name>_names of an enum with one table.
#define LL_NAMES(E, table, parse_fn, names_fn)                                                     \
    std::string_view to_string(E v) {                                                              \
        return table.name(v);                                                                      \
    }                                                                                              \
    std::optional<E> parse_fn(std::string_view s) {                                                \
        return table.parse(s);                                                                     \
    }                                                                                              \
    std::string names_fn() {                                                                       \
        return table.list();                                                                       \
    }
LL_NAMES(CollisionKind, kCollisions, parse_collision, collision_names)
LL_NAMES(Scheme, kSchemes, parse_scheme, scheme_names)
LL_NAMES(Layout, kLayouts, parse_layout, layout_names)
LL_NAMES(Precision, kPrecisions, parse_precision, precision_names)
LL_NAMES(Storage, kStorages, parse_storage, storage_names)
#undef LL_NAMES

std::string_view to_string(StencilKind v) {
    return is_thermal(v) ? kThermalStencils.name(v) : kStencils.name(v);
}
std::optional<StencilKind> parse_stencil(std::string_view s) {
    const auto v = kStencils.parse(s);
    return v ? v : kThermalStencils.parse(s);
}
std::string stencil_names() {
    return kStencils.list();
}
std::string stencil_names(int d) {
    return kStencils.list([d](StencilKind v) { return dimensions(v) == d; });
}
std::string_view to_string(BackendKind v) {
    return kBackends.name(v);
}
std::optional<BackendKind> parse_backend(std::string_view s) {
    return kBackends.parse(s);
}

std::string_view describe(Scheme s) {
    switch (s) {
    case Scheme::Push:
        return "push: collide, then write each population to its neighbour. Reads are aligned, "
               "writes are shifted by one node (misaligned). Two arrays (A-B).";
    case Scheme::Pull:
        return "pull ('reversed', seeds 001/002): read each population from the neighbour it "
               "comes from, collide, write in place. Misaligned reads are cheaper than "
               "misaligned writes on GPUs. Two arrays (A-B).";
    case Scheme::Split:
        return "split (seed 002): the x-shift, which breaks alignment, is done at read; the y/z "
               "shifts, which keep alignment, at write. Two arrays (A-B).";
    case Scheme::AA:
        return "A-A (seed 003): one array, two alternating kernels: even steps read and write "
               "the node itself, odd steps read from and write to neighbours. Half the memory "
               "of A-B.";
    case Scheme::Esoteric:
        return "esoteric pull: one array, one kernel; each pair of opposite populations lives "
               "at the node and its neighbour and swaps slots every step. Half the memory, "
               "half the accesses misaligned.";
    case Scheme::SharedX:
        return "shared-memory x-propagation (Tolke/Habich, the baseline of seeds 002/003): the "
               "misaligned x-shift goes through shared memory so global accesses stay aligned. "
               "On the CPU it is the same as pull.";
    }
    return "";
}
std::string_view describe(Layout l) {
    switch (l) {
    case Layout::SoA:
        return "SoA (structure of arrays): all nodes' population i are contiguous, so a warp "
               "reading one direction touches consecutive addresses (coalesced).";
    case Layout::AoS:
        return "AoS (array of structures): a node's Q populations are contiguous; good for CPU "
               "caches, but a GPU warp reading one direction strides by Q values.";
    case Layout::AoSoA:
        return "AoSoA (tiles of 32 nodes): SoA inside each tile, the tile's Q directions one "
               "after another, so a warp still reads one line per direction and a step streams "
               "through a few long runs of memory instead of Q far-apart arrays (the fastest on "
               "a GPU; isothermal fp32|fp64, pull|aa|esoteric; the CPU runs it node by node).";
    }
    return "";
}
std::string_view describe(Storage s) {
    switch (s) {
    case Storage::FP64:
        return "fp64: populations stored as computed, 8 bytes each.";
    case Storage::FP32:
        return "fp32: populations stored as computed, 4 bytes each.";
    case Storage::FP16S:
        return "fp16s: IEEE half precision of f - w (scaled by 2^15), computed in fp32, rounded "
               "stochastically. 2 bytes per population: half the memory, so twice the lattice "
               "fits; about 3 significant digits, enough for low-Mach flows (Lehmann et al. "
               "2022). Not yet faster than fp32 on the GPU: its kernels are bound by instructions "
               "(docs/PERFORMANCE.md).";
    case Storage::FP16C:
        return "fp16c: our 16-bit format of f - w (4-bit exponent, 11-bit fraction), computed in "
               "fp32, rounded stochastically. Twice the precision of fp16s over the range "
               "populations use, for a few more instructions per value.";
    }
    return "";
}
std::string_view describe(CollisionKind c) {
    switch (c) {
    case CollisionKind::BGK:
        return "BGK: every moment relaxes at one rate 1/tau.";
    case CollisionKind::TRT:
        return "TRT: even and odd moments relax at two rates; Lambda = 3/16 puts bounce-back "
               "walls exactly half-way.";
    case CollisionKind::MRT:
        return "MRT: each moment relaxes at its own rate (d'Humieres 2002, Lallemand-Luo 2000), "
               "more stable at low viscosity.";
    }
    return "";
}

int velocities(StencilKind s) {
    switch (s) {
    case StencilKind::D2Q9:
        return 9;
    case StencilKind::D3Q19:
        return 19;
    case StencilKind::D3Q27:
        return 27;
    case StencilKind::D2Q37:
        return 37;
    }
    return 0;
}
int dimensions(StencilKind s) {
    return s == StencilKind::D2Q9 || s == StencilKind::D2Q37 ? 2 : 3;
}
bool is_thermal(StencilKind s) {
    return s == StencilKind::D2Q37;
}
int bytes_per_value(Storage s) {
    switch (s) {
    case Storage::FP64:
        return 8;
    case Storage::FP32:
        return 4;
    default:
        return 2;
    }
}

Storage stored_as(const ModelChoice& m) {
    if (m.storage) return *m.storage;
    return m.precision == Precision::FP64 ? Storage::FP64 : Storage::FP32;
}

void set_storage(ModelChoice& m, Storage s) {
    ModelChoice plain = m;
    plain.storage.reset();
    if (s == stored_as(plain)) {
        m.storage.reset();
        return;
    }
    if (m.precision != Precision::FP32 || s == Storage::FP64)
        throw ConfigError("storage = " + std::string(to_string(s)) + ": with precision = " +
                          std::string(to_string(m.precision)) + " the allowed storage is " +
                          (m.precision == Precision::FP64 ? "fp64" : "fp32|fp16s|fp16c") +
                          " (16-bit storage is computed in fp32)");
    m.storage = s;
}

namespace {
// What seed 004's D2Q37 code runs: BGK, push or pull (fused or not, the scenario's `scheme`
// key), SoA planes or AoS sites (every scheme takes both; Calore et al. 2016, Fig. 2), FP64, a
// 2D lattice with 3-deep halos.
std::string thermal_compatibility_error(const ModelChoice& m, const Dims& d) {
    if (m.scheme != Scheme::Push && m.scheme != Scheme::Pull)
        return "scheme = " + std::string(to_string(m.scheme)) +
               ": the d2q37 model runs push|pull (rt2d key scheme = "
               "push|pull|push_separate|pull_separate)";
    if (m.collision != CollisionKind::BGK)
        return "collision = " + std::string(to_string(m.collision)) +
               ": the d2q37 model has a BGK collision only; use bgk";
    if (m.precision != Precision::FP64)
        return "precision = " + std::string(to_string(m.precision)) +
               ": the d2q37 model runs in fp64 only; use fp64";
    if (m.storage)
        return "storage = " + std::string(to_string(*m.storage)) +
               ": the d2q37 model stores fp64 only (its temperature and its third-order "
               "moments need the digits); use storage = fp64";
    if (d.nz != 1)
        return "stencil = d2q37: needs a 2D lattice (nz = 1), this lattice has nz = " +
               std::to_string(d.nz);
    if (d.nx < 6 || d.ny < 12)
        return "size: the d2q37 lattice needs at least 6 x 12 nodes (halos are 3 deep)";
    return "";
}
} // namespace

std::string compatibility_error(const ModelChoice& m, const Dims& d) {
    if (is_thermal(m.stencil)) return thermal_compatibility_error(m, d);
    if (m.storage && (m.precision != Precision::FP32 || *m.storage == Storage::FP64 ||
                      *m.storage == Storage::FP32))
        return "storage = " + std::string(to_string(*m.storage)) +
               ": with precision = " + std::string(to_string(m.precision)) +
               " the allowed storage is " +
               (m.precision == Precision::FP64 ? "fp64" : "fp32|fp16s|fp16c");
    if (m.collision == CollisionKind::MRT && m.stencil == StencilKind::D3Q27)
        return "collision = mrt: no MRT basis for d3q27; use mrt with d2q9 or d3q19, or "
               "bgk|trt with d3q27";
    if (dimensions(m.stencil) == 2 && d.nz != 1)
        return "stencil = d2q9: needs a 2D lattice (nz = 1), this lattice has nz = " +
               std::to_string(d.nz) + "; use d3q19|d3q27";
    if (d.nx < 2 || d.ny < 2) return "size: each side needs at least 2 nodes";
    if (m.layout == Layout::AoSoA && !aosoa_offered(m))
        return "layout = aosoa: offered with storage fp32|fp64 and scheme = pull|aa|esoteric "
               "(this choice: " +
               std::string(to_string(stored_as(m))) + ", " + std::string(to_string(m.scheme)) +
               "); use soa|aos";
    return "";
}

// D2Q37 has no flag byte: its walls are the top and bottom rows (seed 004).
double bytes_per_node_update(const ModelChoice& m, int temperature_velocities) {
    const double flags = is_thermal(m.stencil) ? 0.0 : 1.0;
    const int q = velocities(m.stencil) + temperature_velocities;
    return 2.0 * q * bytes_per_value(stored_as(m)) + flags;
}
double lattice_bytes(const ModelChoice& m, const Dims& d, int temperature_velocities) {
    const double copies = is_in_place(m.scheme) ? 1.0 : 2.0;
    const double flags = is_thermal(m.stencil) ? 0.0 : 1.0;
    const int q = velocities(m.stencil) + temperature_velocities;
    return double(d.nodes()) * (copies * q * bytes_per_value(stored_as(m)) + flags);
}

std::string model_label(const ModelChoice& m) {
    std::string s;
    for (std::string_view part : {to_string(m.stencil), to_string(m.collision), to_string(m.scheme),
                                  to_string(m.layout), to_string(m.precision)})
        (s += s.empty() ? "" : " ") += part;
    if (m.storage) ((s += " ") += to_string(*m.storage)) += " storage";
    return s;
}

} // namespace ll
