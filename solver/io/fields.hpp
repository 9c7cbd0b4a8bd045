// Derived fields of a MacroField (speed, velocity components, vorticity, density) and
// axis-aligned slices of them, for output files, PNG images and the visualiser.
#pragma once
#include "../engine.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

enum class FieldKind : std::uint8_t { Speed, Ux, Uy, Uz, Vorticity, Density };

std::string_view to_string(FieldKind);
std::optional<FieldKind> parse_field(std::string_view);
std::string field_names(); // "speed|ux|uy|uz|vorticity|density"
// Units of the field in lattice units, for colour-bar labels.
std::string_view field_units(FieldKind);
// Vorticity in 3D: the magnitude (component = -1) or one component (0, 1, 2). In 2D the
// scalar z-vorticity du_y/dx - du_x/dy is returned whatever `component` is.
struct FieldRequest {
    FieldKind kind = FieldKind::Speed;
    int vorticity_component = -1;
};

// Signed fields (velocity components, 2D vorticity, one 3D vorticity component) take a
// diverging colour map centred on zero.
bool field_is_signed(FieldRequest, const Dims&);

// Fills `out` with one value per node (x fastest). Derivatives wrap periodically at the
// lattice edges, like the lattice itself; wall nodes keep whatever value their velocity gives.
void compute_field(const MacroField& m, const Dims& d, FieldRequest req, std::vector<float>& out);

enum class Axis : std::uint8_t { X, Y, Z };
std::optional<Axis> parse_axis(std::string_view);

// The 2D extent of a slice normal to `axis`: (ny, nz) for x, (nx, nz) for y, (nx, ny) for z.
struct SliceExtent {
    std::uint32_t width = 0, height = 0;
};
SliceExtent slice_extent(const Dims& d, Axis axis);
// Number of slices along `axis` (the valid indices are 0 .. count - 1).
std::uint32_t slice_count(const Dims& d, Axis axis);

// Copies the slice `index` normal to `axis` of a per-node field into `out`, which must hold
// width * height floats; the first in-plane axis runs fastest. Throws ConfigError when the
// index is out of range.
void extract_slice(const std::vector<float>& field, const Dims& d, Axis axis, std::uint32_t index,
                   float* out);

} // namespace ll
