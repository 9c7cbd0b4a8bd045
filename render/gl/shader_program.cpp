#include "shader_program.hpp"

#include <GL/glew.h>

namespace ll::render::gl {

namespace {

GLuint compile(const char* name, GLenum type, const char* source, std::string& why) {
    const GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok == GL_TRUE) return shader;
    char log[1024] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    why = std::string(name) + (type == GL_VERTEX_SHADER ? ".vert" : ".frag") +
          " does not compile: " + log;
    glDeleteShader(shader);
    return 0;
}

} // namespace

unsigned link_program(const char* name, const char* vert, const char* frag, std::string& why) {
    const GLuint vs = compile(name, GL_VERTEX_SHADER, vert, why);
    if (vs == 0) return 0;
    const GLuint fs = compile(name, GL_FRAGMENT_SHADER, frag, why);
    if (fs == 0) {
        glDeleteShader(vs);
        return 0;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs); // the program keeps them alive while attached
    glDeleteShader(fs);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok == GL_TRUE) return program;
    char log[1024] = {};
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    why = std::string(name) + " shaders do not link: " + log;
    glDeleteProgram(program);
    return 0;
}

} // namespace ll::render::gl
