// The inset's geometry (its GL drawing: line_painter.cpp).
#include "box_outline.hpp"

#include <algorithm>

namespace ll::render::gl {

namespace {

// Oblique (cabinet) projection: depth y recedes up and to the right at half scale, the usual
// textbook drawing of a box, so all three axes stay readable in a small inset.
constexpr float kDepthX = 0.35f, kDepthY = 0.35f;

struct Projected {
    float x, y; // unscaled, y up
};

Projected project(float x, float y, float z) {
    return {x + kDepthX * y, z + kDepthY * y};
}

} // namespace

BoxOutlineGeometry box_outline_geometry(std::array<std::uint32_t, 3> dims, int axis,
                                        std::uint32_t index, PixelRect area) {
    const float n[3] = {float(std::max(dims[0], 1u)), float(std::max(dims[1], 1u)),
                        float(std::max(dims[2], 1u))};
    // The projected box spans [0, nx + a ny] x [0, nz + b ny]: scale it into the area.
    const float pw = n[0] + kDepthX * n[1], ph = n[2] + kDepthY * n[1];
    const float s = std::min(area.w / pw, area.h / ph);
    const float ox = area.x + (area.w - s * pw) / 2, oy = area.y + (area.h + s * ph) / 2;
    const auto to_pixels = [&](float x, float y, float z) {
        const Projected p = project(x, y, z);
        return std::array<float, 2>{ox + s * p.x, oy - s * p.y};
    };
    const auto segment = [&](std::array<float, 3> a, std::array<float, 3> b) {
        const auto p = to_pixels(a[0], a[1], a[2]), q = to_pixels(b[0], b[1], b[2]);
        return Segment{p[0], p[1], q[0], q[1]};
    };

    BoxOutlineGeometry g;
    // Edges along each axis k: the four combinations of the other two coordinates.
    for (int k = 0; k < 3; ++k)
        for (int c = 0; c < 4; ++c) {
            std::array<float, 3> a{}, b{};
            const int u = (k + 1) % 3, v = (k + 2) % 3;
            a[std::size_t(u)] = b[std::size_t(u)] = (c & 1) ? n[u] : 0;
            a[std::size_t(v)] = b[std::size_t(v)] = (c & 2) ? n[v] : 0;
            b[std::size_t(k)] = n[k];
            g.box.push_back(segment(a, b));
        }
    // The plane through the node's centre, a rectangle spanning the other two axes.
    const int k = std::clamp(axis, 0, 2);
    const float at = std::min(float(index) + 0.5f, n[k]);
    const int u = (k + 1) % 3, v = (k + 2) % 3;
    std::array<std::array<float, 3>, 4> corner{};
    for (int c = 0; c < 4; ++c) {
        corner[std::size_t(c)][std::size_t(k)] = at;
        corner[std::size_t(c)][std::size_t(u)] = (c == 1 || c == 2) ? n[u] : 0;
        corner[std::size_t(c)][std::size_t(v)] = (c >= 2) ? n[v] : 0;
    }
    for (std::size_t c = 0; c < 4; ++c)
        g.plane.push_back(segment(corner[c], corner[(c + 1) % 4]));
    return g;
}

} // namespace ll::render::gl
