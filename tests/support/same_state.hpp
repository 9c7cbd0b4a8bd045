// Bit-for-bit comparisons of two runs' canonical states (Engine::export_state) and macroscopic
// fields, for the tests where a split lattice must give exactly what one domain gives
// (tests/solver/domain/).
#pragma once
#include "solver/simulation.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ll::test {

// Equal bit for bit, with the first difference named.
inline void expect_same_state(const std::vector<double>& one, const std::vector<double>& tiled,
                              const std::string& what) {
    ASSERT_EQ(one.size(), tiled.size()) << what;
    for (std::size_t k = 0; k < one.size(); ++k)
        if (one[k] != tiled[k]) {
            ADD_FAILURE() << what << ": value " << k << " is " << tiled[k] << ", one domain has "
                          << one[k];
            return;
        }
}

// The macroscopic fields of two runs equal bit for bit (T too, where the model has one).
inline void expect_same_macros(Simulation& one, Simulation& tiled) {
    MacroField a, b;
    one.read_macro(a);
    tiled.read_macro(b);
    EXPECT_EQ(a.rho, b.rho);
    EXPECT_EQ(a.ux, b.ux);
    EXPECT_EQ(a.uy, b.uy);
    EXPECT_EQ(a.uz, b.uz);
    EXPECT_EQ(a.T, b.T);
}

} // namespace ll::test
