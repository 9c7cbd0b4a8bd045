#include "line_painter.hpp"

#include "gl_state.hpp"
#include "latticelab_shaders.hpp"
#include "shader_program.hpp"

#include <GL/glew.h>

namespace ll::render::gl {

bool LinePainter::init(std::string& why) {
    StateGuard guard;
    program_ = link_program("outline", shaders::outline_vert, shaders::outline_frag, why);
    if (program_ == 0) return false;
    loc_viewport_ = glGetUniformLocation(program_, "u_viewport");
    loc_color_ = glGetUniformLocation(program_, "u_color");
    GLint old_buffer = 0;
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &old_buffer);
    glGenVertexArrays(1, &vertex_array_);
    glGenBuffers(1, &buffer_);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, GLuint(old_buffer));
    return glGetError() == GL_NO_ERROR || (why = "GL error while creating the line painter", false);
}

void LinePainter::release() {
    if (buffer_ != 0) glDeleteBuffers(1, &buffer_);
    if (vertex_array_ != 0) glDeleteVertexArrays(1, &vertex_array_);
    if (program_ != 0) glDeleteProgram(program_);
    buffer_ = vertex_array_ = program_ = 0;
}

void LinePainter::draw(const std::vector<LineGroup>& groups, int fb_w, int fb_h, float dpr) {
    if (program_ == 0 || fb_w <= 0 || fb_h <= 0) return;
    std::vector<float> xy;
    for (const LineGroup& g : groups)
        for (const Segment& s : *g.segments)
            xy.insert(xy.end(), {s.x0, s.y0, s.x1, s.y1});
    if (xy.empty()) return;
    StateGuard guard;
    GLint old_buffer = 0;
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &old_buffer);
    glViewport(0, 0, fb_w, fb_h);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(program_);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(xy.size() * sizeof(float)), xy.data(), GL_STREAM_DRAW);
    glUniform2f(loc_viewport_, float(fb_w) / dpr, float(fb_h) / dpr);
    GLint first = 0;
    for (const LineGroup& g : groups) {
        const GLsizei vertices = GLsizei(2 * g.segments->size());
        glUniform4fv(loc_color_, 1, g.color.data());
        glDrawArrays(GL_LINES, first, vertices);
        first += vertices;
    }
    glBindBuffer(GL_ARRAY_BUFFER, GLuint(old_buffer));
}

} // namespace ll::render::gl
