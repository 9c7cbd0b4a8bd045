// Initial fields of the D2Q37 Rayleigh-Taylor run.
#include "rt2d.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace ll::thermal {
namespace {

// Hydrostatic balance in lattice rows: dp/dy = -kScale g rho = -kScale g p / T(y), since one
// row is kScale model lengths (velocity_set.hpp). Integrated with Simpson's rule in 8
// sub-steps per row, so p follows T's tanh profile to ~1e-10.
template <class TofY>
void hydrostatic_column(int ly, double g, double p0, TofY&& T, double* p) {
    constexpr int kSub = 8;
    const double h = 1.0 / kSub;
    double log_p = std::log(p0);
    p[0] = p0;
    for (int y = 1; y < ly; ++y) {
        for (int k = 0; k < kSub; ++k) {
            const double y0 = y - 1 + k * h;
            const double inv = (1 / T(y0) + 4 / T(y0 + h / 2) + 1 / T(y0 + h)) * h / 6;
            log_p -= D2Q37::kScale * g * inv;
        }
        p[y] = std::exp(log_p);
    }
}

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument(what);
}

} // namespace

Rt2dSetup rt2d(const Rt2dOptions& o) {
    Rt2dSetup s;
    const int lx = o.lx > 0 ? o.lx : (o.gpu ? 1024 : 64);
    const int ly = o.ly > 0 ? o.ly : (o.gpu ? 4096 : 256);
    require(o.T_up > 0 && o.T_down > o.T_up,
            "T_down, T_up: need T_down > T_up > 0 (hot gas below cold gas is unstable)");
    require(o.gravity > 0 && o.gravity * D2Q37::kScale * ly < 4 * o.T_up,
            "gravity = " + std::to_string(o.gravity) +
                ": must be > 0 and keep the density drop across the layer below e^4");
    require(o.amplitude >= 0 && o.amplitude < 0.25, "amplitude: must be in [0, 0.25)");
    require(o.width > 0, "width: must be > 0 lattice sites");

    s.config.lx = lx;
    s.config.ly = ly;
    s.config.scheme = o.scheme;
    s.config.layout = o.layout;
    s.config.block_size = o.block_size;
    s.config.params.tau = o.tau;
    s.config.params.gravity = o.gravity;
    s.config.params.bottom = {WallKind::Thermal, o.T_down};
    s.config.params.top = {WallKind::Thermal, o.T_up};
    validate(s.config);
    s.atwood = (o.T_down - o.T_up) / (o.T_down + o.T_up);

    ThermalFields& f = s.initial;
    f.resize(lx, ly);
    const double t_mean = 0.5 * (o.T_up + o.T_down), half_jump = 0.5 * (o.T_down - o.T_up);
    std::vector<double> p(std::size_t(ly), 0.0);
    for (int x = 0; x < lx; ++x) {
        // Symmetric about the column centre x = (lx - 1)/2 (the mirror test relies on it).
        const double phase = 2 * std::numbers::pi * (x + 0.5) / lx;
        const double y_c = 0.5 * (ly - 1) + (o.perturbed ? o.amplitude * lx * std::cos(phase) : 0);
        const auto T = [&](double y) {
            return t_mean - half_jump * std::tanh((y - y_c) / o.width);
        };
        // The pressure is continuous across the interface; rho = 1 at the bottom.
        hydrostatic_column(ly, o.gravity, T(0), T, p.data());
        for (int y = 0; y < ly; ++y) {
            const std::size_t k = std::size_t(y) * std::size_t(lx) + std::size_t(x);
            f.T[k] = T(y);
            f.rho[k] = p[std::size_t(y)] / T(y);
        }
    }
    return s;
}

} // namespace ll::thermal
