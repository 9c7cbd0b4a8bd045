// One GLSL program from a vertex and a fragment shader (the sources embedded from shaders/).
// Needs a current GL context with entry points loaded.
#pragma once
#include <string>

namespace ll::render::gl {

// The linked program, or 0 with `why` naming the shader (`name`.vert / `name`.frag) and the
// compiler's or linker's log.
unsigned link_program(const char* name, const char* vert, const char* frag, std::string& why);

} // namespace ll::render::gl
