// Derived fields of a MacroField (speed, velocity components, vorticity, density) and
// axis-aligned slices of them, for output files, PNG images and the visualiser.
#pragma once
#include "../engine/engine.hpp"
#include "../field_types.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

std::string_view to_string(FieldKind);
std::optional<FieldKind> parse_field(std::string_view);
// Units of the field in lattice units, for colour-bar labels. The temperature of the d2q37 model
// is T / T0; the Boussinesq model (an isothermal flow stencil) reports theta = T - T0 in units
// of its temperature difference.
std::string_view field_units(FieldKind, StencilKind);
// The ConfigError message for a temperature request on an isothermal model.
std::string temperature_unavailable();
// "thermal scenarios: ...": the presets with a temperature, for messages.
std::string thermal_scenarios();

// Signed fields (velocity components, 2D vorticity, one 3D vorticity component) take a
// diverging colour map centred on zero.
bool field_is_signed(FieldRequest, const Dims&);

// Fills `out` with one value per node (x fastest). Derivatives wrap periodically at the
// lattice edges, like the lattice itself; wall nodes keep whatever value their velocity gives.
void compute_field(const MacroField& m, const Dims& d, FieldRequest req, std::vector<float>& out);

std::optional<Axis> parse_axis(std::string_view);

// Copies the slice `index` normal to `axis` of a per-node field into `out`, which must hold
// width * height floats; the first in-plane axis runs fastest. Throws ConfigError when the
// index is out of range.
void extract_slice(const std::vector<float>& field, const Dims& d, Axis axis, std::uint32_t index,
                   float* out);

} // namespace ll
