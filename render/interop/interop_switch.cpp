#include "cuda_gl_slice_target.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace ll::render::interop {

bool interop_forced_off(std::string& why) {
    const char* v = std::getenv("LATTICELAB_INTEROP");
    if (v == nullptr) return false;
    std::string s(v);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    if (s != "off" && s != "0" && s != "no" && s != "false") return false;
    why = "interop forced off by LATTICELAB_INTEROP=" + std::string(v);
    return true;
}

} // namespace ll::render::interop
