#include "gl_state.hpp"

#include <GL/glew.h>

namespace ll::render::gl {

StateGuard::StateGuard() {
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array_);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
    for (int unit = 0; unit < 2; ++unit) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit));
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_2d_[std::size_t(unit)]);
        glGetIntegerv(GL_SAMPLER_BINDING, &sampler_[std::size_t(unit)]);
    }
    glActiveTexture(GLenum(active_texture_));
    glGetIntegerv(GL_VIEWPORT, viewport_.data());
    blend_ = glIsEnabled(GL_BLEND);
    depth_ = glIsEnabled(GL_DEPTH_TEST);
    scissor_ = glIsEnabled(GL_SCISSOR_TEST);
    cull_ = glIsEnabled(GL_CULL_FACE);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpack_alignment_);
    glGetIntegerv(GL_UNPACK_ROW_LENGTH, &unpack_row_length_);
}

namespace {
void set_enabled(GLenum cap, bool on) {
    if (on)
        glEnable(cap);
    else
        glDisable(cap);
}
} // namespace

StateGuard::~StateGuard() {
    glUseProgram(GLuint(program_));
    glBindVertexArray(GLuint(vertex_array_));
    for (int unit = 0; unit < 2; ++unit) {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit));
        glBindTexture(GL_TEXTURE_2D, GLuint(texture_2d_[std::size_t(unit)]));
        glBindSampler(GLuint(unit), GLuint(sampler_[std::size_t(unit)]));
    }
    glActiveTexture(GLenum(active_texture_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
    set_enabled(GL_BLEND, blend_);
    set_enabled(GL_DEPTH_TEST, depth_);
    set_enabled(GL_SCISSOR_TEST, scissor_);
    set_enabled(GL_CULL_FACE, cull_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, unpack_alignment_);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, unpack_row_length_);
}

} // namespace ll::render::gl
