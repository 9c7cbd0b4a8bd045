// D2Q37 derived fields on the CPU engine (solver/models/d2q37/fields.hpp, the formulas the GPU
// field kernel shares): vorticity by hand from the hydrodynamic fields, one-sided next to the
// walls; the NaN/Inf count of planted bad values for every scheme; no device memory.
#include "solver/models/d2q37/rt2d.hpp"
#include "support/d2q37_run.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

namespace ll::thermal {
namespace {

Rt2dSetup small_flow(D2Q37Scheme scheme) {
    Rt2dOptions o;
    o.lx = 16;
    o.ly = 48;
    o.gravity = 1e-3;
    o.amplitude = 0.05;
    o.scheme = scheme;
    return rt2d(o);
}

TEST(D2Q37Fields, VorticityIsCentralInsideAndOneSidedAtTheWalls) {
    const Rt2dSetup rt = small_flow(D2Q37Scheme::PullFused);
    auto cpu = test::d2q37_cpu(rt.config);
    cpu->init(rt.initial);
    cpu->step(60);
    ThermalFields h;
    cpu->read_fields(h);
    const int lx = h.lx, ly = h.ly;
    const auto at = [&](const std::vector<double>& v, int x, int y) {
        return v[std::size_t(y) * std::size_t(lx) + std::size_t((x + lx) % lx)];
    };
    for (int y : {0, ly / 2, ly - 1}) {
        std::vector<float> row(std::size_t(lx), 0.0f);
        cpu->read_field(FieldKind::Vorticity, {false, Axis::Y, std::uint32_t(y)}, row.data(),
                        MemorySpace::Host);
        const int yp = std::min(y + 1, ly - 1), ym = std::max(y - 1, 0);
        for (int x = 0; x < lx; ++x) {
            const double dvdx = 0.5 * (at(h.uy, x + 1, y) - at(h.uy, x - 1, y));
            const double dudy = (at(h.ux, x, yp) - at(h.ux, x, ym)) / double(yp - ym);
            EXPECT_EQ(row[std::size_t(x)], float(dvdx - dudy)) << "x " << x << " y " << y;
        }
    }
    float out = 0;
    EXPECT_THROW(cpu->read_field(FieldKind::Speed, {false, Axis::X, 0}, &out, MemorySpace::Device),
                 ConfigError);
}

// One NaN (rest population, mid-lattice) and one infinity (a node next to the bottom wall) make
// exactly two bad nodes whatever the scheme keeps in its arrays.
TEST(D2Q37Fields, CountsPlantedNanAndInfinity) {
    for (D2Q37Scheme scheme :
         {D2Q37Scheme::Push, D2Q37Scheme::Pull, D2Q37Scheme::PushFused, D2Q37Scheme::PullFused}) {
        const Rt2dSetup rt = small_flow(scheme);
        auto cpu = test::d2q37_cpu(rt.config);
        cpu->init(rt.initial);
        cpu->step(20);
        EXPECT_EQ(cpu->count_nonfinite(), 0u) << scheme_name(scheme);
        std::vector<double> f;
        cpu->export_state(f);
        const int lx = rt.config.lx, ly = rt.config.ly;
        const auto slot = [&](int x, int y, int i) {
            return (std::size_t(y) * std::size_t(lx) + std::size_t(x)) * D2Q37::Q + std::size_t(i);
        };
        f[slot(lx / 2, ly / 2, 0)] = std::numeric_limits<double>::quiet_NaN();
        f[slot(3, 1, 9)] = std::numeric_limits<double>::infinity();
        cpu->import_state(f);
        EXPECT_EQ(cpu->count_nonfinite(), 2u) << scheme_name(scheme);
    }
}

} // namespace
} // namespace ll::thermal
