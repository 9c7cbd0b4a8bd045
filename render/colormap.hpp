// CPU colour maps as 256-entry RGB tables: viridis for magnitudes, a blue-white-red map for
// signed fields, inferno for temperatures. Each table is built from published anchor colours
// (colormap.cpp lists them) by linear interpolation in sRGB between equally spaced anchors.
#pragma once
#include "solver/field_types.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ll::render {

enum class ColorMap : std::uint8_t { Viridis, BlueWhiteRed, Inferno };

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    bool operator==(const Rgb&) const = default;
};

using ColorTable = std::array<Rgb, 256>;

// Nodes with no fluid value (solids, NaN) in every picture, CPU or GL: a flat dark grey that
// stands out against all three maps. The GL renderer passes it to its shader as a uniform.
inline constexpr Rgb kNoDataColor{82, 82, 87};

std::string_view to_string(ColorMap);
std::optional<ColorMap> parse_colormap(std::string_view);

// The 256-entry table, built once.
const ColorTable& color_table(ColorMap);

// Colour of t in [0, 1] (clamped; NaN gives kNoDataColor, so holes in data stay visible).
Rgb map_color(ColorMap, float t);

// The map a field starts with, wherever one is chosen (CLI PNG, visualiser): blue-white-red
// for signed fields (ll::field_is_signed), inferno for temperature, viridis otherwise.
ColorMap default_colormap(const FieldRequest& field, const Dims& dims);

} // namespace ll::render
