// Sampling a cavity's velocity on a centreline at the points of a published table, for the
// lid-driven cavity tests. The cavity is the unit square (cube): fluid node i = 1..N sits at
// (i - 1/2)/N, walls at 0 and 1 (scenario/presets.cpp); between the last node and a wall the
// wall's own velocity is the end point of the linear interpolation.
#pragma once
#include "flow_fields.hpp"

#include <cmath>
#include <vector>

namespace ll::test {

// Linear interpolation of samples v[0..N+1] on positions 0, (i - 1/2)/N for i = 1..N, 1.
inline double interpolate_nodes(const std::vector<double>& v, double s) {
    const double N = double(v.size()) - 2;
    const double p = s * N + 0.5; // continuous node index: node i at p = i
    if (p <= 1) return v[0] + (v[1] - v[0]) * (s / (0.5 / N)); // wall at s = 0
    if (p >= N) return v[v.size() - 2] + (v.back() - v[v.size() - 2]) * ((p - N) / 0.5);
    const int i = int(std::floor(p));
    return v[i] + (v[i + 1] - v[i]) * (p - i);
}

// Velocity component `comp` along the line through the cavity centre in direction `along`
// (0 x, 1 y, 2 z), at the positions `s` (0..1). The other coordinates sit at the centre
// (interpolated between the two middle nodes for even N). `wall_lo` / `wall_hi` are the
// component's values on the walls at s = 0 and s = 1.
inline std::vector<double> centreline(const FlowField& f, const Dims& d, int along, int comp,
                                      const std::vector<double>& s, double wall_lo,
                                      double wall_hi) {
    const std::uint32_t n = d.nx - 2; // fluid nodes per side
    const bool three_d = d.nz > 1;
    // The two axes across the line; in 2D the second is z, held at 0.
    const int o1 = along == 0 ? 1 : 0, o2 = along == 2 ? 1 : 2;
    const std::vector<std::uint32_t> mid = n % 2 ? std::vector<std::uint32_t>{(n + 1) / 2}
                                                 : std::vector<std::uint32_t>{n / 2, n / 2 + 1};
    const std::vector<std::uint32_t> mid2 = three_d ? mid : std::vector<std::uint32_t>{0};
    std::vector<double> line(n + 2);
    line[0] = wall_lo;
    line[n + 1] = wall_hi;
    for (std::uint32_t k = 1; k <= n; ++k) {
        double sum = 0;
        for (std::uint32_t a : mid)
            for (std::uint32_t b : mid2) {
                std::uint32_t c[3];
                c[along] = k;
                c[o1] = a;
                c[o2] = b;
                sum += f.u_at(c[0] + std::size_t(d.nx) * (c[1] + std::size_t(d.ny) * c[2]), comp);
            }
        line[k] = sum / double(mid.size() * mid2.size());
    }
    std::vector<double> out;
    for (double p : s)
        out.push_back(interpolate_nodes(line, p));
    return out;
}

} // namespace ll::test
