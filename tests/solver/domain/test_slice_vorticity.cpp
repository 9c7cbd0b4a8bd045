// The vorticity of a slice of a lattice in tiles (solver/domain/slice_vorticity.hpp): put
// together from the tiles' velocity on the slice and the planes beside it, it equals one
// engine's vorticity of the same state bit for bit, walls (NaN) included: in 2D, and in 3D for
// the magnitude and each component, on slices normal to every axis across the cuts and at the
// lattice's periodic wrap.
#include "solver/domain/slice_vorticity.hpp"
#include "solver/domain/tiled_engine.hpp"
#include "solver/scenario/scenario.hpp"
#include "support/flow_fields.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

// One engine and a tiled one holding the state of `s` after `steps` steps.
struct Pair {
    std::unique_ptr<Engine> one;
    std::unique_ptr<TiledEngine> tiled;
};

Pair engines_after(const SimulationSetup& s, const Tiles& t, int steps) {
    auto run = Simulation::create(s, BackendKind::Cpu);
    run->step(steps);
    std::vector<double> state;
    run->export_state(state);
    const EngineConfig cfg = engine_config(s);
    Pair p{make_cpu_engine(cfg),
           std::make_unique<TiledEngine>(
               cfg, t, [](const EngineConfig& c, int) { return make_cpu_engine(c); })};
    for (Engine* e : {p.one.get(), static_cast<Engine*>(p.tiled.get())}) {
        e->set_flags(run->setup().flags);
        e->import_state(state);
    }
    return p;
}

// Returns the largest |vorticity| of the slice, so that a test can tell it is not all zeros.
float expect_same_vorticity(Pair& p, const Dims& d, const FieldRegion& slice, int component) {
    const FieldRequest req{FieldKind::Vorticity, component, true};
    std::vector<float> want(region_size(d, slice)), got(want.size(), -1.0f);
    p.one->read_field(req, slice, want.data(), MemorySpace::Host);
    p.tiled->read_field(req, slice, got.data(), MemorySpace::Host);
    float largest = 0;
    for (float v : want)
        if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
    EXPECT_EQ(std::memcmp(want.data(), got.data(), want.size() * sizeof(float)), 0)
        << "axis " << int(slice.axis) << " index " << slice.index << " component " << component;
    std::vector<float> device(want.size(), -1.0f); // CPU tiles: host memory, the same path
    p.tiled->read_field(req, slice, device.data(), MemorySpace::Device);
    EXPECT_EQ(std::memcmp(want.data(), device.data(), want.size() * sizeof(float)), 0);
    return largest;
}

TEST(SliceVorticity, TwoDimensionalSlicesEqualOneEngine) {
    const SimulationSetup s = build_scenario("cylinder2d", {{"size", "8"}, {"re", "60"}});
    Pair p = engines_after(s, Tiles{{3, 2, 1}}, 150);
    const Dims d = s.dims;
    EXPECT_GT(expect_same_vorticity(p, d, FieldRegion{false, Axis::Z, 0}, -1), 1e-4f);
    for (std::uint32_t x : {0u, 29u, d.nx - 1})
        expect_same_vorticity(p, d, FieldRegion{false, Axis::X, x}, -1);
    expect_same_vorticity(p, d, FieldRegion{false, Axis::Y, d.ny / 2}, -1);
}

TEST(SliceVorticity, ThreeDimensionalComponentsEqualOneEngine) {
    const SimulationSetup s = build_scenario("cavity3d", {{"size", "10"}, {"re", "400"}});
    Pair p = engines_after(s, Tiles{{2, 2, 2}}, 80);
    const Dims d = s.dims; // 12^3: cuts at 6
    for (Axis axis : {Axis::X, Axis::Y, Axis::Z})
        for (std::uint32_t index : {0u, 5u, 6u, 11u}) // 0 and 11: the walls, all NaN
            for (int component : {-1, 0, 1, 2}) {
                const float largest =
                    expect_same_vorticity(p, d, FieldRegion{false, axis, index}, component);
                if (index == 5 || index == 6) {
                    EXPECT_GT(largest, 1e-5f) << "a slice without vorticity tests nothing";
                }
            }
}

TEST(SliceVorticity, PlanesBesideTheSliceWrap) {
    const Dims d{8, 6, 5};
    const SlicePlanes z0 = slice_planes(d, FieldRegion{false, Axis::Z, 0});
    EXPECT_EQ(z0.index[0], 4u);
    EXPECT_EQ(z0.index[2], 1u);
    const SlicePlanes x7 = slice_planes(d, FieldRegion{false, Axis::X, 7});
    EXPECT_EQ(x7.index[0], 6u);
    EXPECT_EQ(x7.index[2], 0u);
    const SlicePlanes flat = slice_planes(Dims{8, 6, 1}, FieldRegion{false, Axis::Z, 0});
    EXPECT_FALSE(flat.neighbours); // a 2-D lattice has no z derivative
    const VelocityPlanes v = velocity_planes(d, FieldRegion{false, Axis::Y, 2}, {});
    EXPECT_EQ(v.width, 8u);
    EXPECT_EQ(v.height, 5u);
    EXPECT_EQ(v.lattice_axis[0], 0);
    EXPECT_EQ(v.lattice_axis[1], 2);
    EXPECT_EQ(v.lattice_axis[2], 1);
}

} // namespace
} // namespace ll
