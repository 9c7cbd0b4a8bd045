// Headless rendering: an EGL device context with no surface and no X, a SliceView drawing a
// known ramp into an offscreen framebuffer, and the read-back pixels checked against the
// colour map's own colours. Writes the picture next to the test binary for a look.
#include "render/egl/headless_gl.hpp"
#include "render/egl/slice_painter.hpp"
#include "render/gl/slice_view.hpp"
#include "render/png_writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace ll::render {
namespace {

void expect_close(Rgb got, Rgb want, const char* where) {
    EXPECT_NEAR(got.r, want.r, 4) << where;
    EXPECT_NEAR(got.g, want.g, 4) << where;
    EXPECT_NEAR(got.b, want.b, 4) << where;
}

TEST(HeadlessRender, SliceRampThroughEglMatchesTheColourMap) {
    std::string why;
    auto context = egl::HeadlessGl::create(why);
    if (!context) GTEST_SKIP() << "no headless GL: " << why;
    std::printf("headless GL: %s\n", context->description().c_str());
    EXPECT_NE(context->description().find("GL"), std::string::npos);

    // A 64 x 32 slice, value = x / 63, drawn 2 pixels per node into 128 x 64.
    const std::uint32_t w = 64, h = 32;
    std::vector<float> ramp(w * h);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x)
            ramp[y * w + x] = float(x) / float(w - 1);
    for (ColorMap map : {ColorMap::Viridis, ColorMap::BlueWhiteRed, ColorMap::Inferno}) {
        gl::SliceView view;
        ASSERT_TRUE(view.init(why)) << why;
        view.set_colormap(map);
        view.set_range({0.0f, 1.0f});
        view.upload(ramp.data(), w, h);
        egl::OffscreenFramebuffer target(128, 64);
        target.bind();
        view.draw(128, 64, 1.0f);
        const Image img = target.read();
        view.release();
        expect_close(img.get(0, 32), map_color(map, 0.0f), "left edge (value 0)");
        expect_close(img.get(127, 32), map_color(map, 1.0f), "right edge (value 1)");
        expect_close(img.get(64, 32), map_color(map, 64.5f / 127.0f), "middle");
        if (map == ColorMap::Viridis)
            write_png(std::string(LATTICELAB_RENDER_OUTPUT) + "/headless_ramp.png", img);
    }
}

// The figure `latticelab --png` writes: the GL-painted slice must agree with the CPU colour
// mapping pixel by pixel (within 4 levels per channel: GPU interpolation and rounding), on a
// swirling field with NaN holes (solids) and for a signed field with a diverging map.
TEST(HeadlessRender, GlPaintedFigureMatchesTheCpuFigure) {
    std::string why;
    auto context = egl::HeadlessGl::create(why);
    if (!context) GTEST_SKIP() << "no headless GL: " << why;
    const int w = 48, h = 40;
    std::vector<float> field(std::size_t(w) * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            field[std::size_t(y) * w + x] =
                (x - 20) * (x - 20) + (y - 18) * (y - 18) < 25
                    ? NAN
                    : std::sin(0.2f * float(x)) * std::cos(0.15f * float(y));
    for (bool symmetric : {false, true}) {
        SliceFigure f;
        f.values = field.data();
        f.width = w;
        f.height = h;
        f.title = "test";
        f.units = "lattice units";
        f.symmetric = symmetric;
        f.map = symmetric ? ColorMap::BlueWhiteRed : ColorMap::Viridis;
        const int scale = figure_size(f).scale;
        const Image painted = egl::paint_slice(*context, f, scale, figure_range(f));
        const Image gl = render_slice_figure(f, &painted), cpu = render_slice_figure(f);
        ASSERT_EQ(gl.width, cpu.width);
        ASSERT_EQ(gl.height, cpu.height);
        int worst = 0, grey_holes = 0;
        for (int y = 0; y < gl.height; ++y)
            for (int x = 0; x < gl.width; ++x) {
                const Rgb a = gl.get(x, y), b = cpu.get(x, y);
                worst = std::max(
                    {worst, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
                grey_holes += a == kNoDataColor && b == kNoDataColor;
            }
        EXPECT_LE(worst, 4) << (symmetric ? "signed" : "magnitude");
        EXPECT_GT(grey_holes, 0) << "solid nodes (NaN) must show kNoDataColor in both";
    }
}

} // namespace
} // namespace ll::render
