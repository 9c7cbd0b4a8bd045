// A slice of a scalar field as a picture: the coloured slice (y up), a colour bar with tick
// values, and a title with the field name and units.
//
// Layout, in pixels, for a W x H slice (so tests and callers can predict the size):
//   s       = max(1, 512 / max(W, H))        integer magnification of the slice
//   plot    = W*s x H*s, at (10, 34)
//   width   = max(10 + W*s + 120, title width + 20)
//   height  = 34 + max(H*s, 160) + 10
#pragma once
#include "image.hpp"

#include <string>

namespace ll::render {

struct SliceFigure {
    const float* values = nullptr; // width * height, first index fastest, row 0 at the bottom
    int width = 0, height = 0;
    std::string title; // e.g. "speed"
    std::string units; // e.g. "lattice units"
    ColorMap map = ColorMap::Viridis;
    bool symmetric = false; // range [-m, m] around zero (diverging maps)
};

struct FigureSize {
    int width = 0, height = 0, scale = 1;
};
FigureSize figure_size(const SliceFigure& f);

// Draws the figure. The colour range is the data's min..max (NaN ignored), or +/- its largest
// magnitude when `symmetric`.
Image render_slice_figure(const SliceFigure& f);

} // namespace ll::render
