// Shared by the D2Q37 GPU tests: the four schemes as a GoogleTest parameter (named push, pull,
// push_fused, pull_fused) and a small Rayleigh-Taylor set-up that moves within a few hundred
// steps.
#pragma once
#include "solver/models/d2q37/rt2d.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace ll::test {

inline auto all_d2q37_schemes() {
    using S = thermal::D2Q37Scheme;
    return ::testing::Values(S::Push, S::Pull, S::PushFused, S::PullFused);
}

inline std::string d2q37_scheme_test_name(const ::testing::TestParamInfo<thermal::D2Q37Scheme>& i) {
    std::string n = thermal::scheme_name(i.param);
    std::replace(n.begin(), n.end(), '-', '_');
    return n;
}

// 64 x 128, tau 0.6, g 1e-3, interface displaced by 5 % of the width, thermal walls.
inline thermal::Rt2dSetup small_rt() {
    thermal::Rt2dOptions o;
    o.lx = 64;
    o.ly = 128;
    o.gravity = 1e-3;
    o.amplitude = 0.05;
    o.tau = 0.6;
    return thermal::rt2d(o);
}

} // namespace ll::test
