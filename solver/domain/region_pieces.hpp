// A field region (a slice or the whole lattice) put together from the tiles (tiled_engine.hpp):
// each tile reads the region over its own lattice, halo included, and the part it owns is one
// box of that read, placed as one box of the whole region's read. The geometry is here, apart
// from any memory: the host copies it below, the GPUs with 3-D (peer) copies
// (device_pieces.hpp), so the visualiser's device slice needs no whole-lattice engine and no
// host round trip.
#pragma once
#include "halo_plan.hpp"
#include "solver/field_types.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace ll {

// A box of elements copied between two dense arrays of floats, first index fastest: for a slice
// (width, height, 1) in its in-plane order (region_node), for the whole lattice (nx, ny, nz).
struct PieceCopy {
    std::array<std::uint32_t, 3> source{}, target{}; // extents of the two arrays
    std::array<std::uint32_t, 3> from{}, to{};       // the box's first element in each
    std::array<std::uint32_t, 3> size{};             // the box's extent
};

// What one tile contributes to a region: the region to ask of its engine (in the tile's local
// lattice) and where the owned part of that read lands in the whole region's read.
struct RegionPiece {
    FieldRegion local;
    PieceCopy copy;
};

// The lattice axes behind a region's array axes, first index fastest: a slice's in-plane (u, v)
// as region_node lays them out (slice_extent), then its normal; the whole lattice x, y, z.
std::array<int, 3> region_axes(const FieldRegion& r);

// The piece of the tile framed by `f` in `region` of the lattice `d`; nothing when a slice
// misses the tile's box (it lies in other tiles).
std::optional<RegionPiece> region_piece(const TileFrame& f, const Dims& d,
                                        const FieldRegion& region);

// Copies the box of `c` from `source` to `target`, host arrays of c.source and c.target floats.
void copy_piece(const float* source, float* target, const PieceCopy& c);

// Where the tiles of `t` meet on a slice of `d`: the slice columns (u, along its width) and
// rows (v, along its height) at which a piece other than the first starts, sorted, each once.
// The visualiser draws the subdomains' outlines there.
struct SliceCuts {
    std::vector<std::uint32_t> u, v;
};
SliceCuts slice_cuts(const Tiles& t, const Dims& d, const FieldRegion& slice);

} // namespace ll
