// Saves and restores exactly the GL state a LatticeLab pass touches. Qt, Dear ImGui and the
// slice renderer share one context, so every pass leaves that state as it found it.
#pragma once
#include <array>

namespace ll::render::gl {

class StateGuard {
public:
    // Captures: current program, vertex array, active texture unit, the 2D texture and sampler
    // bound on units 0 and 1, viewport, blend / depth / scissor / cull enables and the unpack
    // alignment and row length (used by uploads).
    StateGuard();
    ~StateGuard();
    StateGuard(const StateGuard&) = delete;
    StateGuard& operator=(const StateGuard&) = delete;

private:
    int program_ = 0, vertex_array_ = 0, active_texture_ = 0;
    std::array<int, 2> texture_2d_{}, sampler_{};
    std::array<int, 4> viewport_{};
    bool blend_ = false, depth_ = false, scissor_ = false, cull_ = false;
    int unpack_alignment_ = 4, unpack_row_length_ = 0;
};

} // namespace ll::render::gl
