// The vorticity of a slice of a lattice in tiles (tiled_engine.hpp), without a whole-lattice
// engine. A tile has the neighbours the curl needs only inside its box, so the velocity of the
// slice and of the planes on either side of it is put together from the tiles first
// (region_pieces.hpp), then differenced as velocity_field (core/field_at.hpp) differences it:
// central differences with the lattice's periodic wrap, the same float operations, so the
// result equals one engine's. Host and device (LL_HD) alike.
#pragma once
#include "solver/core/field_formulas.hpp"
#include "solver/field_types.hpp"

#include <cstdint>

namespace ll {

// The velocity around a slice: u[p][c] holds component c (x, y, z) of plane p, each plane
// width x height floats in the slice's element order: plane 0 at index - 1 along the normal,
// plane 1 the slice, plane 2 at index + 1 (wrapped).
struct VelocityPlanes {
    const float* u[3][3] = {};
    const float* mask = nullptr; // the slice's masked density (NaN on walls), or nullptr
    std::uint32_t width = 0, height = 0;
    int lattice_axis[3] = {0, 1, 2}; // of the array's u, v and the normal
    int axes = 3;                    // 2 on a 2-D lattice: no z derivative
    int component = -1;              // FieldRequest::vorticity_component
};

// The three planes' indices along the normal, and whether the neighbours are needed at all (not
// for the one z slice of a 2-D lattice, which has no z derivative: then all three are the slice).
struct SlicePlanes {
    std::uint32_t index[3] = {0, 0, 0};
    bool neighbours = true;
};
SlicePlanes slice_planes(const Dims& d, const FieldRegion& slice);

// The layout of `slice` of `d` for `req` (the pointers are the caller's to fill).
VelocityPlanes velocity_planes(const Dims& d, const FieldRegion& slice, const FieldRequest& req);

// Element k of the slice.
LL_HD float slice_vorticity_at(const VelocityPlanes& p, std::uint64_t k) {
    if (p.mask && p.mask[k] != p.mask[k]) return p.mask[k]; // NaN: a wall
    const std::uint32_t w = p.width, h = p.height;
    const std::uint32_t i = std::uint32_t(k % w), j = std::uint32_t(k / w);
    float d[3][3] = {};
    for (int a = 0; a < p.axes; ++a) {
        std::uint64_t plus = k, minus = k;
        int above = 2, below = 0; // along the normal: the neighbouring planes
        if (a == p.lattice_axis[0] || a == p.lattice_axis[1]) {
            above = below = 1;
            if (a == p.lattice_axis[0]) {
                plus = std::uint64_t(j) * w + (i + 1) % w;
                minus = std::uint64_t(j) * w + (i + w - 1) % w;
            } else {
                plus = std::uint64_t((j + 1) % h) * w + i;
                minus = std::uint64_t((j + h - 1) % h) * w + i;
            }
        }
        for (int b = 0; b < 3; ++b)
            d[a][b] = central_difference(p.u[above][b][plus], p.u[below][b][minus]);
    }
    return vorticity_of(d, p.axes, p.component);
}

// The whole slice on the host into `out` (width x height floats).
void slice_vorticity(const VelocityPlanes& p, float* out);

} // namespace ll
