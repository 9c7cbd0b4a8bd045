// The 2D lid-driven cavity against Ghia, Ghia & Shin, J. Comput. Phys. 48, 387 (1982), Tables I
// and II (tests/data/ghia1982_*.csv): u/U on the vertical centreline x = 1/2 and v/U on the
// horizontal centreline y = 1/2, interpolated linearly between nodes (centreline.hpp), at every
// interior table point (the wall points are boundary conditions, not results).
#pragma once
#include "centreline.hpp"
#include "test_support.hpp"

#include <cmath>

namespace ll::test {

struct GhiaError {
    double u = 0, v = 0;       // max |u - u_ref| / U and max |v - v_ref| / U
    double at_u = 0, at_v = 0; // where (y for u, x for v)
};

// `column`: the table's column of this Re (1: Re 100, 2: Re 1000).
inline GhiaError ghia_error(Simulation& sim, int column) {
    const double U = sim.setup().u_ref;
    const FlowField f = flow_field(sim);
    const Dims d = sim.setup().dims;
    auto interior = [](std::vector<std::vector<double>> rows) {
        std::vector<std::vector<double>> out;
        for (auto& r : rows)
            if (r[0] > 0 && r[0] < 1) out.push_back(r);
        return out;
    };
    const auto worst = [column](const std::vector<std::vector<double>>& table,
                                const std::vector<double>& sim_values, double scale,
                                double* where) {
        double e_max = 0;
        for (std::size_t k = 0; k < table.size(); ++k) {
            const double e = std::abs(sim_values[k] / scale - table[k][column]);
            if (!(e <= e_max)) { // NaN counts as the worst
                e_max = e;
                *where = table[k][0];
            }
        }
        return e_max;
    };
    const auto u_table = interior(read_csv("ghia1982_u_vertical_centerline.csv"));
    const auto v_table = interior(read_csv("ghia1982_v_horizontal_centerline.csv"));
    std::vector<double> ys, xs;
    for (const auto& r : u_table)
        ys.push_back(r[0]);
    for (const auto& r : v_table)
        xs.push_back(r[0]);
    GhiaError e;
    e.u = worst(u_table, centreline(f, d, 1, 0, ys, 0.0, U), U, &e.at_u);
    e.v = worst(v_table, centreline(f, d, 0, 1, xs, 0.0, 0.0), U, &e.at_v);
    return e;
}

} // namespace ll::test
