// Loads OpenGL entry points through GLEW. Call it once per process with a context current.
#pragma once
#include <string>

namespace ll::render::gl {

// True when core GL 3.3 entry points are usable. GLEW 2.2 is built for GLX: in an EGL context
// glewInit() reports GLEW_ERROR_NO_GLX_DISPLAY after loading the core functions, which is
// success for us. On failure `why` says what went wrong.
bool init_gl_loader(std::string& why);

// "4.5 (Core Profile) Mesa 22.3.6 / llvmpipe", for the status bar and About.
std::string gl_description();

} // namespace ll::render::gl
