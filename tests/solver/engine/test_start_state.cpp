// The CPU engine's start state from the fields (Engine::import_equilibrium) is the one the host
// makes and imports, bit for bit: the same double formula, rounded to the stored type. D2Q9 and
// D3Q19 (FP64, FP32, 16-bit) and D2Q37. Tiles start through the same call, tile by tile, and
// test_tiled_engine checks that they match one domain.
#include "support/start_state.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

namespace ll::test {
namespace {

TEST(StartState, EngineEquilibriumIsTheHostsCanonicalState) {
    for (const StartCase& c : start_cases())
        EXPECT_EQ(start_state_difference(c, BackendKind::Cpu), 0.0) << c.scenario;
}

} // namespace
} // namespace ll::test
