// The subdomains' outlines on the slice: a thin line across the slice at every column and row
// where two tiles meet (the solver's SliceCuts), on the slice's rectangle as drawn (row 0 at the
// bottom, view_transform.hpp). Drawn white over a dark shadow one pixel aside, so a line reads
// on every colour map, the white of blue-white-red included.
#pragma once
#include "line_painter.hpp"
#include "view_transform.hpp"

#include <cstdint>
#include <vector>

namespace ll::render::gl {

struct CutLines {
    std::vector<Segment> lines, shadow;
};

// Lines at columns `u` and rows `v` (node boundaries: column c is the left edge of node c) of a
// width x height slice drawn in `slice`.
CutLines cut_lines(const PixelRect& slice, std::uint32_t width, std::uint32_t height,
                   const std::vector<std::uint32_t>& u, const std::vector<std::uint32_t>& v);

inline constexpr std::array<float, 4> kCutColor{1.0f, 1.0f, 1.0f, 1.0f};
inline constexpr std::array<float, 4> kCutShadowColor{0.05f, 0.05f, 0.08f, 1.0f};

inline void draw_cut_lines(LinePainter& painter, const CutLines& c, int fb_w, int fb_h, float dpr) {
    painter.draw({{&c.shadow, kCutShadowColor}, {&c.lines, kCutColor}}, fb_w, fb_h, dpr);
}

} // namespace ll::render::gl
