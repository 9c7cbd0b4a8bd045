// GL-side helpers for test_gui_slice_view.cpp, kept apart because GLEW and Qt's GL headers
// cannot share a translation unit.
#pragma once
#include "render/gl/slice_view.hpp"

#include <array>
#include <string>
#include <vector>

namespace ll::test {

// The state a renderer pass could disturb, read back from GL (a superset of StateGuard's).
struct GlState {
    int program, vertex_array, active_texture, tex0, tex1, sampler0, sampler1, unpack_alignment,
        unpack_row_length, framebuffer, array_buffer;
    std::array<int, 4> viewport;
    bool blend, depth, scissor, cull;
    bool operator==(const GlState&) const = default;
};
GlState read_state();
std::string describe(const GlState& s);

// Puts unusual values everywhere read_state() looks (textures, viewport, enables, unpack).
void scribble_state();

// An RGBA8 framebuffer object of w x h pixels to draw into; read() returns RGBA rows, bottom
// row first (GL order).
class Target {
public:
    Target(int w, int h);
    ~Target();
    void bind();
    std::vector<std::uint8_t> read();

private:
    int w_, h_;
    unsigned fbo_ = 0, color_ = 0, previous_ = 0;
};

unsigned gl_error();

} // namespace ll::test
