// Tilings of the lattice into boxes, one per rank or device, each exchanging halo layers with
// its neighbours every step. Calore et al. 2016 cut their D2Q37 lattice over GPUs in 1-D and
// 2-D tilings with halo columns; here the cut may be along any of x, y, z, and the choice among
// tilings is made by the halo values each one exchanges.
#pragma once
#include "../core/lattice.hpp"
#include "../options.hpp" // ConfigError, which parse_tiles and choose_tiles throw

#include <cstdint>
#include <string>

namespace ll {

// How the tiles of one process exchange halos. Auto: one copy kernel per step when every tile
// is on a GPU, else pack and unpack through host buffers. HostStaged: always through host
// buffers (what a rank without CUDA-aware MPI pays; scale-bench measures it). Skip: no exchange
// at all, so the flow is wrong: scale-bench times the tiles' compute alone with it.
enum class HaloTransport : std::uint8_t { Auto, HostStaged, Skip };

// Subdomains per axis: the lattice is cut into n[0] x n[1] x n[2] boxes.
struct Tiles {
    int n[3] = {1, 1, 1};
    int count() const { return n[0] * n[1] * n[2]; }
    bool operator==(const Tiles&) const = default;
};

// "4x2x1", "4x2" (z = 1) or "4" (y = z = 1); whitespace not allowed; each factor 1..4096, and
// the product must fit in an int (count()). Throws ConfigError("--tiles: ...") naming the text
// and the form NxMxK otherwise.
Tiles parse_tiles(const std::string& text);
// Always "NxMxK", which parse_tiles reads back.
std::string to_string(const Tiles& t);

// What one tile exchanges with its neighbours. per_face_node[a]: the values that cross one node
// of a face normal to axis a in one direction, counting those that come from deeper layers
// (e.g. D3Q19: 5 on every axis; D2Q9: 3 on x and y, 0 on z since a 2-D lattice has nz = 1).
// depth: the node layers a halo holds, the longest velocity component (1 for D2Q9, D3Q19 and
// D3Q27, 3 for D2Q37); a tile must be at least this wide on every cut axis.
struct HaloShape {
    int per_face_node[3] = {0, 0, 0};
    int depth = 1;
    // Whether the lattice wraps along each axis (a cut at the wrap moves halos too); D2Q37's
    // walls lie beyond its top and bottom rows, so nothing crosses them (ModelTraits::halo).
    bool wraps[3] = {true, true, true};
};
// The halo of a velocity set S (its c[Q][3]): per_face_node[a] sums c_ia over the velocities
// with c_ia > 0 (one value from each layer it crosses from), depth is the longest |c_ia|.
template <class S>
constexpr HaloShape halo_shape_of() {
    HaloShape h;
    h.depth = 0;
    for (int i = 0; i < S::Q; ++i)
        for (int a = 0; a < 3; ++a) {
            const int c = S::c[i][a];
            h.per_face_node[a] += c > 0 ? c : 0;
            h.depth = c > h.depth ? c : (-c > h.depth ? -c : h.depth);
        }
    return h;
}

// Why `t` cannot split `d` (empty when it can). In order of checking:
//  - a factor outside 1..4096;
//  - expected_count > 0 and t.count() != expected_count, phrased with `who` ("MPI ranks",
//    "devices"): "--tiles 3x1x1 makes 3 subdomains, but 2 MPI ranks are expected; ...";
//  - a cut axis whose lattice extent is 1 (z on a 2-D lattice);
//  - a cut axis whose thinnest tile (tile_box: widths differ by at most 1) is narrower than
//    max(h.depth, 1), so that a halo would reach past the next tile, or a tile would be empty.
std::string tiles_error(const Tiles& t, const Dims& d, const HaloShape& h, int expected_count = 0,
                        const std::string& who = "subdomains");

// Values exchanged per step by tiling `t` of `d`, an estimate used to rank tilings:
//   sum over cut axes a (t.n[a] > 1) of 2 * t.n[a] * area[a] * h.per_face_node[a],
// where area[a] is the product of the other two extents. The lattice is periodic, so an axis
// cut in n has n cut planes (the wrap is one), each crossed both ways. h.depth does not enter:
// per_face_node already counts the values from every layer. Edge and corner values (diagonal
// velocities crossing two cut planes at once) are ignored.
std::uint64_t halo_values_per_step(const Tiles& t, const Dims& d, const HaloShape& h);

// The tiling of `count` subdomains with the fewest halo values that tiles_error accepts. Ties:
// fewer cut axes (fewer neighbours, fewer messages), then more tiles along z, then along y: a
// z-cut face is one contiguous plane in memory, a y-cut face nz runs of nx nodes, an x-cut face
// single nodes strided by nx. Throws ConfigError("--tiles: no tiling of N subdomains fits ...")
// when none fits, or when count is outside 1..4096.
Tiles choose_tiles(int count, const Dims& d, const HaloShape& h);

// A box of nodes [lo, hi) per axis.
struct Box {
    std::uint32_t lo[3], hi[3];
    std::uint32_t extent(int a) const { return hi[a] - lo[a]; }
    bool contains(std::uint32_t x, std::uint32_t y, std::uint32_t z) const;
    bool operator==(const Box&) const = default;
};

// The nodes of tile `index`, with index = i + n[0] * (j + n[1] * k) for tile coordinates
// (i, j, k), the same order as nodes. Uneven splits: along an axis of extent N cut in n, the
// first N % n tiles are one node wider (N / n + 1), the others N / n wide.
Box tile_box(const Tiles& t, const Dims& d, int index);
// Which tile owns node (x, y, z), which must lie inside `d`. O(1): no search over tiles.
int tile_of(const Tiles& t, const Dims& d, std::uint32_t x, std::uint32_t y, std::uint32_t z);
// The tile next to `index` one step along `axis` in direction `dir` (+1 or -1), wrapping
// periodically; with t.n[axis] == 1 it is the tile itself.
int neighbour_tile(const Tiles& t, int index, int axis, int dir);

} // namespace ll
