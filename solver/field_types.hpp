// What a caller can ask the solver for: a field, and a region (a slice or the whole lattice).
#pragma once
#include "core/lattice.hpp"

namespace ll {

// Temperature exists only for thermal models (Simulation::has_temperature()); the isothermal
// engines never see it (Simulation::read_field refuses it first).
enum class FieldKind : std::uint8_t { Speed, Ux, Uy, Uz, Vorticity, Density, Temperature };

// Vorticity in 3D: the magnitude (component = -1) or one component (0, 1, 2). In 2D the
// scalar z-vorticity du_y/dx - du_x/dy is returned whatever `component` is.
struct FieldRequest {
    FieldKind kind = FieldKind::Speed;
    int vorticity_component = -1;
    // NaN ("no data") on half-way wall nodes, whose slots hold reflected populations rather
    // than a fluid state. The renderer draws NaN in its no-data colour; a device-side slice
    // for interop needs this because no host pass can mask it afterwards.
    bool mask_walls = false;
};

enum class Axis : std::uint8_t { X, Y, Z };

// The 2D extent of a slice normal to `axis`: (ny, nz) for x, (nx, nz) for y, (nx, ny) for z.
struct SliceExtent {
    std::uint32_t width = 0, height = 0;
};

// A slice normal to `axis` at `index`, or the whole lattice (x fastest).
struct FieldRegion {
    bool whole = false;
    Axis axis = Axis::Z;
    std::uint32_t index = 0;
};

enum class MemorySpace : std::uint8_t { Host, Device };

LL_HD SliceExtent slice_extent(const Dims& d, Axis axis) {
    if (axis == Axis::X) return {d.ny, d.nz};
    if (axis == Axis::Y) return {d.nx, d.nz};
    return {d.nx, d.ny};
}
LL_HD std::uint32_t slice_count(const Dims& d, Axis axis) {
    return axis == Axis::X ? d.nx : (axis == Axis::Y ? d.ny : d.nz);
}
LL_HD std::uint64_t region_size(const Dims& d, const FieldRegion& r) {
    if (r.whole) return d.nodes();
    const SliceExtent e = slice_extent(d, r.axis);
    return std::uint64_t(e.width) * e.height;
}
// The node of element k of a region (the slice's first in-plane axis runs fastest).
LL_HD node_t region_node(const Dims& d, const FieldRegion& r, std::uint64_t k) {
    if (r.whole) return node_t(k);
    const SliceExtent e = slice_extent(d, r.axis);
    const std::uint32_t u = std::uint32_t(k % e.width), v = std::uint32_t(k / e.width);
    std::uint32_t x = u, y = v, z = r.index;
    if (r.axis == Axis::X) x = r.index, y = u, z = v;
    if (r.axis == Axis::Y) x = u, y = r.index, z = v;
    return x + node_t(d.nx) * (y + node_t(d.ny) * z);
}

} // namespace ll
