// Velocity sets D2Q9, D3Q19, D3Q27. Each is defined once and shared by CPU and GPU code.
// Ordering rule: 0 is the rest velocity, and (i, i+1) for odd i are opposite pairs, so
// opposite(i) is arithmetic and the in-place schemes can walk pairs.
#pragma once
#include "host_device.hpp"

#include <utility>

namespace ll {

// A velocity component is -1, 0 or +1 in every stencil here.
struct D2Q9 {
    static constexpr int D = 2;
    static constexpr int Q = 9;
    static constexpr const char* name = "D2Q9";
    static constexpr int c[Q][3] = {{0, 0, 0}, {1, 0, 0},   {-1, 0, 0}, {0, 1, 0}, {0, -1, 0},
                                    {1, 1, 0}, {-1, -1, 0}, {1, -1, 0}, {-1, 1, 0}};
    static constexpr double w[Q] = {4.0 / 9,  1.0 / 9,  1.0 / 9,  1.0 / 9, 1.0 / 9,
                                    1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
};

struct D3Q19 {
    static constexpr int D = 3;
    static constexpr int Q = 19;
    static constexpr const char* name = "D3Q19";
    static constexpr int c[Q][3] = {{0, 0, 0},   {1, 0, 0},  {-1, 0, 0},  {0, 1, 0},   {0, -1, 0},
                                    {0, 0, 1},   {0, 0, -1}, {1, 1, 0},   {-1, -1, 0}, {1, 0, 1},
                                    {-1, 0, -1}, {0, 1, 1},  {0, -1, -1}, {1, -1, 0},  {-1, 1, 0},
                                    {1, 0, -1},  {-1, 0, 1}, {0, 1, -1},  {0, -1, 1}};
    static constexpr double w[Q] = {1.0 / 3,  1.0 / 18, 1.0 / 18, 1.0 / 18, 1.0 / 18,
                                    1.0 / 18, 1.0 / 18, 1.0 / 36, 1.0 / 36, 1.0 / 36,
                                    1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36,
                                    1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
};

struct D3Q27 {
    static constexpr int D = 3;
    static constexpr int Q = 27;
    static constexpr const char* name = "D3Q27";
    static constexpr int c[Q][3] = {
        {0, 0, 0},  {1, 0, 0},   {-1, 0, 0}, {0, 1, 0},   {0, -1, 0}, {0, 0, 1},   {0, 0, -1},
        {1, 1, 0},  {-1, -1, 0}, {1, 0, 1},  {-1, 0, -1}, {0, 1, 1},  {0, -1, -1}, {1, -1, 0},
        {-1, 1, 0}, {1, 0, -1},  {-1, 0, 1}, {0, 1, -1},  {0, -1, 1}, {1, 1, 1},   {-1, -1, -1},
        {1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {-1, 1, -1}, {-1, 1, 1}, {1, -1, -1}};
    static constexpr double w[Q] = {
        8.0 / 27,  2.0 / 27,  2.0 / 27,  2.0 / 27,  2.0 / 27,  2.0 / 27,  2.0 / 27,
        1.0 / 54,  1.0 / 54,  1.0 / 54,  1.0 / 54,  1.0 / 54,  1.0 / 54,  1.0 / 54,
        1.0 / 54,  1.0 / 54,  1.0 / 54,  1.0 / 54,  1.0 / 54,  1.0 / 216, 1.0 / 216,
        1.0 / 216, 1.0 / 216, 1.0 / 216, 1.0 / 216, 1.0 / 216, 1.0 / 216};
};

// ---- accessors usable in device code ----
// Device code may not index a constexpr array at run time, but it may use constexpr scalars.
// So each table is packed at compile time into scalars (2 bits per velocity component; weights
// by |c|^2, which static_asserts below check is all they depend on). After unrolling, the
// shifts and masks fold to constants.
namespace stencil_pack {
template <class S>
constexpr std::uint64_t axis(int a) {
    std::uint64_t bits = 0;
    for (int i = 0; i < S::Q; ++i)
        bits |= std::uint64_t(S::c[i][a] + 1) << (2 * i);
    return bits;
}
template <class S>
constexpr double weight_of_norm(int c2) {
    for (int i = 0; i < S::Q; ++i)
        if (S::c[i][0] * S::c[i][0] + S::c[i][1] * S::c[i][1] + S::c[i][2] * S::c[i][2] == c2)
            return S::w[i];
    return 0;
}
template <class S>
constexpr bool weight_depends_on_norm_only() {
    for (int i = 0; i < S::Q; ++i) {
        const int c2 = S::c[i][0] * S::c[i][0] + S::c[i][1] * S::c[i][1] + S::c[i][2] * S::c[i][2];
        if (S::w[i] != weight_of_norm<S>(c2)) return false;
    }
    return true;
}
template <class S>
struct Packed {
    static constexpr std::uint64_t x = axis<S>(0), y = axis<S>(1), z = axis<S>(2);
    static constexpr double w0 = weight_of_norm<S>(0), w1 = weight_of_norm<S>(1),
                            w2 = weight_of_norm<S>(2), w3 = weight_of_norm<S>(3);
};
} // namespace stencil_pack

// Component a (0, 1, 2) of velocity i.
template <class S>
LL_HD constexpr int cvel(int i, int a) {
    using P = stencil_pack::Packed<S>;
    const std::uint64_t bits = a == 0 ? P::x : (a == 1 ? P::y : P::z);
    return int((bits >> (2 * i)) & 3u) - 1;
}
template <class S>
LL_HD constexpr double weight(int i) {
    using P = stencil_pack::Packed<S>;
    const int c2 = cvel<S>(i, 0) * cvel<S>(i, 0) + cvel<S>(i, 1) * cvel<S>(i, 1) +
                   cvel<S>(i, 2) * cvel<S>(i, 2);
    return c2 == 0 ? P::w0 : (c2 == 1 ? P::w1 : (c2 == 2 ? P::w2 : P::w3));
}

// Speed of sound squared for these three stencils.
inline constexpr double cs2 = 1.0 / 3.0;
// A stencil's own cs2 if it states one (thermal_stencils.hpp), else the 1/3 above.
template <class S>
constexpr double lattice_cs2() {
    if constexpr (requires { S::cs2; })
        return S::cs2;
    else
        return cs2;
}
// The kinematic viscosity a BGK/TRT relaxation time gives on them, nu = cs2 (tau - 1/2), and
// its inverse.
LL_HD constexpr double viscosity_of_tau(double tau) {
    return cs2 * (tau - 0.5);
}
LL_HD constexpr double tau_of_viscosity(double nu) {
    return nu / cs2 + 0.5;
}

LL_HD constexpr int opposite(int i) {
    return i == 0 ? 0 : ((i & 1) ? i + 1 : i - 1);
}

// ---- compile-time checks of each stencil's defining properties ----
namespace stencil_check {
template <class S>
constexpr bool opposite_pairs() {
    for (int i = 0; i < S::Q; ++i)
        for (int a = 0; a < 3; ++a)
            if (S::c[opposite(i)][a] != -S::c[i][a]) return false;
    return true;
}
template <class S>
constexpr bool weights_sum_to_one() {
    double s = 0;
    for (int i = 0; i < S::Q; ++i)
        s += S::w[i];
    return s > 1 - 1e-14 && s < 1 + 1e-14;
}
// Second moment sum_i w_i c_ia c_ib = cs2 delta_ab is what makes the equilibrium isotropic.
// (The first moment vanishes by opposite_pairs and weight_depends_on_norm_only.)
template <class S>
constexpr bool isotropic_second_moment() {
    for (int a = 0; a < S::D; ++a)
        for (int b = 0; b < S::D; ++b) {
            double s = 0;
            for (int i = 0; i < S::Q; ++i)
                s += S::w[i] * S::c[i][a] * S::c[i][b];
            const double want = (a == b) ? lattice_cs2<S>() : 0.0;
            if (s - want > 1e-14 || want - s > 1e-14) return false;
        }
    return true;
}
template <class S>
constexpr bool planar_if_2d() {
    bool planar = true;
    for (int i = 0; i < S::Q; ++i)
        planar = planar && S::c[i][2] == 0;
    return S::D == 3 || planar;
}
template <class S>
constexpr bool valid() {
    return opposite_pairs<S>() && weights_sum_to_one<S>() && isotropic_second_moment<S>() &&
           planar_if_2d<S>() && S::c[0][0] == 0 && S::c[0][1] == 0 && S::c[0][2] == 0 &&
           stencil_pack::weight_depends_on_norm_only<S>(); // what weight() assumes
}
} // namespace stencil_check

static_assert(stencil_check::valid<D2Q9>(), "D2Q9 table is inconsistent");
static_assert(stencil_check::valid<D3Q19>(), "D3Q19 table is inconsistent");
static_assert(stencil_check::valid<D3Q27>(), "D3Q27 table is inconsistent");

// Calls f(std::integral_constant<int, I>) for I = 0..N-1: indices that are constant
// expressions, so that tables can be read at compile time inside the loop body.
template <class F, int... I>
LL_HD void static_for_impl(F&& f, std::integer_sequence<int, I...>) {
    (f(std::integral_constant<int, I>{}), ...);
}
template <int N, class F>
LL_HD void static_for(F&& f) {
    static_for_impl(f, std::make_integer_sequence<int, N>{});
}

} // namespace ll
