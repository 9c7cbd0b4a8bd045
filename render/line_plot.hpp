// A line plot as a picture, with no Qt or GL: series of (x, y) points joined by lines and/or
// marked by small squares, on linear or log10 axes with "nice" ticks, a title, axis labels and a
// legend. `latticelab lab` writes its measurement plots with it (bandwidth against misalignment,
// MLUPS against lattice size, measured against predicted).
//
// Layout, top to bottom: the title (centred over the plot area), the y label written
// horizontally above the y axis, the plot area with its frame, tick marks and tick labels, the
// x label. The legend sits inside the plot area, in the corner (top-right first, then top-left,
// bottom-right, bottom-left) that covers the fewest drawn data pixels. Text is drawn at scale 2,
// or at scale 1 where scale 2 would not fit.
#pragma once
#include "image.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ll::render {

struct PlotSeries {
    std::string label;        // shown in the legend
    std::vector<double> x, y; // same length; non-finite points are skipped (they break the line)
    Rgb color{31, 119, 180};
    bool lines = true;   // join consecutive points
    bool markers = true; // draw a small square at each point
};

struct PlotSpec {
    std::string title, x_label, y_label;
    std::vector<PlotSeries> series;
    bool log_x = false, log_y = false; // log10 axes (non-positive values skipped)
    // Fixed range, else from the data (with a small margin; y from 0 when all y >= 0 and !log_y).
    std::optional<double> y_min, y_max;
    std::optional<double> x_min, x_max;
};

// Data to pixels. The plot area is the pixel rectangle [left, right] x [top, bottom], both ends
// included; the frame is drawn just outside it and data are clipped to it. x0 maps to left, x1
// to right, y0 to bottom and y1 to top, linearly (in log10 on a log axis). Values outside the
// range map outside the area; non-positive values on a log axis map to NaN.
struct PlotFrame {
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    int left = 0, top = 0, right = 0, bottom = 0;
    bool log_x = false, log_y = false;
    double px(double x) const;
    double py(double y) const;
};

// The frame draw_line_plot(spec, width, height) uses. Throws as draw_line_plot does.
PlotFrame plot_frame(const PlotSpec& spec, int width, int height);

// Default palette colour i: the Okabe & Ito (2008) colour-blind friendly set of 8, cycling
// (blue, vermillion, bluish green, reddish purple, orange, sky blue, black, yellow).
Rgb plot_color(int i);

// The figure: white background, axes with 4-8 "nice" ticks (1, 2, 5 x 10^k steps; on log axes
// decades) and tick labels, axis labels, the title on top, and a legend listing each named
// series' colour and label (omitted when no series has a label). A plot with no finite points
// still draws axes and the title, with "no data" in the middle. Throws std::invalid_argument
// naming the series when its x and y lengths differ, when width < 200 or height < 150, or when
// a fixed range is empty (min >= max) or not positive on a log axis.
Image draw_line_plot(const PlotSpec& spec, int width = 960, int height = 600);

} // namespace ll::render
