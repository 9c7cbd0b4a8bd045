// D2Q37 tiles give the flow of one domain (Calore et al. 2016's 1-D and 2-D tilings): the
// Rayleigh-Taylor run (rt2d) in 2x1, uneven 3x1, 1x2 and 2x2 tiles equals one domain bit for
// bit in FP64 after 500 and 501 steps, for every scheme (push, pull, fused or not) and both
// layouts (SoA; AoS in 2x2 tiles). Across a cut along x the exchange replaces pbc (pull) and
// fold (push); across a cut along y it replaces nothing but the neighbour rows, and only the
// tiles at the bottom and top have walls.
// Tiles at the minimum width (the halo depth, 3) take the same path; thinner ones are refused.
#include "solver/domain/tiled_engine.hpp"
#include "solver/models/registry.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/flow_fields.hpp"
#include "support/same_state.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);
// The rt2d key `scheme`: push or pull, fused (one kernel) or with separate kernels.
constexpr const char* kSchemes[] = {"push", "pull", "push_separate", "pull_separate"};

SimulationSetup rt2d(const std::string& scheme, int size, int height) {
    return build_scenario(
        "rt2d",
        {{"size", std::to_string(size)}, {"height", std::to_string(height)}, {"scheme", scheme}});
}

std::unique_ptr<Simulation> make(SimulationSetup s, const Tiles& tiles) {
    s.tiles = tiles;
    return Simulation::create(std::move(s), BackendKind::Cpu);
}

std::vector<double> state_of(Simulation& sim) {
    std::vector<double> f;
    sim.export_state(f);
    return f;
}

// Steps one domain and every tiling side by side, comparing after 500 steps and after 501.
void expect_tiles_match(const SimulationSetup& s, const std::vector<Tiles>& tilings,
                        const std::string& scheme) {
    auto one = make(s, {});
    std::vector<std::unique_ptr<Simulation>> split;
    for (const Tiles& t : tilings)
        split.push_back(make(s, t));
    for (int steps : {500, 1}) {
        one->step(steps);
        const std::vector<double> ref = state_of(*one);
        // A blown-up flow would compare equal as infinities: the flows here stay finite.
        ASSERT_TRUE(std::all_of(ref.begin(), ref.end(), [](double v) { return std::isfinite(v); }))
            << scheme << " is not stable";
        for (std::size_t k = 0; k < tilings.size(); ++k) {
            split[k]->step(steps);
            test::expect_same_state(ref, state_of(*split[k]),
                                    scheme + " " + to_string(tilings[k]) + " after " +
                                        std::to_string(one->time_step()) + " steps");
        }
    }
}

// 32 x 49 nodes: 3 tiles along x are 11, 11 and 10 wide, 2 along y 25 and 24 high.
TEST(TiledD2Q37, EverySchemeMatchesOneDomainIn1DAnd2DTilings) {
    for (const char* scheme : kSchemes)
        expect_tiles_match(rt2d(scheme, 32, 49),
                           {Tiles{{2, 1, 1}}, Tiles{{3, 1, 1}}, Tiles{{1, 2, 1}}, Tiles{{2, 2, 1}}},
                           scheme);
}

// Tiles 3 nodes wide and high (the halo depth): a population hops across a whole tile, a tile
// between two cuts has no wall rows, one at a wall has only wall rows. Adiabatic (bounce-back)
// walls at the top, thermal ones at the bottom.
TEST(TiledD2Q37, TilesAsThinAsTheHaloMatchOneDomain) {
    for (const char* scheme : kSchemes) {
        SimulationSetup s = rt2d(scheme, 12, 24);
        s.thermal.adiabatic_top = true;
        expect_tiles_match(s, {Tiles{{4, 1, 1}}, Tiles{{1, 8, 1}}, Tiles{{4, 8, 1}}}, scheme);
    }
}

// AoS sites (rt2d's layout = aos): the exchange copies the slots the model names in its layout
// (outgoing_element), so AoS tiles match one AoS domain bit for bit too.
TEST(TiledD2Q37, AosTilesMatchOneDomain) {
    for (const char* scheme : kSchemes) {
        SimulationSetup s = rt2d(scheme, 32, 49);
        s.model.layout = Layout::AoS;
        expect_tiles_match(s, {Tiles{{2, 2, 1}}}, scheme + std::string(" aos"));
    }
}

TEST(TiledD2Q37, MacrosAndFieldsAreThoseOfTheWholeLattice) {
    const SimulationSetup s = rt2d("pull", 24, 48);
    auto one = make(s, {});
    auto split = make(s, Tiles{{2, 2, 1}});
    one->step(50);
    split->step(50);
    test::expect_same_macros(*one, *split);
    for (FieldKind kind : {FieldKind::Temperature, FieldKind::Vorticity}) {
        FieldRequest req;
        req.kind = kind;
        std::vector<float> va(s.dims.nodes()), vb(s.dims.nodes());
        one->read_field(req, FieldRegion{true}, va.data(), MemorySpace::Host);
        split->read_field(req, FieldRegion{true}, vb.data(), MemorySpace::Host);
        EXPECT_EQ(va, vb) << "field " << int(kind);
    }
    EXPECT_EQ(split->count_nonfinite(), 0u);
}

// The halo is as deep as the model's longest hop: 3 for D2Q37, 1 for D2Q9.
TEST(TiledD2Q37, HaloDepthIsTheModelsAnswer) {
    const SimulationSetup s = rt2d("pull", 12, 24);
    const HaloShape h = halo_shape(engine_config(s));
    EXPECT_EQ(h.depth, 3);
    EXPECT_EQ(h.per_face_node[0], 26); // sum of c_x over the velocities with c_x > 0
    EXPECT_EQ(h.per_face_node[1], 26);
    EXPECT_EQ(choose_tiles(2, s.dims, h), (Tiles{{1, 2, 1}})); // the short cut: 12 nodes
}

TEST(TiledD2Q37, RefusesTilesThinnerThanTheHaloNamingTheMinimum) {
    // 8 = 3 + 3 + 2 along x; 24 rows in 9 tiles are 2 or 3 high.
    for (const Tiles& t : {Tiles{{3, 1, 1}}, Tiles{{1, 9, 1}}}) {
        SimulationSetup s = rt2d("push", 8, 24);
        s.tiles = t;
        try {
            Simulation::create(s, BackendKind::Cpu);
            ADD_FAILURE() << to_string(t) << " was accepted";
        } catch (const ConfigError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("--tiles " + to_string(t)), std::string::npos) << what;
            EXPECT_NE(what.find("width 2"), std::string::npos) << what;
            EXPECT_NE(what.find("halo depth 3, the minimum tile width"), std::string::npos) << what;
        }
    }
}

} // namespace
} // namespace ll
