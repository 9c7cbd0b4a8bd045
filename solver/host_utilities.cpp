#include "core/equilibrium.hpp"
#include "core/flags.hpp"
#include "core/layout.hpp"
#include "dispatch.hpp"
#include "engine/engine.hpp"
#include "engine/register_caps.hpp"
#include "models/registry.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <omp.h>
#include <string_view>

namespace ll {

const char* node_type_name(NodeType t) {
    switch (t) {
    case kFluid:
        return "fluid";
    case kSolid:
        return "solid";
    case kMovingWall:
        return "moving_wall";
    case kFreeSlip:
        return "free_slip";
    case kWallOnGrid:
        return "wall_on_grid";
    case kInlet:
        return "inlet";
    case kOutlet:
        return "outlet";
    case kHalo:
        return "halo";
    }
    return "?";
}

void mark_near_wall(StencilKind stencil, const Dims& dims, std::vector<std::uint8_t>& flags) {
    with_stencil(stencil, [&](auto tag) {
        using S = typename decltype(tag)::type;
        const node_t nodes = dims.nodes();
#pragma omp parallel for schedule(static)
        for (std::int64_t k = 0; k < std::int64_t(nodes); ++k) {
            const node_t n = node_t(k);
            std::uint8_t f = flags[n] & std::uint8_t(~kNearWallBit);
            if (is_updated(f)) {
                const NodeFrame fr = make_frame(dims, n);
                for (int i = 1; i < S::Q; ++i)
                    if (is_halfway_wall(
                            flags[fr.shift(cvel<S>(i, 0), cvel<S>(i, 1), cvel<S>(i, 2))]))
                        f |= kNearWallBit;
            }
            flags[n] = f;
        }
    });
}

XFaces x_faces_of(const EngineConfig& c, int q) {
    const TilePlace& t = c.tile;
    // One halo column on each side: the left one the row's last node (x_faces.hpp).
    if (!t.is_tile() || !t.x_faces || t.halo[0] != 1 || t.origin[0] != 0 ||
        c.model.scheme != Scheme::Pull)
        return {};
    const offset_t arrays = stored_nodes(c.model.layout, c.dims.nodes(), population_stride(c));
    // Each face's room is whole 128-byte lines of 4-byte values, so that its rows start on a
    // sector and copies between faces move whole sectors from the first row on.
    const std::uint32_t rows = (c.dims.ny * c.dims.nz + 31) / 32 * 32;
    return {t.hi[0] - t.lo[0], rows, x_face_base(arrays * offset_t(q))};
}

bool env_switch(const char* name, const std::string& on_means, const std::string& off_means) {
    const char* v = std::getenv(name);
    const std::string_view text = v ? v : "";
    if (text.empty() || text == "auto" || text == "1") return true;
    if (text == "0") return false;
    throw ConfigError(std::string(name) + " = '" + std::string(text) +
                      "': auto or 1 (the default: " + on_means + ") or 0 (" + off_means + ")");
}

void for_each_node_group(std::size_t group, std::size_t nodes,
                         const std::function<void(std::size_t, std::size_t)>& visit) {
    const std::size_t width = group < 2 ? 1 : group;
    const std::int64_t runs = std::int64_t((nodes + width - 1) / width);
#pragma omp parallel for schedule(static)
    for (std::int64_t g = 0; g < runs; ++g) {
        const std::size_t begin = std::size_t(g) * width;
        visit(begin, std::min(begin + width, nodes));
    }
}

void widen_near_wall_to_sectors(std::size_t group, std::vector<std::uint8_t>& flags) {
    if (group < 2) return;
    for_each_node_group(group, flags.size(), [&](std::size_t begin, std::size_t end) {
        bool walls = false;
        for (std::size_t n = begin; n < end; ++n)
            walls = walls || (is_updated(flags[n]) && in_wall_list(flags[n]));
        if (!walls) return;
        for (std::size_t n = begin; n < end; ++n)
            if (is_updated(flags[n]))
                flags[n] = std::uint8_t((flags[n] | kNearWallBit) & ~kWallGhostBit);
    });
}

std::size_t wall_sector_group(const ModelChoice& model, std::size_t value_bytes, node_t nodes) {
    const bool measured = model.scheme == Scheme::Pull || model.scheme == Scheme::AA ||
                          model.scheme == Scheme::Esoteric;
    if (model.layout == Layout::AoS || (value_bytes != 4 && value_bytes != 8) || !measured)
        return 1;
    const std::size_t group = kSectorBytes / value_bytes;
    // AoSoA's tiles start on whole sectors whatever the node count; SoA's arrays only when it
    // is a multiple of the group.
    return model.layout == Layout::AoSoA || nodes % group == 0 ? group : 1;
}

void mark_tile_border(const TilePlace& place, const Dims& dims, std::vector<std::uint8_t>& flags) {
    // Along a cut axis the tile's own nodes lie from place.origin[a] on (past the left halo, or
    // first in an aligned row: tile_frame); its border is their first and last `halo` layers.
    const auto near_cut = [&](int a, std::uint32_t c) {
        const std::uint32_t h = place.halo[a], own = place.hi[a] - place.lo[a];
        const std::uint32_t o = place.origin[a];
        return h > 0 && c >= o && c < o + own && (c < o + h || c >= o + own - h);
    };
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < std::int64_t(dims.nodes()); ++k) {
        const node_t i = node_t(k);
        const std::uint32_t c[3] = {std::uint32_t(i % dims.nx),
                                    std::uint32_t(i / dims.nx % dims.ny),
                                    std::uint32_t(i / (node_t(dims.nx) * dims.ny))};
        std::uint8_t f = flags[i] & std::uint8_t(~kBorderBit);
        if (is_updated(f) && (near_cut(0, c[0]) || near_cut(1, c[1]) || near_cut(2, c[2])))
            f |= kBorderBit;
        flags[i] = f;
    }
}

