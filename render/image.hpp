// An 8-bit RGB raster with the few drawing operations figures need: rectangles and text in
// the built-in 5x7 font. Drawing clips at the image edges.
#pragma once
#include "colormap.hpp"

#include <string_view>
#include <vector>

namespace ll::render {

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb; // row-major, top row first, 3 bytes per pixel

    Image() = default;
    Image(int w, int h, Rgb fill);
    void set(int x, int y, Rgb c);
    Rgb get(int x, int y) const;
    void fill_rect(int x, int y, int w, int h, Rgb c);
};

// Width in pixels of `text` drawn at integer magnification `scale`.
int text_width(std::string_view text, int scale);
// Draws `text` with its top-left corner at (x, y).
void draw_text(Image& img, int x, int y, std::string_view text, Rgb color, int scale);

} // namespace ll::render
