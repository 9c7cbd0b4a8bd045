// Per-node formulas for derived fields, written once for the CPU output path and the CUDA
// visualiser kernels (LL_HD). Velocities are in lattice units; derivatives are per lattice
// spacing, by second-order central differences (the caller supplies the wrapped neighbours).
#pragma once
#include "host_device.hpp"

#include <cmath>

namespace ll {

// d/dx from the values at x + 1 and x - 1.
LL_HD float central_difference(float plus, float minus) {
    return 0.5f * (plus - minus);
}

// One vorticity component w_a = d u_c / d b - d u_b / d c for (a, b, c) cyclic, from the four
// central differences it needs: w = d_b(u_c) - d_c(u_b).
LL_HD float curl_component(float db_uc, float dc_ub) {
    return db_uc - dc_ub;
}

// |(a, b, c)|: the speed, the vorticity's magnitude.
LL_HD float magnitude3(float a, float b, float c) {
    return sqrtf(a * a + b * b + c * c);
}

} // namespace ll
