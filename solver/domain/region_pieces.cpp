#include "region_pieces.hpp"

#include <algorithm>

namespace ll {

std::array<int, 3> region_axes(const FieldRegion& r) {
    if (r.whole || r.axis == Axis::Z) return {0, 1, 2};
    if (r.axis == Axis::Y) return {0, 2, 1};
    return {1, 2, 0};
}

namespace {

std::array<std::uint32_t, 3> extents(const Dims& d) {
    return {d.nx, d.ny, d.nz};
}

} // namespace

std::optional<RegionPiece> region_piece(const TileFrame& f, const Dims& d,
                                        const FieldRegion& region) {
    RegionPiece p;
    p.local = region;
    if (!region.whole) {
        const int a = int(region.axis);
        if (region.index < f.box.lo[a] || region.index >= f.box.hi[a]) return std::nullopt;
        p.local.index = region.index - f.box.lo[a] + f.origin[a];
    }
    const std::array<int, 3> axes = region_axes(region);
    const std::array<std::uint32_t, 3> local = extents(f.local), whole = extents(d);
    const int arrays = region.whole ? 3 : 2; // a slice's third array axis has one element
    for (int k = 0; k < 3; ++k) {
        const int a = axes[std::size_t(k)];
        const bool in_array = k < arrays;
        p.copy.source[std::size_t(k)] = in_array ? local[std::size_t(a)] : 1;
        p.copy.target[std::size_t(k)] = in_array ? whole[std::size_t(a)] : 1;
        // The owned nodes start at the frame's origin (past the halo, or first in a row).
        p.copy.from[std::size_t(k)] = in_array ? f.origin[a] : 0;
        p.copy.to[std::size_t(k)] = in_array ? f.box.lo[a] : 0;
        p.copy.size[std::size_t(k)] = in_array ? f.box.extent(a) : 1;
    }
    return p;
}

void copy_piece(const float* source, float* target, const PieceCopy& c) {
    const auto row = [](const std::array<std::uint32_t, 3>& extent, std::uint32_t y,
                        std::uint32_t z) { return (std::size_t(z) * extent[1] + y) * extent[0]; };
    for (std::uint32_t z = 0; z < c.size[2]; ++z)
        for (std::uint32_t y = 0; y < c.size[1]; ++y) {
            const float* from = source + row(c.source, c.from[1] + y, c.from[2] + z) + c.from[0];
            float* to = target + row(c.target, c.to[1] + y, c.to[2] + z) + c.to[0];
            std::copy(from, from + c.size[0], to);
        }
}

SliceCuts slice_cuts(const Tiles& t, const Dims& d, const FieldRegion& slice) {
    SliceCuts cuts;
    for (int tile = 0; tile < t.count(); ++tile) {
        const auto piece = region_piece(tile_frame(t, d, tile, 1), d, slice);
        if (!piece) continue;
        if (piece->copy.to[0] > 0) cuts.u.push_back(piece->copy.to[0]);
        if (piece->copy.to[1] > 0) cuts.v.push_back(piece->copy.to[1]);
    }
    for (auto* list : {&cuts.u, &cuts.v}) {
        std::sort(list->begin(), list->end());
        list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    return cuts;
}

} // namespace ll
