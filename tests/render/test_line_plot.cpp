// The line plot (render/line_plot.hpp): series colours where plot_frame() maps their points and
// nowhere outside the plot area, legend and title, log axes, gaps, "no data", errors naming the
// series, and PNG output. Writes two example plots next to the test binary for a look.
#include "render/line_plot.hpp"
#include "render/png_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <stdexcept>
#include <tuple>

namespace ll::render {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr Rgb kWhite{255, 255, 255}, kBlack{0, 0, 0};

int round_px(double v) {
    return int(std::lround(v));
}

bool inside(const PlotFrame& f, int x, int y) {
    return x >= f.left && x <= f.right && y >= f.top && y <= f.bottom;
}

// Pixels of colour c, counted inside or outside the plot area.
int count_color(const Image& img, Rgb c, const PlotFrame& f, bool in_area) {
    int n = 0;
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x)
            n += img.get(x, y) == c && inside(f, x, y) == in_area;
    return n;
}

int count_color(const Image& img, Rgb c) {
    int n = 0;
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x)
            n += img.get(x, y) == c;
    return n;
}

// Dark pixels (text, not grid lines) in rows [y0, y1) and columns [x0, x1).
int count_dark(const Image& img, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            n += img.get(x, y).r < 200;
    return n;
}

PlotSeries series(std::string label, std::vector<double> x, std::vector<double> y, Rgb color) {
    PlotSeries s;
    s.label = std::move(label);
    s.x = std::move(x);
    s.y = std::move(y);
    s.color = color;
    return s;
}

TEST(LinePlot, PaletteHasEightDistinctColoursAndCycles) {
    std::set<std::tuple<int, int, int>> seen;
    for (int i = 0; i < 8; ++i)
        seen.insert({plot_color(i).r, plot_color(i).g, plot_color(i).b});
    EXPECT_EQ(seen.size(), 8u);
    EXPECT_EQ(plot_color(8), plot_color(0));
    EXPECT_EQ(plot_color(-1), plot_color(7));
}

TEST(LinePlot, SeriesColourSitsOnItsPointsAndStaysInsideThePlotArea) {
    // y = x^2 for x = 0..10 with a fixed range that cuts the curve at x = 5: the line from
    // (5, 25) to (6, 36) leaves the plot area and must be clipped there.
    const Rgb c = plot_color(1);
    PlotSpec spec;
    spec.title = "clipping";
    PlotSeries s = series("", {}, {}, c);
    for (int i = 0; i <= 10; ++i) {
        s.x.push_back(i);
        s.y.push_back(i * i);
    }
    spec.series = {s};
    spec.x_max = 5;
    spec.y_max = 30;
    const int w = 640, h = 400;
    const PlotFrame f = plot_frame(spec, w, h);
    EXPECT_DOUBLE_EQ(f.x1, 5);
    EXPECT_DOUBLE_EQ(f.y0, 0) << "all y >= 0: the y axis starts at 0";
    EXPECT_DOUBLE_EQ(f.y1, 30);
    EXPECT_DOUBLE_EQ(f.px(f.x0), f.left);
    EXPECT_DOUBLE_EQ(f.px(f.x1), f.right);
    EXPECT_DOUBLE_EQ(f.py(f.y0), f.bottom);
    EXPECT_DOUBLE_EQ(f.py(f.y1), f.top);

    const Image img = draw_line_plot(spec, w, h);
    ASSERT_EQ(img.width, w);
    ASSERT_EQ(img.height, h);
    for (int i = 0; i <= 5; ++i) {
        const int x = round_px(f.px(i)), y = round_px(f.py(i * i));
        ASSERT_TRUE(inside(f, x, y)) << "x = " << i;
        EXPECT_EQ(img.get(x, y), c) << "point x = " << i << " at pixel (" << x << ", " << y << ")";
    }
    EXPECT_GT(count_color(img, c, f, true), 100);
    EXPECT_EQ(count_color(img, c, f, false), 0) << "series pixels outside the plot area";
}

