// Where a w x h slice sits in a viewport, with pan and zoom: pure arithmetic shared by the
// renderer (to place the quad), the mouse tools (to find the node under the cursor) and tests.
// Viewport coordinates are logical pixels, origin at the top-left, y down; slice row 0 is drawn
// at the bottom so that +y of the lattice points up on screen.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

namespace ll::render::gl {

struct PixelRect {
    float x = 0, y = 0, w = 0, h = 0;
};

struct NodeXY {
    std::uint32_t x = 0, y = 0;
};

struct ViewTransform {
    float zoom = 1;             // 1: the whole slice fits the viewport
    float pan_x = 0, pan_y = 0; // offset of the slice centre from the viewport centre, pixels

    // Pixels per lattice node.
    float scale(float vw, float vh, std::uint32_t sw, std::uint32_t sh) const {
        if (sw == 0 || sh == 0) return 1;
        return std::min(vw / float(sw), vh / float(sh)) * zoom;
    }

    PixelRect slice_rect(float vw, float vh, std::uint32_t sw, std::uint32_t sh) const {
        const float s = scale(vw, vh, sw, sh);
        const float w = s * float(sw), h = s * float(sh);
        return {vw / 2 + pan_x - w / 2, vh / 2 + pan_y - h / 2, w, h};
    }

    // The node under a viewport point, or nothing outside the slice.
    std::optional<NodeXY> node_at(float px, float py, float vw, float vh, std::uint32_t sw,
                                  std::uint32_t sh) const {
        const PixelRect r = slice_rect(vw, vh, sw, sh);
        if (r.w <= 0 || r.h <= 0) return std::nullopt;
        const float u = (px - r.x) / r.w * float(sw);
        const float v = (r.y + r.h - py) / r.h * float(sh);
        if (!(u >= 0 && v >= 0 && u < float(sw) && v < float(sh))) return std::nullopt;
        return NodeXY{std::uint32_t(u), std::uint32_t(v)};
    }

    // Zooms by `factor` keeping the point (px, py) fixed on screen.
    void zoom_at(float factor, float px, float py, float vw, float vh) {
        const float next = std::clamp(zoom * factor, 0.25f, 64.0f);
        const float f = next / zoom;
        // The slice centre c moves so that p - c scales by f: c' = p - f (p - c).
        const float cx = vw / 2 + pan_x, cy = vh / 2 + pan_y;
        pan_x = px - f * (px - cx) - vw / 2;
        pan_y = py - f * (py - cy) - vh / 2;
        zoom = next;
    }

    void reset() { *this = ViewTransform{}; }
};

} // namespace ll::render::gl
