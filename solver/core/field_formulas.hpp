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

// The vorticity from the velocity gradient d[a][b] = d u_b / d x_a: on a lattice of `axes` == 2
// the scalar z component; in 3D component 0, 1 or 2, or the magnitude (component -1).
LL_HD float vorticity_of(const float (&d)[3][3], int axes, int component) {
    const float wx = curl_component(d[1][2], d[2][1]);
    const float wy = curl_component(d[2][0], d[0][2]);
    const float wz = curl_component(d[0][1], d[1][0]);
    if (axes == 2 || component == 2) return wz;
    if (component == 0) return wx;
    if (component == 1) return wy;
    return magnitude3(wx, wy, wz);
}

} // namespace ll
