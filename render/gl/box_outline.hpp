// A small wireframe inset for 3D lattices: the 12 edges of the lattice box in an oblique
// projection and the 4 edges of the slice plane now shown, drawn as GL lines (line_painter.hpp).
// The geometry is plain arithmetic, so the GUI's tests and hit tests share it.
#pragma once
#include "line_painter.hpp"
#include "view_transform.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace ll::render::gl {

struct BoxOutlineGeometry {
    std::vector<Segment> box;   // 12 edges
    std::vector<Segment> plane; // 4 edges of the slice plane
};

// The box nx x ny x nz (x right, y into the picture, z up) fitted into `area`, with the plane
// normal to `axis` (0 = x, 1 = y, 2 = z) through node `index`.
BoxOutlineGeometry box_outline_geometry(std::array<std::uint32_t, 3> dims, int axis,
                                        std::uint32_t index, PixelRect area);

inline constexpr std::array<float, 4> kBoxColor{0.75f, 0.75f, 0.8f, 1.0f};
inline constexpr std::array<float, 4> kPlaneColor{1.0f, 0.8f, 0.1f, 1.0f};

// Draws the inset into the bound framebuffer of fb_w x fb_h device pixels.
inline void draw_box_outline(LinePainter& painter, const BoxOutlineGeometry& g, int fb_w, int fb_h,
                             float dpr) {
    painter.draw({{&g.box, kBoxColor}, {&g.plane, kPlaneColor}}, fb_w, fb_h, dpr);
}

} // namespace ll::render::gl
