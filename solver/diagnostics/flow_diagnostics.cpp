// The Nusselt number of the Boussinesq model (flow_diagnostics.hpp).
#include "flow_diagnostics.hpp"

#include "solver/models/boussinesq/model.hpp"

#include <cmath>

namespace ll::thermal::boussinesq {

template <class Real>
double average_nusselt(const std::vector<std::uint8_t>& flags, const Real* u_axis,
                       const Real* theta, double height, double kappa, double dT) {
    double flux = 0;
    std::size_t count = 0;
    for (std::size_t n = 0; n < flags.size(); ++n) {
        if (!is_updated(flags[n])) continue;
        flux += double(u_axis[n]) * double(theta[n]);
        ++count;
    }
    return 1 + height * (flux / double(count)) / (kappa * dT);
}
template double average_nusselt(const std::vector<std::uint8_t>&, const float*, const float*,
                                double, double, double);
template double average_nusselt(const std::vector<std::uint8_t>&, const double*, const double*,
                                double, double, double);

double average_nusselt(const Config& cfg, const Fields& f, double height, double dT, int axis) {
    const std::vector<double>& u = axis == 0 ? f.ux : axis == 1 ? f.uy : f.uz;
    return average_nusselt(cfg.flags, u.data(), f.theta.data(), height, kappa_of(cfg), dT);
}

} // namespace ll::thermal::boussinesq
