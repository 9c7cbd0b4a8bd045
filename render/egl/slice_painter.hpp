// Draws a slice through the GL renderer (render/gl/SliceView) in a headless context and
// returns the picture, for figures and PNG files made without a window: `latticelab --png`.
#pragma once
#include "headless_gl.hpp"
#include "render/gl/slice_target.hpp"
#include "render/slice_figure.hpp"

#include <memory>

namespace ll::render::egl {

// (width * scale) x (height * scale) pixels, row 0 of the slice at the bottom, coloured over
// `range`. The values come from `source` when given (e.g. an interop texture already filled
// on the device), else from f.values through the host copy. Throws std::runtime_error when
// the renderer cannot start.
Image paint_slice(const HeadlessGl& context, const SliceFigure& f, int scale, FigureRange range,
                  std::unique_ptr<gl::SliceTarget> source = nullptr);

} // namespace ll::render::egl
