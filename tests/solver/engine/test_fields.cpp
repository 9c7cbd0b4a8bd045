// Field access: Simulation::read_field (per-node formulas in solver/core/field_at.hpp, used by
// both back ends) against the host path (io/fields.cpp on a MacroField), for every field, on
// the whole lattice and on slices along each axis; and bad slice requests.
#include "support/test_support.hpp"

#include "solver/io/fields.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ll::test {
namespace {

void expect_fields_agree(Simulation& sim) {
    MacroField m;
    sim.read_macro(m);
    const Dims d = sim.setup().dims;
    for (FieldKind kind : {FieldKind::Speed, FieldKind::Ux, FieldKind::Uy, FieldKind::Uz,
                           FieldKind::Vorticity, FieldKind::Density}) {
        const FieldRequest req{kind, -1};
        std::vector<float> host;
        compute_field(m, d, req, host);
        std::vector<float> got(d.nodes());
        sim.read_field(req, {true, Axis::Z, 0}, got.data(), MemorySpace::Host);
        double worst = 0, scale = 1e-12;
        for (std::size_t n = 0; n < got.size(); ++n) {
            worst = std::max(worst, double(std::fabs(got[n] - host[n])));
            scale = std::max(scale, double(std::fabs(host[n])));
        }
        EXPECT_LE(worst, 1e-5 * scale) << "field " << int(kind);
        for (Axis axis : {Axis::X, Axis::Y, Axis::Z}) {
            const std::uint32_t index = slice_count(d, axis) / 2;
            const SliceExtent e = slice_extent(d, axis);
            std::vector<float> want(std::size_t(e.width) * e.height), slice(want.size());
            extract_slice(host, d, axis, index, want.data());
            sim.read_field(req, {false, axis, index}, slice.data(), MemorySpace::Host);
            for (std::size_t k = 0; k < want.size(); ++k)
                ASSERT_NEAR(slice[k], want[k], 1e-5 * scale) << "axis " << int(axis) << " k " << k;
        }
    }
}

TEST(Fields, ReadFieldMatchesHostFieldsIn2d) {
    auto sim = cpu_run("cavity2d", {{"size", "48"}, {"scheme", "esoteric"}});
    sim->step(301);
    expect_fields_agree(*sim);
}

TEST(Fields, ReadFieldMatchesHostFieldsIn3d) {
    auto sim = cpu_run("cavity3d", {{"size", "14"}, {"scheme", "aa"}, {"layout", "aos"}});
    sim->step(101);
    expect_fields_agree(*sim);
}

TEST(Fields, BadRequestsAreRejected) {
    auto sim = cpu_run("cavity2d", {{"size", "16"}});
    std::vector<float> out(64 * 64);
    EXPECT_THROW(sim->read_field({FieldKind::Speed, -1}, {false, Axis::X, 18}, out.data(),
                                 MemorySpace::Host),
                 ConfigError);
    EXPECT_THROW(sim->read_field({FieldKind::Vorticity, 3}, {true, Axis::Z, 0}, out.data(),
                                 MemorySpace::Host),
                 ConfigError);
    // The CPU back end has no device memory.
    EXPECT_THROW(sim->read_field({FieldKind::Speed, -1}, {true, Axis::Z, 0}, out.data(),
                                 MemorySpace::Device),
                 ConfigError);
}

} // namespace
} // namespace ll::test
