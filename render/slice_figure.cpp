#include "slice_figure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ll::render {
namespace {

constexpr int kMargin = 10, kTop = 34, kBarWidth = 20, kMinPlot = 160, kRightPanel = 120;
constexpr Rgb kWhite{255, 255, 255}, kBlack{0, 0, 0};

std::string title_text(const SliceFigure& f) {
    return f.title + " (" + f.units + ")";
}

using Range = FigureRange;

Range data_range(const SliceFigure& f) {
    float lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < f.width * f.height; ++i) {
        if (std::isnan(f.values[i])) continue;
        lo = std::min(lo, f.values[i]);
        hi = std::max(hi, f.values[i]);
    }
    if (!(lo <= hi)) return {0, 1}; // all NaN
    if (f.symmetric) {
        const float m = std::max(std::fabs(lo), std::fabs(hi));
        lo = -m, hi = m;
    }
    if (hi - lo <= 1e-30f * std::max(1.0f, std::fabs(hi))) { // flat field: a visible range
        const float pad = std::max(std::fabs(hi) * 1e-3f, 1e-12f);
        lo -= pad, hi += pad;
    }
    return {lo, hi};
}

std::string tick_text(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", double(v));
    return buf;
}

void draw_colour_bar(Image& img, const SliceFigure& f, Range r, int x, int y, int h) {
    for (int j = 0; j < h; ++j) {
        const Rgb c = map_color(f.map, 1.0f - float(j) / float(std::max(h - 1, 1)));
        img.fill_rect(x, y + j, kBarWidth, 1, c);
    }
    // Frame, then five ticks with their values at max, 3/4, ..., min.
    img.fill_rect(x - 1, y - 1, kBarWidth + 2, 1, kBlack);
    img.fill_rect(x - 1, y + h, kBarWidth + 2, 1, kBlack);
    img.fill_rect(x - 1, y - 1, 1, h + 2, kBlack);
    img.fill_rect(x + kBarWidth, y - 1, 1, h + 2, kBlack);
    for (int t = 0; t <= 4; ++t) {
        const int ty = y + (h - 1) * t / 4;
        const float v = r.hi - (r.hi - r.lo) * float(t) / 4.0f;
        img.fill_rect(x + kBarWidth, ty, 4, 1, kBlack);
        draw_text(img, x + kBarWidth + 7, ty - 3, tick_text(v), kBlack, 1);
    }
}

} // namespace

FigureRange figure_range(const SliceFigure& f) {
    return data_range(f);
}

FigureSize figure_size(const SliceFigure& f) {
    FigureSize s;
    s.scale = std::max(1, 512 / std::max({f.width, f.height, 1}));
    s.width = std::max(kMargin + f.width * s.scale + kRightPanel,
                       text_width(title_text(f), 2) + 2 * kMargin);
    s.height = kTop + std::max(f.height * s.scale, kMinPlot) + kMargin;
    return s;
}

Image render_slice_figure(const SliceFigure& f, const Image* painted) {
    const FigureSize size = figure_size(f);
    Image img(size.width, size.height, kWhite);
    draw_text(img, kMargin, kMargin, title_text(f), kBlack, 2);

    const Range r = data_range(f);
    const float inv = 1.0f / (r.hi - r.lo);
    const int s = size.scale, plot_h = f.height * s;
    if (painted && painted->width == f.width * s && painted->height == plot_h) {
        for (int y = 0; y < plot_h; ++y)
            for (int x = 0; x < painted->width; ++x)
                img.set(kMargin + x, kTop + y, painted->get(x, y));
    }
    for (int v = 0; v < f.height && !(painted && painted->height == plot_h); ++v) {
        const int top = kTop + plot_h - (v + 1) * s; // row 0 at the bottom: y points up
        for (int u = 0; u < f.width; ++u) {
            const float value = f.values[std::size_t(v) * f.width + u];
            img.fill_rect(kMargin + u * s, top, s, s, map_color(f.map, (value - r.lo) * inv));
        }
    }
    const int bar_h = std::max(plot_h, kMinPlot);
    draw_colour_bar(img, f, r, kMargin + f.width * s + 16, kTop, bar_h);
    return img;
}

} // namespace ll::render
