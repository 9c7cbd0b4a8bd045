#include "host_slice_target.hpp"

#include "gl_state.hpp"

#include <GL/glew.h>

namespace ll::render::gl {

HostSliceTarget::~HostSliceTarget() {
    // The owner destroys targets with the context current (SliceView::release()).
    if (texture_ != 0) glDeleteTextures(1, &texture_);
}

void HostSliceTarget::upload(const float* values, std::uint32_t w, std::uint32_t h) {
    if (values == nullptr || w == 0 || h == 0) return;
    StateGuard guard;
    glActiveTexture(GL_TEXTURE0);
    if (texture_ == 0) glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    if (w != width_ || h != height_) {
        // Nearest filtering shows one flat texel per lattice node, so painted obstacles and the
        // hover readout line up with what the user sees.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, GLsizei(w), GLsizei(h), 0, GL_RED, GL_FLOAT,
                     nullptr);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        width_ = w;
        height_ = h;
    }
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, GLsizei(w), GLsizei(h), GL_RED, GL_FLOAT, values);
}

} // namespace ll::render::gl