void check_equilibrium_fields(node_t nodes, const std::vector<double>& rho,
                              const std::vector<double>& u, const std::vector<double>& T,
                              bool needs_T) {
    const auto wrong = [&](const char* field, std::size_t given, std::size_t expected) {
        throw ConfigError(std::string("equilibrium fields: ") + field + " has " +
                          std::to_string(given) + " values, the lattice needs " +
                          std::to_string(expected));
    };
    if (rho.size() != nodes) wrong("rho", rho.size(), nodes);
    if (u.size() != 3 * std::size_t(nodes)) wrong("u", u.size(), 3 * std::size_t(nodes));
    if ((needs_T || !T.empty()) && T.size() != nodes) wrong("T", T.size(), nodes);
}

std::vector<double> equilibrium_state(StencilKind stencil, const std::vector<double>& rho,
                                      const std::vector<double>& u) {
    return with_stencil(stencil, [&](auto tag) {
        using S = typename decltype(tag)::type;
        std::vector<double> f(rho.size() * S::Q);
        // Every node alone: threads share a lattice of hundreds of millions of nodes.
#pragma omp parallel for schedule(static)
        for (std::size_t n = 0; n < rho.size(); ++n) {
            const double v[3] = {u[3 * n], u[3 * n + 1], u[3 * n + 2]};
            for (int i = 0; i < S::Q; ++i)
                f[n * S::Q + i] = equilibrium<S>(i, rho[n], v);
        }
        return f;
    });
}

