#include "cut_lines.hpp"

namespace ll::render::gl {

CutLines cut_lines(const PixelRect& slice, std::uint32_t width, std::uint32_t height,
                   const std::vector<std::uint32_t>& u, const std::vector<std::uint32_t>& v) {
    CutLines c;
    if (width == 0 || height == 0) return c;
    const float right = slice.x + slice.w, bottom = slice.y + slice.h;
    for (std::uint32_t col : u) {
        const float x = slice.x + slice.w * float(col) / float(width);
        c.lines.push_back({x, slice.y, x, bottom});
        c.shadow.push_back({x + 1, slice.y, x + 1, bottom});
    }
    for (std::uint32_t row : v) {
        const float y = bottom - slice.h * float(row) / float(height);
        c.lines.push_back({slice.x, y, right, y});
        c.shadow.push_back({slice.x, y + 1, right, y + 1});
    }
    return c;
}

} // namespace ll::render::gl
