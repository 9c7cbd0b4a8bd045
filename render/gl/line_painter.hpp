// Flat-coloured line segments given in logical pixels (shaders/outline.*), drawn as GL lines:
// the 3D inset's box and slice plane (box_outline.hpp) and the subdomains' outlines on the
// slice (cut_lines.hpp). Needs a GL 3.3 core context; draw() restores the GL state it touches.
#pragma once
#include <array>
#include <string>
#include <vector>

namespace ll::render::gl {

struct Segment {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0; // logical pixels, y down
};

// Segments drawn in one colour (RGBA, 0..1).
struct LineGroup {
    const std::vector<Segment>* segments = nullptr;
    std::array<float, 4> color{1, 1, 1, 1};
};

class LinePainter {
public:
    LinePainter() = default;
    LinePainter(const LinePainter&) = delete;
    LinePainter& operator=(const LinePainter&) = delete;

    // With the context current; false with `why` on failure.
    bool init(std::string& why);
    void release(); // with the context current
    // Draws the groups in order (later ones on top) into the bound framebuffer of fb_w x fb_h
    // device pixels; dpr: device pixels per logical pixel.
    void draw(const std::vector<LineGroup>& groups, int fb_w, int fb_h, float dpr);

private:
    unsigned program_ = 0, vertex_array_ = 0, buffer_ = 0;
    int loc_viewport_ = -1, loc_color_ = -1;
};

} // namespace ll::render::gl
