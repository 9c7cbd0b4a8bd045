// [SECTION] index
//   Validation      sizes, series lengths, fixed ranges
//   Ranges          axis ranges from the data, margins, fixed bounds
//   Ticks           nice linear ticks (1, 2, 5 x 10^k) and log ticks (decades)
//   Layout          where the title, labels and plot area go (shared by plot_frame and drawing)
//   Drawing         clipped 2 px Bresenham lines, markers, axes, legend
//   Public API
#include "line_plot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace ll::render {
namespace {

constexpr Rgb kWhite{255, 255, 255}, kBlack{0, 0, 0}, kGrid{232, 232, 232},
    kLegendBorder{160, 160, 160}, kNoDataText{110, 110, 110};
constexpr int kMargin = 10, kTickLen = 5, kGap = 4, kMarkerHalf = 3, kSwatch = 24;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Compact numbers for tick labels and messages: "0", "2.5", "1000", "1e+06".
std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// ---- [SECTION] Validation -------------------------------------------------------------------

std::string series_name(const PlotSeries& s, std::size_t i) {
    return s.label.empty() ? "series " + std::to_string(i) : "series '" + s.label + "'";
}

void validate(const PlotSpec& spec, int width, int height) {
    if (width < 200 || height < 150)
        throw std::invalid_argument("line plot " + std::to_string(width) + " x " +
                                    std::to_string(height) + ": must be at least 200 x 150 pixels");
    for (std::size_t i = 0; i < spec.series.size(); ++i) {
        const PlotSeries& s = spec.series[i];
        if (s.x.size() != s.y.size())
            throw std::invalid_argument("line plot " + series_name(s, i) + ": " +
                                        std::to_string(s.x.size()) + " x values but " +
                                        std::to_string(s.y.size()) + " y values");
    }
}

// A value an axis can show: finite, and positive on a log axis.
bool usable(double v, bool log) {
    return std::isfinite(v) && (!log || v > 0);
}

bool usable_point(const PlotSpec& spec, const PlotSeries& s, std::size_t k) {
    return usable(s.x[k], spec.log_x) && usable(s.y[k], spec.log_y);
}

// ---- [SECTION] Ranges -----------------------------------------------------------------------

struct Extent {
    double lo = INFINITY, hi = -INFINITY;
    bool empty() const { return !(lo <= hi); }
    void add(double v) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
};

struct AxisRequest {
    const char* name; // "x" or "y", for messages
    Extent data;
    std::optional<double> fixed_lo, fixed_hi;
    bool log = false;
    bool from_zero = false; // start at 0 when all data are >= 0 (linear y)
    double pad = 0.03;      // margin on each free side, as a fraction of the span
};

double to_axis(double v, bool log) {
    return log ? std::log10(v) : v;
}
double from_axis(double t, bool log) {
    return log ? std::pow(10.0, t) : t;
}

void check_fixed(const AxisRequest& r, const std::optional<double>& v, const char* which) {
    if (!v) return;
    const std::string what = std::string(r.name) + "_" + which + " = " + number(*v);
    if (!std::isfinite(*v)) throw std::invalid_argument("line plot " + what + ": must be finite");
    if (r.log && !(*v > 0))
        throw std::invalid_argument("line plot " + what + ": must be positive on a log axis");
}

// The axis range [lo, hi] in data units, lo < hi.
std::pair<double, double> axis_range(const AxisRequest& r) {
    check_fixed(r, r.fixed_lo, "min");
    check_fixed(r, r.fixed_hi, "max");
    if (r.fixed_lo && r.fixed_hi && !(*r.fixed_lo < *r.fixed_hi))
        throw std::invalid_argument("line plot " + std::string(r.name) +
                                    "_min = " + number(*r.fixed_lo) + ": must be below " + r.name +
                                    "_max = " + number(*r.fixed_hi));
    // Work in axis units (log10 on a log axis).
    double a = 0, b = 1;
    bool zero = false;
    if (!r.data.empty()) {
        a = to_axis(r.data.lo, r.log);
        b = to_axis(r.data.hi, r.log);
        zero = r.from_zero && !r.log && a >= 0;
        if (zero) a = 0;
        const double span = b - a;
        if (span <= 1e-12 * std::max(1.0, std::fabs(b))) { // one value: a visible range
            const double pad = r.log ? 0.5 : (b != 0 ? 0.1 * std::fabs(b) : 1.0);
            if (!zero) a -= pad;
            b += pad;
        } else {
            if (!zero) a -= r.pad * span;
            b += r.pad * span;
        }
    }
    if (r.fixed_lo) a = to_axis(*r.fixed_lo, r.log);
    if (r.fixed_hi) b = to_axis(*r.fixed_hi, r.log);
    if (!(a < b)) { // one fixed bound beyond the data: keep it and open the other side
        const double span = r.log ? 1.0 : std::max(1.0, std::fabs(r.fixed_lo ? a : b));
        if (r.fixed_lo)
            b = a + span;
        else
            a = b - span;
    }
    return {from_axis(a, r.log), from_axis(b, r.log)};
}

// ---- [SECTION] Ticks ------------------------------------------------------------------------

constexpr std::size_t kMaxTicks = 8;

// Multiples of step in [lo, hi] (with a little slack for rounding), -0 written as 0.
std::vector<double> multiples(double lo, double hi, double step) {
    const double first = std::ceil(lo / step - 1e-9), last = std::floor(hi / step + 1e-9);
    std::vector<double> out;
    for (double i = first; i <= last && out.size() <= kMaxTicks; ++i) {
        const double v = i * step;
        out.push_back(std::fabs(v) < 1e-9 * step ? 0.0 : v);
    }
    return out;
}

// The smallest 1, 2, 5 x 10^k step that gives at most 8 ticks (so 4 to 8 in nearly all ranges).
std::vector<double> linear_ticks(double lo, double hi) {
    double decade = std::pow(10.0, std::floor(std::log10((hi - lo) / 10)));
    for (int guard = 0; guard < 40; ++guard, decade *= 10)
        for (double m : {1.0, 2.0, 5.0}) {
            std::vector<double> t = multiples(lo, hi, m * decade);
            if (t.size() <= kMaxTicks) return t;
        }
    return {lo, hi};
}

// m x 10^k for each m in `mantissas` inside [lo, hi].
std::vector<double> log_multiples(double lo, double hi, std::initializer_list<double> mantissas) {
    std::vector<double> out;
    const int k0 = int(std::floor(std::log10(lo))) - 1, k1 = int(std::ceil(std::log10(hi)));
    for (int k = k0; k <= k1; ++k)
        for (double m : mantissas) {
            const double v = m * std::pow(10.0, k);
            if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back(v);
        }
    return out;
}

// Decades (every 1, 2, 3, 5, 10, ... decades so that at most 8 remain); a range spanning fewer
// than three decades gets 1, 2, 5 x 10^k, or 1..9 x 10^k when that is still too few.
std::vector<double> log_ticks(double lo, double hi) {
    const double a = std::log10(lo), b = std::log10(hi);
    const int k0 = int(std::ceil(a - 1e-9)), k1 = int(std::floor(b + 1e-9));
    if (k1 - k0 + 1 >= 3) {
        for (int step : {1, 2, 3, 5, 10, 20, 25, 50, 100}) {
            std::vector<double> t;
            for (int k = k0; k <= k1; ++k)
                if (k % step == 0) t.push_back(std::pow(10.0, k));
            if (t.size() <= kMaxTicks) return t;
        }
    }
    std::vector<double> t = log_multiples(lo, hi, {1, 2, 5});
    if (t.size() >= 3) return t;
    std::vector<double> fine = log_multiples(lo, hi, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    return fine.size() <= kMaxTicks && fine.size() > t.size() ? fine : t;
}

std::string tick_text(double v) {
    return number(v);
}

// ---- [SECTION] Layout -----------------------------------------------------------------------

struct Layout {
    PlotFrame frame;
    std::vector<double> x_ticks, y_ticks;
    int scale = 2; // tick labels, legend, "no data"
    int title_scale = 2, x_label_scale = 2, y_label_scale = 2;
    int title_y = 0, y_label_y = 0, x_label_y = 0;
    bool has_data = false;
};

int fit_scale(const std::string& text, int available, int max_scale) {
    return max_scale >= 2 && text_width(text, 2) <= available ? 2 : 1;
}

int text_height(int scale) {
    return 7 * scale;
}

int widest_label(const std::vector<double>& ticks, int scale) {
    int w = 0;
    for (double t : ticks)
        w = std::max(w, text_width(tick_text(t), scale));
    return w;
}

// Places text and plot area for text at `scale` (at most); ranges and ticks are already set.
void place(Layout& L, const PlotSpec& spec, int width, int height, int scale) {
    L.scale = scale;
    const int line = width - 2 * kMargin;
    L.title_scale = fit_scale(spec.title, line, scale);
    L.y_label_scale = fit_scale(spec.y_label, line, scale);
    L.x_label_scale = fit_scale(spec.x_label, line, scale);

    int y = kMargin;
    if (!spec.title.empty()) {
        L.title_y = y;
        y += text_height(L.title_scale) + 8;
    }
    if (!spec.y_label.empty()) {
        L.y_label_y = y;
        y += text_height(L.y_label_scale) + 6;
    }
    PlotFrame& f = L.frame;
    f.top = y + text_height(scale) / 2 + 1; // room for the top tick label's upper half

    int b = height - kMargin;
    if (!spec.x_label.empty()) {
        b -= text_height(L.x_label_scale);
        L.x_label_y = b;
        b -= 9;
    }
    f.bottom = b - text_height(scale) - kGap - kTickLen - 2;
    f.left = kMargin + widest_label(L.y_ticks, scale) + kGap + kTickLen + 2;
    const int last_half =
        L.x_ticks.empty() ? 0 : text_width(tick_text(L.x_ticks.back()), scale) / 2;
    f.right = width - kMargin - std::max(4, last_half) - 2;
}

// True when tick labels at L.scale neither overlap nor squeeze the plot area.
bool fits(const Layout& L) {
    const PlotFrame& f = L.frame;
    if (f.right - f.left < 150 || f.bottom - f.top < 80) return false;
    const int need_x = widest_label(L.x_ticks, L.scale) + 8, need_y = text_height(L.scale) + 4;
    for (std::size_t i = 1; i < L.x_ticks.size(); ++i)
        if (f.px(L.x_ticks[i]) - f.px(L.x_ticks[i - 1]) < need_x) return false;
    for (std::size_t i = 1; i < L.y_ticks.size(); ++i)
        if (f.py(L.y_ticks[i - 1]) - f.py(L.y_ticks[i]) < need_y) return false;
    return true;
}

Layout make_layout(const PlotSpec& spec, int width, int height) {
    validate(spec, width, height);
    Layout L;
    PlotFrame& f = L.frame;
    f.log_x = spec.log_x;
    f.log_y = spec.log_y;

    AxisRequest xr{"x", {}, spec.x_min, spec.x_max, spec.log_x, false, 0.03};
    for (const PlotSeries& s : spec.series)
        for (std::size_t k = 0; k < s.x.size(); ++k)
            if (usable_point(spec, s, k)) xr.data.add(s.x[k]);
    std::tie(f.x0, f.x1) = axis_range(xr);
    // y from the points inside the x range (which matters only when x is fixed).
    AxisRequest yr{"y", {}, spec.y_min, spec.y_max, spec.log_y, true, 0.05};
    for (const PlotSeries& s : spec.series)
        for (std::size_t k = 0; k < s.x.size(); ++k)
            if (usable_point(spec, s, k) && s.x[k] >= f.x0 && s.x[k] <= f.x1) yr.data.add(s.y[k]);
    std::tie(f.y0, f.y1) = axis_range(yr);
    L.has_data = !xr.data.empty();

    L.x_ticks = spec.log_x ? log_ticks(f.x0, f.x1) : linear_ticks(f.x0, f.x1);
    L.y_ticks = spec.log_y ? log_ticks(f.y0, f.y1) : linear_ticks(f.y0, f.y1);
    place(L, spec, width, height, 2);
    if (!fits(L)) place(L, spec, width, height, 1);
    return L;
}

// ---- [SECTION] Drawing ----------------------------------------------------------------------

struct Clip {
    int left, top, right, bottom;
    bool inside(int x, int y) const { return x >= left && x <= right && y >= top && y <= bottom; }
};

void put(Image& img, const Clip& c, int x, int y, Rgb color) {
    if (c.inside(x, y)) img.set(x, y, color);
}

void fill_clipped(Image& img, const Clip& c, int x, int y, int w, int h, Rgb color) {
    const int x0 = std::max(x, c.left), y0 = std::max(y, c.top);
    const int x1 = std::min(x + w - 1, c.right), y1 = std::min(y + h - 1, c.bottom);
    if (x0 <= x1 && y0 <= y1) img.fill_rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1, color);
}

// Liang-Barsky: trims the segment to the rectangle; false when nothing is left.
bool clip_segment(const Clip& c, double& x0, double& y0, double& x1, double& y1) {
    const double dx = x1 - x0, dy = y1 - y0;
    double t0 = 0, t1 = 1;
    const std::array<double, 4> p{-dx, dx, -dy, dy};
    const std::array<double, 4> q{x0 - c.left, c.right - x0, y0 - c.top, c.bottom - y0};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    const double ax = x0 + t0 * dx, ay = y0 + t0 * dy;
    x1 = x0 + t1 * dx;
    y1 = y0 + t1 * dy;
    x0 = ax;
    y0 = ay;
    return true;
}

// A 2 px thick line (Bresenham, doubled across its major direction), clipped to `c`.
void draw_line(Image& img, const Clip& c, double fx0, double fy0, double fx1, double fy1,
               Rgb color) {
    if (!clip_segment(c, fx0, fy0, fx1, fy1)) return;
    int x0 = int(std::lround(fx0)), y0 = int(std::lround(fy0));
    const int x1 = int(std::lround(fx1)), y1 = int(std::lround(fy1));
    const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
    const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    const bool x_major = dx >= -dy;
    int err = dx + dy;
    for (;;) {
        put(img, c, x0, y0, color);
        put(img, c, x0 + (x_major ? 0 : 1), y0 + (x_major ? 1 : 0), color);
        if (x0 == x1 && y0 == y1) break;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

void draw_marker(Image& img, const Clip& c, double x, double y, Rgb color) {
    const int cx = int(std::lround(x)), cy = int(std::lround(y));
    fill_clipped(img, c, cx - kMarkerHalf, cy - kMarkerHalf, 2 * kMarkerHalf + 1,
                 2 * kMarkerHalf + 1, color);
}

void draw_series(Image& img, const Clip& c, const PlotSpec& spec, const PlotFrame& f,
                 const PlotSeries& s) {
    bool have_prev = false;
    double prev_x = 0, prev_y = 0;
    for (std::size_t k = 0; k < s.x.size(); ++k) {
        if (!usable_point(spec, s, k)) { // a gap: the line starts again after it
            have_prev = false;
            continue;
        }
        const double x = f.px(s.x[k]), y = f.py(s.y[k]);
        if (s.lines && have_prev) draw_line(img, c, prev_x, prev_y, x, y, s.color);
        have_prev = true;
        prev_x = x;
        prev_y = y;
    }
    if (!s.markers) return;
    for (std::size_t k = 0; k < s.x.size(); ++k)
        if (usable_point(spec, s, k)) draw_marker(img, c, f.px(s.x[k]), f.py(s.y[k]), s.color);
}

// Text centred on cx, kept inside the image margins.
void draw_centred(Image& img, int cx, int y, const std::string& text, Rgb color, int scale) {
    const int w = text_width(text, scale);
    const int x = std::max(kMargin, std::min(cx - w / 2, img.width - kMargin - w));
    draw_text(img, x, y, text, color, scale);
}

void draw_grid(Image& img, const Layout& L) {
    const PlotFrame& f = L.frame;
    for (double t : L.x_ticks) {
        const int x = int(std::lround(f.px(t)));
        if (x >= f.left && x <= f.right) img.fill_rect(x, f.top, 1, f.bottom - f.top + 1, kGrid);
    }
    for (double t : L.y_ticks) {
        const int y = int(std::lround(f.py(t)));
        if (y >= f.top && y <= f.bottom) img.fill_rect(f.left, y, f.right - f.left + 1, 1, kGrid);
    }
}

// Frame, tick marks and tick labels; a label that would overlap the previous one is left out.
void draw_axes(Image& img, const Layout& L) {
    const PlotFrame& f = L.frame;
    const int w = f.right - f.left + 3, h = f.bottom - f.top + 3, s = L.scale;
    img.fill_rect(f.left - 1, f.top - 1, w, 1, kBlack);
    img.fill_rect(f.left - 1, f.bottom + 1, w, 1, kBlack);
    img.fill_rect(f.left - 1, f.top - 1, 1, h, kBlack);
    img.fill_rect(f.right + 1, f.top - 1, 1, h, kBlack);

    int last_right = std::numeric_limits<int>::min() / 2;
    for (double t : L.x_ticks) {
        const int x = int(std::lround(f.px(t)));
        img.fill_rect(x, f.bottom + 2, 1, kTickLen, kBlack);
        const std::string text = tick_text(t);
        const int tx = x - text_width(text, s) / 2;
        if (tx < last_right + 2 * s) continue;
        draw_text(img, tx, f.bottom + 2 + kTickLen + kGap, text, kBlack, s);
        last_right = tx + text_width(text, s);
    }
    int last_top = std::numeric_limits<int>::max() / 2;
    for (double t : L.y_ticks) { // bottom to top
        const int y = int(std::lround(f.py(t)));
        img.fill_rect(f.left - 1 - kTickLen, y, kTickLen, 1, kBlack);
        const std::string text = tick_text(t);
        const int ty = y - text_height(s) / 2;
        if (ty + text_height(s) > last_top - s) continue;
        draw_text(img, f.left - 2 - kTickLen - kGap - text_width(text, s), ty, text, kBlack, s);
        last_top = ty;
    }
}

void draw_labels(Image& img, const PlotSpec& spec, const Layout& L) {
    const PlotFrame& f = L.frame;
    const int cx = (f.left + f.right) / 2;
    if (!spec.title.empty()) draw_centred(img, cx, L.title_y, spec.title, kBlack, L.title_scale);
    if (!spec.y_label.empty())
        draw_text(img, kMargin, L.y_label_y, spec.y_label, kBlack, L.y_label_scale);
    if (!spec.x_label.empty())
        draw_centred(img, cx, L.x_label_y, spec.x_label, kBlack, L.x_label_scale);
}

// Pixels in the rectangle that are neither background nor grid: what a legend there would hide.
int ink_under(const Image& img, const Clip& r) {
    int n = 0;
    for (int y = r.top; y <= r.bottom; ++y)
        for (int x = r.left; x <= r.right; ++x) {
            const Rgb c = img.get(x, y);
            n += !(c == kWhite) && !(c == kGrid);
        }
    return n;
}

void draw_legend(Image& img, const PlotSpec& spec, const Layout& L) {
    std::vector<const PlotSeries*> named;
    for (const PlotSeries& s : spec.series)
        if (!s.label.empty()) named.push_back(&s);
    if (named.empty()) return;

    const PlotFrame& f = L.frame;
    const int s = L.scale, pad = 6, row = text_height(s) + 6;
    int label_w = 0;
    for (const PlotSeries* p : named)
        label_w = std::max(label_w, text_width(p->label, s));
    const int inset = 8;
    const int w = std::min(pad + kSwatch + 8 + label_w + pad, f.right - f.left + 1 - 2 * inset);
    const int h =
        std::min(pad + row * int(named.size()) - 6 + pad, f.bottom - f.top + 1 - 2 * inset);
    const std::array<Clip, 4> corners{
        Clip{f.right - inset - w + 1, f.top + inset, f.right - inset, f.top + inset + h - 1},
        Clip{f.left + inset, f.top + inset, f.left + inset + w - 1, f.top + inset + h - 1},
        Clip{f.right - inset - w + 1, f.bottom - inset - h + 1, f.right - inset, f.bottom - inset},
        Clip{f.left + inset, f.bottom - inset - h + 1, f.left + inset + w - 1, f.bottom - inset},
    };
    Clip box = corners[0];
    int best = ink_under(img, box);
    for (const Clip& c : corners) { // first corner wins ties: top-right
        const int n = ink_under(img, c);
        if (n < best) {
            best = n;
            box = c;
        }
    }
    img.fill_rect(box.left, box.top, w, h, kWhite);
    img.fill_rect(box.left, box.top, w, 1, kLegendBorder);
    img.fill_rect(box.left, box.bottom, w, 1, kLegendBorder);
    img.fill_rect(box.left, box.top, 1, h, kLegendBorder);
    img.fill_rect(box.right, box.top, 1, h, kLegendBorder);
    const Clip inner{box.left + 1, box.top + 1, box.right - 1, box.bottom - 1};
    int y = box.top + pad;
    for (const PlotSeries* p : named) {
        const double mid_y = y + text_height(s) / 2, x0 = box.left + pad;
        if (p->lines || !p->markers)
            draw_line(img, inner, x0, mid_y, x0 + kSwatch - 1, mid_y, p->color);
        if (p->markers) draw_marker(img, inner, x0 + kSwatch / 2, mid_y, p->color);
        draw_text(img, box.left + pad + kSwatch + 8, y, p->label, kBlack, s);
        y += row;
    }
}

void draw_no_data(Image& img, const Layout& L) {
    const PlotFrame& f = L.frame;
    const std::string text = "no data";
    draw_text(img, (f.left + f.right - text_width(text, L.scale)) / 2,
              (f.top + f.bottom - text_height(L.scale)) / 2, text, kNoDataText, L.scale);
}

} // namespace

// ---- [SECTION] Public API -------------------------------------------------------------------

double PlotFrame::px(double x) const {
    if (log_x && !(x > 0)) return kNaN;
    const double t = log_x ? std::log10(x / x0) / std::log10(x1 / x0) : (x - x0) / (x1 - x0);
    return left + t * (right - left);
}

double PlotFrame::py(double y) const {
    if (log_y && !(y > 0)) return kNaN;
    const double t = log_y ? std::log10(y / y0) / std::log10(y1 / y0) : (y - y0) / (y1 - y0);
    return bottom - t * (bottom - top);
}

PlotFrame plot_frame(const PlotSpec& spec, int width, int height) {
    return make_layout(spec, width, height).frame;
}

Rgb plot_color(int i) {
    // Okabe & Ito (2008), "Color Universal Design", in the order matplotlib-style plots use.
    static constexpr std::array<Rgb, 8> kPalette{
        Rgb{0, 114, 178}, Rgb{213, 94, 0},   Rgb{0, 158, 115}, Rgb{204, 121, 167},
        Rgb{230, 159, 0}, Rgb{86, 180, 233}, Rgb{0, 0, 0},     Rgb{240, 228, 66},
    };
    const int n = int(kPalette.size());
    return kPalette[std::size_t(((i % n) + n) % n)];
}

Image draw_line_plot(const PlotSpec& spec, int width, int height) {
    const Layout L = make_layout(spec, width, height);
    const PlotFrame& f = L.frame;
    Image img(width, height, kWhite);
    draw_grid(img, L);
    const Clip area{f.left, f.top, f.right, f.bottom};
    for (const PlotSeries& s : spec.series)
        draw_series(img, area, spec, f, s);
    if (!L.has_data) draw_no_data(img, L);
    draw_legend(img, spec, L);
    draw_axes(img, L);
    draw_labels(img, spec, L);
    return img;
}

} // namespace ll::render