TEST(LinePlot, TwoSeriesShowTwoLegendColoursAndTheTitleIsOnTop) {
    const Rgb a = plot_color(0), b = plot_color(1);
    PlotSpec named;
    named.title = "BANDWIDTH";
    named.x_label = "misaligned rows";
    named.y_label = "GB/s";
    named.series = {series("measured", {0, 1, 2, 3, 4}, {900, 850, 700, 600, 560}, a),
                    series("predicted", {0, 1, 2, 3, 4}, {920, 820, 720, 620, 520}, b)};
    PlotSpec unnamed = named;
    unnamed.series[0].label.clear();
    unnamed.series[1].label.clear();
    const Image with_legend = draw_line_plot(named), without = draw_line_plot(unnamed);
    EXPECT_GT(count_color(with_legend, a), count_color(without, a) + 20) << "no legend swatch";
    EXPECT_GT(count_color(with_legend, b), count_color(without, b) + 20) << "no legend swatch";

    // The title sits above the plot area, centred: dark pixels in the middle of the top rows,
    // none there without a title (the y label is at the left edge, so the band excludes it).
    PlotSpec untitled = named;
    untitled.title.clear();
    const Image no_title = draw_line_plot(untitled);
    const PlotFrame f = plot_frame(named, 960, 600), g = plot_frame(untitled, 960, 600);
    ASSERT_GT(f.top, 30);
    const int band = std::min(f.top, g.top) - 2;
    EXPECT_GT(count_dark(with_legend, 300, 0, 660, band), 50);
    EXPECT_EQ(count_dark(no_title, 300, 0, 660, band), 0);
}

TEST(LinePlot, LogAxisSpacesDecadesEqually) {
    const Rgb c = plot_color(2);
    PlotSpec spec;
    spec.title = "MLUPS against nodes";
    spec.log_x = true;
    PlotSeries s = series("", {}, {}, c);
    for (int k = 0; k <= 6; ++k) {
        s.x.push_back(std::pow(10.0, k));
        s.y.push_back(k);
    }
    spec.series = {s};
    Image img;
    ASSERT_NO_THROW(img = draw_line_plot(spec));
    const PlotFrame f = plot_frame(spec, 960, 600);
    EXPECT_TRUE(f.log_x);
    EXPECT_NEAR(f.px(100) - f.px(10), f.px(1000) - f.px(100), 1e-6);
    EXPECT_NEAR(f.px(10) - f.px(1), f.px(1e6) - f.px(1e5), 1e-6);
    EXPECT_GT(f.px(1000) - f.px(10), 100) << "decades should be far apart";
    EXPECT_TRUE(std::isnan(f.px(0)));
    EXPECT_TRUE(std::isnan(f.px(-5)));
    for (double x : {10.0, 1000.0}) {
        const int px = round_px(f.px(x)), py = round_px(f.py(std::log10(x)));
        EXPECT_EQ(img.get(px, py), c) << "x = " << x;
    }
}

TEST(LinePlot, MismatchedLengthsAndTinyImagesThrowWithContext) {
    PlotSpec spec;
    spec.series = {series("bandwidth sweep", {1, 2, 3}, {1, 2}, plot_color(0))};
    for (auto call : {+[](const PlotSpec& s) { (void)draw_line_plot(s); },
                      +[](const PlotSpec& s) { (void)plot_frame(s, 960, 600); }}) {
        try {
            call(spec);
            ADD_FAILURE() << "no exception for 3 x values and 2 y values";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("bandwidth sweep"), std::string::npos) << e.what();
        }
    }
    PlotSpec fine;
    fine.series = {series("a", {1, 2}, {1, 2}, plot_color(0))};
    EXPECT_THROW(draw_line_plot(fine, 199, 600), std::invalid_argument);
    EXPECT_THROW(draw_line_plot(fine, 960, 149), std::invalid_argument);
    EXPECT_NO_THROW(draw_line_plot(fine, 200, 150));
    fine.x_min = 3;
    fine.x_max = 2;
    EXPECT_THROW(draw_line_plot(fine), std::invalid_argument);
}

TEST(LinePlot, NonFinitePointsAreSkippedAndBreakTheLine) {
    const Rgb c = plot_color(3);
    PlotSpec spec;
    spec.series = {series("", {0, 1, 2, 3, 4}, {0, 1, kNaN, 3, 4}, c)};
    spec.series[0].markers = false;
    Image img;
    ASSERT_NO_THROW(img = draw_line_plot(spec, 640, 400));
    const PlotFrame f = plot_frame(spec, 640, 400);
    EXPECT_EQ(img.get(round_px(f.px(0.5)), round_px(f.py(0.5))), c) << "segment 0-1 drawn";
    EXPECT_EQ(img.get(round_px(f.px(3.5)), round_px(f.py(3.5))), c) << "segment 3-4 drawn";
    // Without the NaN, (1, 1) and (3, 3) would be joined through (2, 2).
    EXPECT_NE(img.get(round_px(f.px(2)), round_px(f.py(2))), c) << "line drawn across the gap";

    // Infinite values and, on a log axis, zeros are skipped the same way.
    spec.series[0].y = {1, 10, std::numeric_limits<double>::infinity(), 0, 1000};
    spec.log_y = true;
    EXPECT_NO_THROW(draw_line_plot(spec, 640, 400));
}

