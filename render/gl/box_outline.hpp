// A small wireframe inset for 3D lattices: the 12 edges of the lattice box in an oblique
// projection and the 4 edges of the slice plane now shown, drawn as GL lines (shaders/
// outline.*). The geometry is plain arithmetic, so the GUI's tests and hit tests share it.
#pragma once
#include "view_transform.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ll::render::gl {

struct Segment {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0; // logical pixels, y down
};

struct BoxOutlineGeometry {
    std::vector<Segment> box;   // 12 edges
    std::vector<Segment> plane; // 4 edges of the slice plane
};

// The box nx x ny x nz (x right, y into the picture, z up) fitted into `area`, with the plane
// normal to `axis` (0 = x, 1 = y, 2 = z) through node `index`.
BoxOutlineGeometry box_outline_geometry(std::array<std::uint32_t, 3> dims, int axis,
                                        std::uint32_t index, PixelRect area);

class BoxOutline {
public:
    BoxOutline() = default;
    ~BoxOutline() = default;
    BoxOutline(const BoxOutline&) = delete;
    BoxOutline& operator=(const BoxOutline&) = delete;

    // Needs a GL 3.3 core context current; false with `why` on failure.
    bool init(std::string& why);
    void release(); // with the context current
    // Draws into the bound framebuffer of fb_w x fb_h device pixels; restores the GL state.
    void draw(const BoxOutlineGeometry& g, int fb_w, int fb_h, float dpr);

    static constexpr std::array<float, 4> kBoxColor{0.75f, 0.75f, 0.8f, 1.0f};
    static constexpr std::array<float, 4> kPlaneColor{1.0f, 0.8f, 0.1f, 1.0f};

private:
    unsigned program_ = 0, vertex_array_ = 0, buffer_ = 0;
    int loc_viewport_ = -1, loc_color_ = -1;
};

} // namespace ll::render::gl
