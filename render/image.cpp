#include "image.hpp"

#include "font5x7.hpp"

namespace ll::render {

Image::Image(int w, int h, Rgb fill) : width(w), height(h), rgb(std::size_t(w) * h * 3) {
    fill_rect(0, 0, w, h, fill);
}

void Image::set(int x, int y, Rgb c) {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    std::uint8_t* p = &rgb[(std::size_t(y) * width + x) * 3];
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
}

Rgb Image::get(int x, int y) const {
    const std::uint8_t* p = &rgb[(std::size_t(y) * width + x) * 3];
    return {p[0], p[1], p[2]};
}

void Image::fill_rect(int x, int y, int w, int h, Rgb c) {
    for (int j = y; j < y + h; ++j)
        for (int i = x; i < x + w; ++i)
            set(i, j, c);
}

int text_width(std::string_view text, int scale) {
    return text.empty() ? 0 : (int(text.size()) * kGlyphAdvance - 1) * scale;
}

void draw_text(Image& img, int x, int y, std::string_view text, Rgb color, int scale) {
    for (char c : text) {
        const std::uint8_t* rows = glyph_rows(c);
        for (int r = 0; r < kGlyphHeight; ++r)
            for (int col = 0; col < kGlyphWidth; ++col)
                if (rows[r] & (0x10 >> col))
                    img.fill_rect(x + col * scale, y + r * scale, scale, scale, color);
        x += kGlyphAdvance * scale;
    }
}

} // namespace ll::render
