#include "tiling.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <optional>
#include <string_view>
#include <tuple>

namespace ll {
namespace {

constexpr int kMaxFactor = 4096;
constexpr const char* kAxis[3] = {"x", "y", "z"};
constexpr const char* kFactor[3] = {"N", "M", "K"}; // the letters of NxMxK

using Extents = std::array<std::uint32_t, 3>;
Extents extents(const Dims& d) {
    return {d.nx, d.ny, d.nz};
}

// The product in 64 bits: count() overflows an int past 2^31 subdomains.
std::int64_t product(const Tiles& t) {
    return std::int64_t(t.n[0]) * t.n[1] * t.n[2];
}

// 1..4 decimal digits worth 1..kMaxFactor. No sign, no spaces: from_chars would take a '-'.
std::optional<int> parse_factor(std::string_view s) {
    if (s.empty() || s.size() > 4) return std::nullopt;
    int v = 0;
    for (const char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = 10 * v + (c - '0');
    }
    if (v < 1 || v > kMaxFactor) return std::nullopt;
    return v;
}

// Tile coordinates (i, j, k) of a tile index, and back; the same order as nodes.
std::array<int, 3> tile_coords(const Tiles& t, int index) {
    return {index % t.n[0], index / t.n[0] % t.n[1], index / (t.n[0] * t.n[1])};
}
int tile_index(const Tiles& t, const std::array<int, 3>& c) {
    return c[0] + t.n[0] * (c[1] + t.n[1] * c[2]);
}

// Along an axis of `extent` nodes cut in n: tile i starts at i * q + min(i, r), where q and r
// are the quotient and remainder, so the first r tiles are q + 1 wide and the others q.
std::uint32_t split_start(std::uint32_t extent, int n, int i) {
    const std::uint32_t q = extent / std::uint32_t(n), r = extent % std::uint32_t(n);
    return std::uint32_t(i) * q + std::min(std::uint32_t(i), r);
}
// The inverse: the tile holding coordinate x < extent. The r wide tiles end at r * (q + 1);
// past it the narrow ones. With q = 0 every x < extent is in a wide tile, so x / q never runs.
int split_tile(std::uint32_t extent, int n, std::uint32_t x) {
    const std::uint32_t q = extent / std::uint32_t(n), r = extent % std::uint32_t(n);
    const std::uint32_t wide_end = r * (q + 1);
    return int(x < wide_end ? x / (q + 1) : r + (x - wide_end) / q);
}

int cut_axes(const Tiles& t) {
    return int(t.n[0] > 1) + int(t.n[1] > 1) + int(t.n[2] > 1);
}

} // namespace

Tiles parse_tiles(const std::string& text) {
    const auto bad = [&](const std::string& why) {
        return ConfigError("--tiles: \"" + text + "\" " + why);
    };
    const std::string form = "is not of the form N, NxM or NxMxK with each factor 1.." +
                             std::to_string(kMaxFactor) + " and no spaces (e.g. 4x2x1)";
    Tiles t;
    std::string_view rest = text;
    for (int a = 0; a < 3; ++a) {
        const std::size_t cut = rest.find('x');
        const auto v = parse_factor(rest.substr(0, cut));
        if (!v) throw bad(form);
        t.n[a] = *v;
        if (cut == std::string_view::npos) {
            if (product(t) > INT_MAX)
                throw bad("makes " + std::to_string(product(t)) + " subdomains, more than " +
                          std::to_string(INT_MAX));
            return t;
        }
        rest = rest.substr(cut + 1);
    }
    throw bad(form); // a fourth factor
}

std::string to_string(const Tiles& t) {
    return std::to_string(t.n[0]) + "x" + std::to_string(t.n[1]) + "x" + std::to_string(t.n[2]);
}

std::string tiles_error(const Tiles& t, const Dims& d, const HaloShape& h, int expected_count,
                        const std::string& who) {
    const std::string name = "--tiles " + to_string(t);
    for (const int n : t.n)
        if (n < 1 || n > kMaxFactor)
            return name + ": each factor must be 1.." + std::to_string(kMaxFactor);
    if (product(t) > INT_MAX) return name + ": more than " + std::to_string(INT_MAX) + " tiles";
    if (expected_count > 0 && t.count() != expected_count) {
        const std::string want = std::to_string(expected_count);
        return name + " makes " + std::to_string(t.count()) + " subdomains, but " + want + " " +
               who + " are expected: give N x M x K = " + want;
    }
    const Extents ext = extents(d);
    const std::uint32_t depth = std::uint32_t(std::max(h.depth, 1));
    for (int a = 0; a < 3; ++a) {
        if (t.n[a] == 1) continue;
        const std::string axis = kAxis[a], factor = kFactor[a];
        if (ext[a] == 1)
            return name + ": the lattice is 1 node wide along " + axis + " (n" + axis +
                   " = 1), so " + axis + " cannot be cut: give " + factor + " = 1";
        const std::uint32_t thinnest = ext[a] / std::uint32_t(t.n[a]);
        if (thinnest < depth)
            return name + ": the thinnest tile along " + axis + " has width " +
                   std::to_string(thinnest) + ", less than the halo depth " +
                   std::to_string(depth) + ", the minimum tile width (" + axis + " is " +
                   std::to_string(ext[a]) + " nodes wide): give " + factor +
                   " <= " + std::to_string(std::max(ext[a] / depth, 1u));
    }
    return "";
}

std::uint64_t halo_values_per_step(const Tiles& t, const Dims& d, const HaloShape& h) {
    const Extents ext = extents(d);
    std::uint64_t values = 0;
    for (int a = 0; a < 3; ++a) {
        if (t.n[a] <= 1) continue;
        const std::uint64_t area = std::uint64_t(ext[(a + 1) % 3]) * ext[(a + 2) % 3];
        const std::uint64_t cuts = std::uint64_t(t.n[a]) - (h.wraps[a] ? 0 : 1);
        values += 2 * cuts * area * std::uint64_t(h.per_face_node[a]);
    }
    return values;
}

Tiles choose_tiles(int count, const Dims& d, const HaloShape& h) {
    if (count < 1)
        throw ConfigError("--tiles: " + std::to_string(count) +
                          " subdomains asked for; give 1 or more");
    // Smaller is better: halo values, then cut axes, then more tiles along z, then along y.
    using Rank = std::tuple<std::uint64_t, int, int, int>;
    std::optional<std::pair<Rank, Tiles>> best;
    for (int i = 1; i <= std::min(count, kMaxFactor); ++i) {
        if (count % i != 0) continue;
        const int rest = count / i;
        for (int j = 1; j <= std::min(rest, kMaxFactor); ++j) {
            if (rest % j != 0) continue;
            const Tiles t{{i, j, rest / j}};
            if (!tiles_error(t, d, h).empty()) continue;
            const Rank rank{halo_values_per_step(t, d, h), cut_axes(t), -t.n[2], -t.n[1]};
            if (!best || rank < best->first) best.emplace(rank, t);
        }
    }
    if (!best)
        throw ConfigError("--tiles: no tiling of " + std::to_string(count) + " subdomains fits a " +
                          std::to_string(d.nx) + "x" + std::to_string(d.ny) + "x" +
                          std::to_string(d.nz) + " lattice with halo depth " +
                          std::to_string(std::max(h.depth, 1)) +
                          " (every tile at least that wide on a cut axis, no cut along an axis "
                          "1 node wide); give a count with such factors N x M x K");
    return best->second;
}

bool Box::contains(std::uint32_t x, std::uint32_t y, std::uint32_t z) const {
    const std::uint32_t p[3] = {x, y, z};
    for (int a = 0; a < 3; ++a)
        if (p[a] < lo[a] || p[a] >= hi[a]) return false;
    return true;
}

Box tile_box(const Tiles& t, const Dims& d, int index) {
    const Extents ext = extents(d);
    const std::array<int, 3> c = tile_coords(t, index);
    Box b;
    for (int a = 0; a < 3; ++a) {
        b.lo[a] = split_start(ext[a], t.n[a], c[a]);
        b.hi[a] = split_start(ext[a], t.n[a], c[a] + 1);
    }
    return b;
}

int tile_of(const Tiles& t, const Dims& d, std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    const Extents ext = extents(d);
    const std::uint32_t p[3] = {x, y, z};
    std::array<int, 3> c;
    for (int a = 0; a < 3; ++a)
        c[a] = split_tile(ext[a], t.n[a], p[a]);
    return tile_index(t, c);
}

int neighbour_tile(const Tiles& t, int index, int axis, int dir) {
    std::array<int, 3> c = tile_coords(t, index);
    c[axis] = (c[axis] + dir + t.n[axis]) % t.n[axis];
    return tile_index(t, c);
}

} // namespace ll
