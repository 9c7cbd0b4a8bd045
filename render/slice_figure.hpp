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

// The colour range: the data's min..max (NaN ignored), or +/- its largest magnitude when
// `symmetric`; a flat field gets a small visible range.
struct FigureRange {
    float lo = 0, hi = 1;
};
FigureRange figure_range(const SliceFigure& f);

// Draws the figure. The slice is colour-mapped here on the CPU unless `painted` is given: a
// (width * scale) x (height * scale) picture of the slice already drawn with figure_range()
// (the headless GL path), which is then placed into the plot area as it is.
Image render_slice_figure(const SliceFigure& f, const Image* painted = nullptr);

} // namespace ll::render