namespace {

// A buffer this large is far larger than any CPU cache: the probe then measures DRAM, as the
// lattices it is compared with do.
constexpr std::size_t kMaxProbeBuffer = std::size_t(256) << 20;
constexpr std::size_t kMinProbeBuffer = std::size_t(4) << 10;
constexpr std::size_t kPage = std::size_t(4) << 10;
// Each timed sample copies at least this much, so that a cache-sized copy lasts long enough
// (tens of milliseconds) for the clock to time it, and a DRAM-sized one is not one memcpy.
constexpr std::size_t kSampleBytes = std::size_t(256) << 20;
// The last copy's bytes go here, so that it is not a dead store either.
volatile char copy_sink = 0;

// Median of 5 samples of repeated copies between two buffers of `bytes`, by `threads` threads,
// each copying its own contiguous chunk back and forth (a CPU's memory bandwidth takes several
// cores to fill, as the CPU back end's node loop fills it). The direction alternates, so that
// every copy reads what the one before wrote and none can be optimised away as a dead store.
double measure_host_copy(std::size_t bytes, int threads) {
    std::vector<char> a(bytes, 1), b(bytes, 0);
    const std::size_t repeats = std::max<std::size_t>(1, kSampleBytes / bytes);
    std::vector<double> times;
    for (int r = 0; r < 5; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel num_threads(threads) if (threads > 1)
        {
            const std::size_t n = std::size_t(omp_get_num_threads());
            const std::size_t t = std::size_t(omp_get_thread_num());
            const std::size_t begin = bytes * t / n, size = bytes * (t + 1) / n - begin;
            for (std::size_t i = 0; i < repeats; ++i) {
                if (i % 2 == 0)
                    std::memcpy(b.data() + begin, a.data() + begin, size);
                else
                    std::memcpy(a.data() + begin, b.data() + begin, size);
            }
        }
        times.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    copy_sink = char(a[bytes / 2] + b[bytes / 2]);
    std::sort(times.begin(), times.end());
    return 2.0 * double(bytes) * double(repeats) / times[times.size() / 2];
}

} // namespace

std::size_t host_copy_probe_bytes(double working_set) {
    const double half =
        std::clamp(working_set / 2.0, double(kMinProbeBuffer), double(kMaxProbeBuffer));
    return (std::size_t(half) + kPage - 1) / kPage * kPage;
}

double host_copy_bandwidth(double working_set, bool again) {
    static std::mutex mutex;
    static std::map<std::pair<std::size_t, int>, double> measured; // by size and threads
    const std::size_t bytes = host_copy_probe_bytes(working_set);
    // The engine's threads; one inside a parallel region (no nested team) and for buffers
    // within the caches, where a team's start-up would cost more than the copy.
    const bool one = omp_in_parallel() || bytes < (std::size_t(1) << 20);
    const std::pair key{bytes, one ? 1 : omp_get_max_threads()};
    // Measured under the lock: two probes at once would halve each other's figure.
    const std::lock_guard lock(mutex);
    auto it = measured.find(key);
    if (it == measured.end() || again)
        it = measured.insert_or_assign(key, measure_host_copy(key.first, key.second)).first;
    return it->second;
}

std::string register_cap_error(int cap, const EngineConfig& cfg, const std::vector<int>& offered,
                               bool gpu) {
    if (cap == 0 || std::find(offered.begin(), offered.end(), cap) != offered.end()) return "";
    std::string kernel = "the CPU back end";
    if (gpu && cfg.tile.is_tile())
        kernel = "a subdomain's bulk kernel (--tiles, --subdomains, mpirun)";
    else if (gpu)
        kernel = "the " + std::string(to_string(model_kind(cfg))) + " " + model_label(cfg.model) +
                 " kernel";
    const std::string head = "register_cap = " + std::to_string(cap) + ": " + kernel;
    if (offered.empty()) return head + " offers no register caps (only 0: the compiler's choice)";
    std::string list;
    for (int c : offered)
        (list += list.empty() ? "" : "|") += std::to_string(c);
    return head + " offers " + list + " (or 0: the compiler's choice)";
}

// Engines without passes (models without a step plan) have nothing to bench.
std::vector<KernelResources> Engine::pass_resources(const std::string& pass, int) const {
    throw ConfigError("kernel bench: this engine has no pass '" + pass +
                      "' (passes are timed for models with a step plan)");
}
double Engine::time_pass(const std::string& pass, int, int) {
    throw ConfigError("kernel bench: this engine has no pass '" + pass +
                      "' (passes are timed for models with a step plan)");
}

namespace {
[[noreturn]] void no_halo(const char* what) {
    throw ConfigError(std::string("subdomains: this model's engine has no halo exchange (") + what +
                      "); run it as one domain");
}
} // namespace

int Engine::population_sets() const {
    no_halo("population sets");
}
std::vector<std::array<int, 3>> Engine::set_velocities(int) const {
    no_halo("velocities");
}
std::uint64_t Engine::outgoing_element(int, node_t, int, int) const {
    no_halo("slots");
}
std::size_t Engine::element_bytes() const {
    no_halo("element size");
}
int Engine::add_halo_list(int, std::vector<std::uint64_t>) {
    no_halo("halo lists");
}
void Engine::import_equilibrium(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags,
                                const std::vector<double>& rho, const std::vector<double>& u,
                                const std::vector<double>& T) {
    import_state(equilibrium_state(cfg, flags, rho, u, T));
}

void Engine::pack(int, void*, MemorySpace, void*) {
    no_halo("pack");
}
void Engine::unpack(int, const void*, MemorySpace, void*) {
    no_halo("unpack");
}

} // namespace ll