TEST(LinePlot, NoFinitePointsGiveANoDataPlot) {
    PlotSpec empty;
    empty.title = "EMPTY";
    empty.series = {series("run", {}, {}, plot_color(0))};
    PlotSpec all_nan = empty;
    all_nan.series[0].x = {1, 2};
    all_nan.series[0].y = {kNaN, kNaN};
    PlotSpec none;
    none.title = "EMPTY";
    for (const PlotSpec* spec : {&empty, &all_nan, &none}) {
        Image img;
        ASSERT_NO_THROW(img = draw_line_plot(*spec));
        const PlotFrame f = plot_frame(*spec, 960, 600);
        const int cx = (f.left + f.right) / 2, cy = (f.top + f.bottom) / 2;
        EXPECT_GT(count_dark(img, cx - 50, cy - 10, cx + 50, cy + 10), 30) << "no 'no data'";
        EXPECT_GT(count_dark(img, 0, 0, img.width, f.top - 2), 30) << "no title";
        EXPECT_EQ(img.get(f.left - 1, (f.top + f.bottom) / 2), kBlack) << "no y axis";
        EXPECT_EQ(img.get(cx, f.bottom + 1), kBlack) << "no x axis";
    }
    // With data there is no "no data" text in the middle of an empty stretch of plot.
    PlotSpec data = empty;
    data.series[0].x = {0, 10};
    data.series[0].y = {0, 0};
    const Image img = draw_line_plot(data);
    const PlotFrame f = plot_frame(data, 960, 600);
    const int cx = (f.left + f.right) / 2, cy = (f.top + f.bottom) / 2;
    EXPECT_EQ(count_dark(img, cx - 50, cy - 10, cx + 50, cy + 10), 0);
    EXPECT_EQ(img.get(cx, cy - 40), kWhite);
}

TEST(LinePlot, EncodesAsPngAndWritesExamples) {
    if (!png_available()) GTEST_SKIP() << "built without libpng";
    PlotSpec bw;
    bw.title = "Bandwidth against misaligned rows";
    bw.x_label = "misaligned rows per block";
    bw.y_label = "bandwidth (GB/s)";
    const std::vector<double> n{0, 1, 2, 3, 4, 5, 6, 7, 8};
    PlotSeries measured = series("measured", n, {}, plot_color(0));
    PlotSeries predicted = series("predicted", n, {}, plot_color(1));
    predicted.markers = false;
    for (double k : n) {
        measured.y.push_back(3000 / (1 + 0.11 * k) + (int(k) % 2 ? 40 : -30));
        predicted.y.push_back(3000 / (1 + 0.1 * k));
    }
    bw.series = {measured, predicted};
    const std::string png = encode_png(draw_line_plot(bw));
    ASSERT_GE(png.size(), 8u);
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));

    PlotSpec ml;
    ml.title = "MLUPS against lattice size";
    ml.x_label = "nodes";
    ml.y_label = "MLUPS";
    ml.log_x = true;
    PlotSeries fp32 = series("FP32", {}, {}, plot_color(0)),
               fp16 = series("FP16S", {}, {}, plot_color(1));
    for (double nodes = 1e3; nodes <= 1.1e8; nodes *= 3.16) {
        fp32.x.push_back(nodes);
        fp16.x.push_back(nodes);
        fp32.y.push_back(5200 * nodes / (nodes + 2e5));
        fp16.y.push_back(8600 * nodes / (nodes + 3e5));
    }
    ml.series = {fp32, fp16};
    const std::filesystem::path dir = LATTICELAB_RENDER_OUTPUT;
    write_png(dir / "line_plot_bandwidth.png", draw_line_plot(bw));
    write_png(dir / "line_plot_mlups.png", draw_line_plot(ml));
    write_png(dir / "line_plot_small.png", draw_line_plot(ml, 240, 160));
    EXPECT_TRUE(std::filesystem::exists(dir / "line_plot_mlups.png"));
}

} // namespace
} // namespace ll::render
