#include "preflight.hpp"

#include "solver/io/host_memory.hpp"

#include <algorithm>
#include <cmath>

namespace ll {
namespace {

constexpr std::uint64_t kMaxNodes = (std::uint64_t(1) << 32) - 1; // node_t is 32-bit

// Host bytes: start-up copies always, the populations too on the CPU back end.
double host_bytes(const ModelChoice& m, std::uint64_t nodes, bool cpu_lattice, int tq) {
    const Dims one{1, 1, 1};
    const double lattice = cpu_lattice ? lattice_bytes(m, one, tq) : 0.0;
    return double(nodes) * (cpu_run_bytes(m, one, tq) - lattice_bytes(m, one, tq) + lattice);
}

// Two builds at sizes s0 < s1, far below the one asked for: every preset's extents are affine
// in size, so they give the lattice at any size. The smallest sizes are refused where another
// key scales an extent down (aspect x size under 2 nodes), so a few larger pairs are tried too;
// not many, since probes of a preset with a bad key fail at every size and cost memory.
struct Probes {
    long s0 = 0, s1 = 0;
    SimulationSetup a, b;
};

// A box's probes are cubes written as boxes ("8x8x8"), so that each extent follows its own side.
std::optional<Probes> probe_builds(const std::string& scenario, const KeyValues& user,
                                   long min_size, long size, std::size_t sides) {
    constexpr int kPairs = 3; // s0 = min, 2 min, 4 min
    long s0 = std::max(1L, min_size);
    for (int pair = 0; pair < kPairs && 2 * s0 < size; ++pair, s0 *= 2) {
        try {
            KeyValues probe = user;
            Probes p{s0, 2 * s0, {}, {}};
            probe["size"] = sides_text(std::vector<long>(sides, p.s0));
            p.a = build_scenario(scenario, probe);
            probe["size"] = sides_text(std::vector<long>(sides, p.s1));
            p.b = build_scenario(scenario, probe);
            return p;
        } catch (const std::exception&) {
            // another pair, or the real build says what is wrong
        }
    }
    return std::nullopt;
}

// Where 16 bits per population would let the lattice fit: the message says so.
std::string smaller_storage_hint(const ModelChoice& m, std::uint64_t nodes, bool cpu_lattice,
                                 int tq, double have) {
    if (m.storage || tq != 0 || is_thermal(m.stencil) || !cpu_lattice) return "";
    const double need = host_bytes(sixteen_bit_choice(m), nodes, cpu_lattice, tq);
    return need > have ? "" : sixteen_bit_hint(m, need);
}

} // namespace

long largest_fitting(long lo, long hi, const std::function<bool(long)>& fits) {
    if (!fits(lo)) return lo - 1;
    while (lo < hi) { // invariant: fits(lo)
        const long mid = lo + (hi - lo + 1) / 2;
        if (fits(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void check_lattice_fits(long size, const std::function<std::uint64_t(long)>& nodes,
                        const ModelChoice& worst, bool cpu_lattice, long min_size,
                        int temperature_velocities) {
    const int tq = temperature_velocities;
    const double have = physical_memory_bytes();
    const auto fits = [&](long s) {
        const std::uint64_t n = nodes(s);
        return n <= kMaxNodes && (have <= 0 || host_bytes(worst, n, cpu_lattice, tq) <= have);
    };
    if (fits(size)) return;
    const long best = largest_fitting(min_size, size, fits);
    const std::uint64_t n = nodes(size);
    const std::string key = "size = " + std::to_string(size);
    if (n > kMaxNodes)
        throw ConfigError(
            key + ": the lattice would have " + std::to_string(n) +
            " nodes; at most 2^32 - 1 are supported; use size <= " + std::to_string(best));
    const double lattice = cpu_lattice ? double(n) * lattice_bytes(worst, Dims{1, 1, 1}, tq) : 0.0;
    try {
        check_host_memory(host_bytes(worst, n, cpu_lattice, tq), lattice, key, best);
    } catch (const ConfigError& e) {
        throw ConfigError(e.what() + smaller_storage_hint(worst, n, cpu_lattice, tq, have));
    }
}

void preflight_scenario(const std::string& scenario, const KeyValues& user, bool cpu_lattice) {
    const ScenarioSpec* spec = find_scenario(scenario);
    if (!spec) return; // build_scenario reports unknown names
    const KeySpec* size_key = nullptr;
    for (const auto& k : spec->keys)
        if (k.name == "size") size_key = &k;
    if (!size_key) return;
    // The builders' own reading of the size, so that no spelling of a number ("128.0", "1.28e2")
    // can pass here unchecked and reach them. A box is checked as its longest side scaled, as
    // `bench --size` checks one, so that the message can name the largest that fits.
    const auto it = user.find("size");
    const std::string text = it != user.end() ? it->second : size_key->default_value;
    const std::vector<long> sides = key_sides(*size_key, text);
    const long size = *std::max_element(sides.begin(), sides.end());
    const long min_size = long(size_key->min);
    if (size <= 2 * std::max(1L, min_size)) return; // small: nothing to fear
    const std::optional<Probes> p = probe_builds(scenario, user, min_size, size, sides.size());
    if (!p) return; // the real build will say what is wrong
    const auto axis = [&](std::uint32_t d0, std::uint32_t d1, long s) {
        const double slope = (double(d1) - double(d0)) / double(p->s1 - p->s0);
        return std::max(1.0, std::round(double(d0) + slope * double(s - p->s0)));
    };
    // Side a of the box scaled so that its longest side is s (every side s for one number).
    const auto side = [&](std::size_t a, long s) {
        return sides.size() == 1 ? s : std::lround(double(sides[a]) * double(s) / double(size));
    };
    const auto nodes = [&](long s) {
        const SimulationSetup &a = p->a, &b = p->b;
        const std::size_t last = sides.size() - 1;
        const double n = axis(a.dims.nx, b.dims.nx, side(0, s)) *
                         axis(a.dims.ny, b.dims.ny, side(std::min<std::size_t>(1, last), s)) *
                         axis(a.dims.nz, b.dims.nz, side(std::min<std::size_t>(2, last), s));
        return std::uint64_t(std::min(n, 9e18));
    };
    try {
        check_lattice_fits(size, nodes, p->a.model, cpu_lattice, p->s0,
                           temperature_velocities(p->a));
    } catch (const ConfigError& e) {
        if (sides.size() == 1) throw;
        throw ConfigError("size = " + text + " (checked as its longest side): " + e.what());
    }
}

} // namespace ll
