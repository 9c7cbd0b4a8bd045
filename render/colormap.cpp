#include "colormap.hpp"

#include "solver/io/fields.hpp"

#include <algorithm>
#include <cmath>
#include <span>

namespace ll::render {
namespace {

// Anchor colours, equally spaced on [0, 1]:
// - viridis and inferno: the nine sRGB hex values at t = 0, 1/8, ..., 1 published with the
//   maps (van der Walt & Smith, "mpl colormaps", 2015) and reproduced in many style guides;
// - blue-white-red: ColorBrewer's 7-class "RdBu" (Brewer 2002) reversed so negative is blue,
//   with its white-ish centre at t = 1/2 (zero of a symmetric range).
// Linear interpolation in sRGB between nine anchors stays within a few levels of the full
// maps, which is ample for a picture; the tables are not meant for colour science.
constexpr std::uint32_t kViridis[] = {0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c,
                                      0x28ae80, 0x5ec962, 0xaddc30, 0xfde725};
constexpr std::uint32_t kInferno[] = {0x000004, 0x1f0c48, 0x550f6d, 0x88226a, 0xba3655,
                                      0xe35933, 0xf98e09, 0xf9cb35, 0xfcffa4};
constexpr std::uint32_t kBlueWhiteRed[] = {0x2166ac, 0x67a9cf, 0xd1e5f0, 0xf7f7f7,
                                           0xfddbc7, 0xef8a62, 0xb2182b};

Rgb unpack(std::uint32_t hex) {
    return {std::uint8_t(hex >> 16), std::uint8_t(hex >> 8), std::uint8_t(hex)};
}

ColorTable build(std::span<const std::uint32_t> anchors) {
    ColorTable table;
    const double segments = double(anchors.size() - 1);
    for (std::size_t i = 0; i < table.size(); ++i) {
        const double pos = double(i) / double(table.size() - 1) * segments;
        const std::size_t k = std::min(std::size_t(pos), anchors.size() - 2);
        const double f = pos - double(k);
        const Rgb a = unpack(anchors[k]), b = unpack(anchors[k + 1]);
        const auto mix = [f](std::uint8_t x, std::uint8_t y) {
            return std::uint8_t(std::lround(x + f * (double(y) - double(x))));
        };
        table[i] = {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
    }
    return table;
}

} // namespace

std::string_view to_string(ColorMap m) {
    switch (m) {
    case ColorMap::Viridis:
        return "viridis";
    case ColorMap::BlueWhiteRed:
        return "blue_white_red";
    case ColorMap::Inferno:
        return "inferno";
    }
    return "?";
}

std::optional<ColorMap> parse_colormap(std::string_view s) {
    for (ColorMap m : {ColorMap::Viridis, ColorMap::BlueWhiteRed, ColorMap::Inferno})
        if (to_string(m) == s) return m;
    return std::nullopt;
}

const ColorTable& color_table(ColorMap m) {
    static const ColorTable viridis = build(kViridis);
    static const ColorTable inferno = build(kInferno);
    static const ColorTable diverging = build(kBlueWhiteRed);
    switch (m) {
    case ColorMap::Viridis:
        return viridis;
    case ColorMap::Inferno:
        return inferno;
    case ColorMap::BlueWhiteRed:
        return diverging;
    }
    return viridis;
}

Rgb map_color(ColorMap m, float t) {
    if (std::isnan(t)) return kNoDataColor;
    const float c = std::clamp(t, 0.0f, 1.0f);
    return color_table(m)[std::size_t(std::lround(c * 255.0f))];
}

ColorMap default_colormap(const FieldRequest& field, const Dims& dims) {
    if (field.kind == FieldKind::Temperature) return ColorMap::Inferno;
    return field_is_signed(field, dims) ? ColorMap::BlueWhiteRed : ColorMap::Viridis;
}

} // namespace ll::render
