// The few statistics the studies fit with: means and least-squares lines (the papers' fits are
// all linear: T_R = a(N - 4) + b, T = aN + b).
#pragma once
#include <cmath>
#include <numeric>
#include <vector>

namespace ll::lab {

inline double mean_of(const std::vector<double>& v) {
    return v.empty() ? NAN : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}

struct LinearFit {
    double slope = NAN, intercept = NAN, r2 = NAN; // y = slope x + intercept
    double at(double x) const { return slope * x + intercept; }
};

// Ordinary least squares; NaN fields for fewer than two distinct x.
inline LinearFit fit_line(const std::vector<double>& x, const std::vector<double>& y) {
    LinearFit f;
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2) return f;
    const double mx = mean_of({x.begin(), x.begin() + long(n)});
    const double my = mean_of({y.begin(), y.begin() + long(n)});
    double sxx = 0, sxy = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx == 0) return f;
    f.slope = sxy / sxx;
    f.intercept = my - f.slope * mx;
    f.r2 = syy > 0 ? sxy * sxy / (sxx * syy) : 1.0;
    return f;
}

} // namespace ll::lab
