#include "slice_painter.hpp"

#include "render/gl/slice_view.hpp"

#include <stdexcept>

namespace ll::render::egl {

Image paint_slice(const HeadlessGl&, const SliceFigure& f, int scale, FigureRange range,
                  std::unique_ptr<gl::SliceTarget> source) {
    gl::SliceView view;
    std::string why;
    if (!view.init(why)) throw std::runtime_error("GL slice renderer: " + why);
    view.set_colormap(f.map);
    view.set_range({range.lo, range.hi});
    if (source)
        view.set_target(std::move(source));
    else
        view.upload(f.values, std::uint32_t(f.width), std::uint32_t(f.height));
    OffscreenFramebuffer target(f.width * scale, f.height * scale);
    target.bind();
    view.draw(target.width(), target.height(), 1.0f);
    Image img = target.read();
    view.release();
    return img;
}

} // namespace ll::render::egl
