// Where a subdomain sits in the whole lattice, and which populations cross from one subdomain
// to another in a step: the geometry of the halo exchange (docs/DESIGN.md, "Scale-out"), apart
// from any engine or transport. Calore et al. 2016 tile the lattice over GPUs in 1-D and 2-D
// with halo columns; here the tiles are boxes along 1, 2 or 3 axes.
#pragma once
#include "../engine/engine.hpp" // TilePlace
#include "../options.hpp"
#include "tiling.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace ll {

// A tile's own lattice: its box plus `halo` layers on each cut axis (none on an axis the tile
// spans whole, where the tile's own periodic wrap is the lattice's). Along each axis the owned
// nodes start at local coordinate origin[a]: past the left halo (origin = halo), or, where the
// rows are aligned (tile_frame), at 0, the right halo after them and the left halo in the
// row's last nodes, where the lattice's own wrap reads it from x = 0.
struct TileFrame {
    Box box;
    std::uint32_t halo[3] = {0, 0, 0};
    std::uint32_t origin[3] = {0, 0, 0};
    bool x_faces = true; // TilePlace::x_faces
    Dims local;
    // The tile-local node of a global position given relative to an owned node (owned global
    // coordinates plus an offset of at most `halo` per cut axis).
    node_t local_node(const std::array<std::int64_t, 3>& global) const;
    // Local coordinate l along axis a as an offset from box.lo[a]: negative in the left halo,
    // below -halo[a] in the padding of an aligned row (no global node).
    std::int64_t offset(int a, std::uint32_t l) const;
    // The node of the whole lattice `d` at local node l: halo positions wrap around it, and
    // padding lands on some node, which no node of the tile reads.
    node_t global_node(const Dims& d, node_t l) const;
    // The same at local coordinates c (where a caller's loop has them: no division per node).
    node_t global_node(const Dims& d, const std::array<std::uint32_t, 3>& c) const;
    // The same, for the tile's engine (EngineConfig::tile) in the whole lattice `d`.
    TilePlace place(const Dims& d) const;
};
// Along a cut x axis the local rows are `row_align` nodes wide or a multiple of that
// (tile_row_align in models/registry.hpp). With row_align > 1 the rows are aligned: the owned
// nodes start each row (origin 0), so that they begin on a whole sector, as one domain's rows
// do, and a row of whole warps holds no halo node among its owned ones; the nodes between the
// two halos are padding, halo nodes that no node reads.
TileFrame tile_frame(const Tiles& t, const Dims& d, int tile, std::uint32_t depth,
                     std::uint32_t row_align = 1);

// Calls visit(l) with the local node l of every node of the tile's box within `depth` of a cut
// (the nodes whose populations cross, or which read what crosses), without walking its inside.
void for_each_border_node(const TileFrame& f, const Tiles& t, std::uint32_t depth,
                          const std::function<void(node_t)>& visit);

// Flags of a tile's lattice: the global flags of each position, except that nodes updated by
// another tile become kHalo (never updated here, not a wall). Near-wall bits stay those of the
// whole lattice, so a node next to a cut takes the same path as in one domain.
std::vector<std::uint8_t> tile_flags(const TileFrame& f, const Dims& d,
                                     const std::vector<std::uint8_t>& flags);

// One population that crosses a cut: node x (updated, in tile `from`) sends population i of
// set `set` to x + c_i (updated, in tile `to`). The receiving tile holds x in its halo, and the
// exchange copies the slot where x's population lands (Engine::outgoing_element) from `from`'s
// lattice to the same slot of `to`'s. x_from and x_to are x in the two tiles' local lattices.
struct Crossing {
    int from, to, set, i;
    node_t x_from, x_to;
};
// What a model asks of the exchange besides its velocities (models/registry.hpp): how deep its
// halo is (the nodes that deep inside a face send across it; the frames' halo), and along which
// axes the whole lattice wraps (along the others, what leaves the lattice enters no tile).
struct HaloReach {
    std::uint32_t depth = 1;
    bool wraps[3] = {true, true, true};
    std::uint32_t row_align = 1; // the tiles' frames (tile_frame)
};
// With free-slip walls, populations sent into any wall node are crossings too where a
// reflection reads them in another tile (reflected_crossings in halo_plan.cpp).
// Every crossing of the lattice, in a fixed order (tile `from`, then node, then set and i), so
// that every process enumerates the same list. velocities[k] are set k's c_i.
void for_each_crossing(const Tiles& t, const Dims& d, const std::vector<std::uint8_t>& flags,
                       const std::vector<std::vector<std::array<int, 3>>>& velocities,
                       const HaloReach& reach, const std::function<void(const Crossing&)>& f);

// The halo of a DdQq flow stencil, for choose_tiles: the velocities crossing a face node
// normal to each axis, depth 1. For any model: halo_shape(EngineConfig) (models/registry.hpp).
HaloShape halo_shape(StencilKind stencil);

} // namespace ll
