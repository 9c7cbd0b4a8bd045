#include "gl_loader.hpp"

#include <GL/glew.h>

namespace ll::render::gl {

bool init_gl_loader(std::string& why) {
    glewExperimental = GL_TRUE; // core profiles hide extension strings GLEW would look for
    const GLenum rc = glewInit();
    // glewInit can leave GL_INVALID_ENUM behind on core contexts: clear it so later checks
    // report only our own errors.
    while (glGetError() != GL_NO_ERROR) {
    }
    if (rc != GLEW_OK && rc != GLEW_ERROR_NO_GLX_DISPLAY) {
        why = "glewInit failed: " +
              std::string(reinterpret_cast<const char*>(glewGetErrorString(rc)));
        return false;
    }
    if (glCreateShader == nullptr || glGenVertexArrays == nullptr) {
        why = "OpenGL 3.3 entry points are missing after glewInit";
        return false;
    }
    return true;
}

std::string gl_description() {
    const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return std::string(version ? version : "?") + " / " + (renderer ? renderer : "?");
}

} // namespace ll::render::gl
