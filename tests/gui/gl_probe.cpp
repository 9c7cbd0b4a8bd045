#include "gl_probe.hpp"

#include <GL/glew.h>

namespace ll::test {

namespace {
int get(GLenum what) {
    GLint v = 0;
    glGetIntegerv(what, &v);
    return v;
}
unsigned scribble_textures[2] = {0, 0};
unsigned scribble_vao = 0;
} // namespace

GlState read_state() {
    GlState s{};
    s.program = get(GL_CURRENT_PROGRAM);
    s.vertex_array = get(GL_VERTEX_ARRAY_BINDING);
    s.active_texture = get(GL_ACTIVE_TEXTURE);
    glActiveTexture(GL_TEXTURE0);
    s.tex0 = get(GL_TEXTURE_BINDING_2D);
    s.sampler0 = get(GL_SAMPLER_BINDING);
    glActiveTexture(GL_TEXTURE1);
    s.tex1 = get(GL_TEXTURE_BINDING_2D);
    s.sampler1 = get(GL_SAMPLER_BINDING);
    glActiveTexture(GLenum(s.active_texture));
    s.unpack_alignment = get(GL_UNPACK_ALIGNMENT);
    s.unpack_row_length = get(GL_UNPACK_ROW_LENGTH);
    s.framebuffer = get(GL_DRAW_FRAMEBUFFER_BINDING);
    s.array_buffer = get(GL_ARRAY_BUFFER_BINDING);
    glGetIntegerv(GL_VIEWPORT, s.viewport.data());
    s.blend = glIsEnabled(GL_BLEND);
    s.depth = glIsEnabled(GL_DEPTH_TEST);
    s.scissor = glIsEnabled(GL_SCISSOR_TEST);
    s.cull = glIsEnabled(GL_CULL_FACE);
    return s;
}

std::string describe(const GlState& s) {
    auto n = [](int v) { return std::to_string(v); };
    return "program " + n(s.program) + " vao " + n(s.vertex_array) + " active " +
           n(s.active_texture) + " tex " + n(s.tex0) + "/" + n(s.tex1) + " samplers " +
           n(s.sampler0) + "/" + n(s.sampler1) + " unpack " + n(s.unpack_alignment) + "/" +
           n(s.unpack_row_length) + " fbo " + n(s.framebuffer) + " viewport " + n(s.viewport[0]) +
           "," + n(s.viewport[1]) + "," + n(s.viewport[2]) + "," + n(s.viewport[3]) + " blend " +
           n(s.blend) + " depth " + n(s.depth) + " scissor " + n(s.scissor) + " cull " + n(s.cull);
}

void scribble_state() {
    if (scribble_textures[0] == 0) {
        glGenTextures(2, scribble_textures);
        glGenVertexArrays(1, &scribble_vao);
    }
    glBindVertexArray(scribble_vao);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, scribble_textures[0]);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, scribble_textures[1]);
    glActiveTexture(GL_TEXTURE3); // a unit the renderer does not use stays the active one
    glViewport(3, 5, 17, 11);
    glEnable(GL_BLEND);
    glEnable(GL_SCISSOR_TEST);
    glEnable(GL_CULL_FACE);
    glEnable(GL_DEPTH_TEST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 7);
}

Target::Target(int w, int h) : w_(w), h_(h) {
    glGenTextures(1, &color_);
    glBindTexture(GL_TEXTURE_2D, color_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fbo_);
    previous_ = unsigned(get(GL_DRAW_FRAMEBUFFER_BINDING));
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, previous_);
}

Target::~Target() {
    glBindFramebuffer(GL_FRAMEBUFFER, previous_);
    glDeleteFramebuffers(1, &fbo_);
    glDeleteTextures(1, &color_);
}

void Target::bind() {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
}

std::vector<std::uint8_t> Target::read() {
    std::vector<std::uint8_t> px(std::size_t(w_) * h_ * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w_, h_, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    return px;
}

unsigned gl_error() {
    return glGetError();
}

} // namespace ll::test
