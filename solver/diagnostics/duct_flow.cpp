#include "duct_flow.hpp"

#include <cmath>
#include <numbers>
#include <utility>

namespace ll {

namespace {
// cosh(k z) / cosh(k b) for |z| <= b without overflow at large k.
double cosh_ratio(double k, double z, double b) {
    const double zz = std::fabs(z);
    return std::exp(k * (zz - b)) * (1 + std::exp(-2 * k * zz)) / (1 + std::exp(-2 * k * b));
}
} // namespace

double duct_velocity(double y, double z, double a, double b, double g_over_mu) {
    if (a > b) {
        std::swap(a, b);
        std::swap(y, z);
    }
    const double pi = std::numbers::pi;
    constexpr int kTerms = 401; // odd i up to 401: the terms fall as 1/i^3
    double sum = 0;
    for (int i = 1; i <= kTerms; i += 2) {
        const double k = i * pi / (2 * a), sign = ((i - 1) / 2) % 2 ? -1.0 : 1.0;
        sum += sign * (1 - cosh_ratio(k, z, b)) * std::cos(k * y) / (double(i) * i * i);
    }
    return 16 * a * a * g_over_mu / (pi * pi * pi) * sum;
}

double channel_velocity(double y, double h, double g_over_mu) {
    return g_over_mu * (h * h - y * y) / 2;
}

} // namespace ll
