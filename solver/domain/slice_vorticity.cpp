#include "slice_vorticity.hpp"

#include "region_pieces.hpp"

namespace ll {

SlicePlanes slice_planes(const Dims& d, const FieldRegion& slice) {
    SlicePlanes p;
    const std::uint32_t n = slice_count(d, slice.axis), at = slice.index;
    p.neighbours = !(slice.axis == Axis::Z && d.nz == 1);
    p.index[0] = p.neighbours ? (at + n - 1) % n : at;
    p.index[1] = at;
    p.index[2] = p.neighbours ? (at + 1) % n : at;
    return p;
}

VelocityPlanes velocity_planes(const Dims& d, const FieldRegion& slice, const FieldRequest& req) {
    VelocityPlanes p;
    const SliceExtent e = slice_extent(d, slice.axis);
    p.width = e.width;
    p.height = e.height;
    const std::array<int, 3> axes = region_axes(slice);
    for (int k = 0; k < 3; ++k)
        p.lattice_axis[k] = axes[std::size_t(k)];
    p.axes = d.nz > 1 ? 3 : 2;
    p.component = req.vorticity_component;
    return p;
}

void slice_vorticity(const VelocityPlanes& p, float* out) {
    const std::uint64_t count = std::uint64_t(p.width) * p.height;
    for (std::uint64_t k = 0; k < count; ++k)
        out[k] = slice_vorticity_at(p, k);
}

} // namespace ll
