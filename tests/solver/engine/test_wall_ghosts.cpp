// Wall ghosts (solver/engine/wall_ghosts.hpp): which nodes take them, which links are copied,
// and that a pull step made of the copies, the bulk pass and the near-wall list computes what
// the full per-node rule computes, bit for bit. Here on the host, with the kernels' own node
// code; GpuSolver.WallGhostsComputeWhatTheWallListComputes runs the CUDA engine both ways.
#include "solver/core/node_update.hpp"
#include "solver/dispatch.hpp"
#include "solver/engine/engine.hpp"
#include "solver/engine/wall_ghosts.hpp"
#include "solver/scenario/scenario.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <set>

namespace ll {
namespace {

std::size_t at(const Dims& d, std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
}

// A 3D lid-driven cavity (solid walls, the moving lid) with a free-slip plate inside and a
// solid block in the middle, its near-wall bits marked.
SimulationSetup cavity_with_plate() {
    SimulationSetup s = build_scenario("cavity3d", {{"size", "10"}});
    const Dims& d = s.dims;
    for (std::uint32_t z = 3; z < 5; ++z)
        for (std::uint32_t y = 3; y < 5; ++y)
            s.flags[at(d, 5, y, z)] = kSolid;
    for (std::uint32_t y = 2; y < 9; ++y)
        s.flags[at(d, 2, y, 7)] = kFreeSlip;
    mark_near_wall(s.model.stencil, d, s.flags);
    return s;
}

TEST(WallGhosts, OnlyNearWallNodesWhoseWallsAreAllBounceBacks) {
    SimulationSetup s = cavity_with_plate();
    std::vector<std::uint8_t> marked = s.flags;
    mark_wall_ghosts(StencilKind::D3Q19, s.dims, marked);
    int ghosted = 0, listed = 0;
    for (std::size_t n = 0; n < marked.size(); ++n) {
        const NodeFrame fr = make_frame(s.dims, node_t(n));
        bool free_slip = false;
        for (int i = 1; i < D3Q19::Q; ++i)
            free_slip =
                free_slip || node_type(s.flags[fr.shift(-cvel<D3Q19>(i, 0), -cvel<D3Q19>(i, 1),
                                                        -cvel<D3Q19>(i, 2))]) == kFreeSlip;
        const bool expect = is_updated(s.flags[n]) && near_wall(s.flags[n]) && !free_slip;
        EXPECT_EQ((marked[n] & kWallGhostBit) != 0, expect) << "node " << n;
        EXPECT_EQ(marked[n] & ~kWallGhostBit, s.flags[n]) << "node " << n;
        ghosted += expect;
        listed += in_wall_list(marked[n]);
    }
    EXPECT_GT(ghosted, 0);
    EXPECT_GT(listed, 0); // the free-slip plate's neighbours stay in the list
}

TEST(WallGhosts, LinksAreEachGhostedNodesWallSourcesOnce) {
    SimulationSetup s = cavity_with_plate();
    std::vector<std::uint8_t> marked = s.flags;
    mark_wall_ghosts(StencilKind::D3Q19, s.dims, marked);
    const std::vector<std::uint64_t> links = wall_ghost_links(StencilKind::D3Q19, s.dims, marked);
    std::set<std::uint64_t> expected;
    for (std::size_t n = 0; n < marked.size(); ++n) {
        if (!(marked[n] & kWallGhostBit)) continue;
        const NodeFrame fr = make_frame(s.dims, node_t(n));
        for (int i = 1; i < D3Q19::Q; ++i)
            if (is_halfway_wall(
                    marked[fr.shift(-cvel<D3Q19>(i, 0), -cvel<D3Q19>(i, 1), -cvel<D3Q19>(i, 2))]))
                expected.insert(pack_wall_ghost(
                    node_t(n), i,
                    node_type(marked[fr.shift(-cvel<D3Q19>(i, 0), -cvel<D3Q19>(i, 1),
                                              -cvel<D3Q19>(i, 2))]) == kMovingWall));
    }
    EXPECT_EQ(std::set<std::uint64_t>(links.begin(), links.end()), expected);
    EXPECT_EQ(links.size(), expected.size()); // none twice
    // Within a run of 32 nodes, direction by direction (a warp's copies of one plane coalesce).
    for (std::size_t k = 1; k < links.size(); ++k) {
        const WallGhostLink a = unpack_wall_ghost(links[k - 1]), b = unpack_wall_ghost(links[k]);
        if (a.node / 32 == b.node / 32) {
            EXPECT_LE(a.direction, b.direction) << "link " << k;
        }
    }
    // The lid's links say so (its moving term is copied with the reflection).
    int moving = 0;
    for (std::uint64_t link : links)
        moving += unpack_wall_ghost(link).moving;
    EXPECT_GT(moving, 0);
}

// A group of nodes with one node of the list goes to the list whole, ghosts included; a group
// of ghosted and bulk nodes goes whole to the ghosted nodes; walls and other groups stay.
TEST(WallGhosts, WholeSectorsGoToTheListBesideAListNodeElseToTheGhosts) {
    const std::uint8_t ghost = kFluid | kNearWallBit | kWallGhostBit;
    std::vector<std::uint8_t> flags(24, kFluid);
    flags[1] = ghost;
    flags[2] = kFluid | kNearWallBit;
    flags[8] = kSolid;
    flags[9] = ghost;
    widen_near_wall_to_sectors(8, flags);
    for (std::size_t n = 0; n < 8; ++n)
        EXPECT_TRUE(in_wall_list(flags[n])) << "node " << n;
    EXPECT_EQ(flags[8], kSolid);
    for (std::size_t n = 9; n < 16; ++n)
        EXPECT_EQ(flags[n], ghost) << "node " << n;
    for (std::size_t n = 16; n < 24; ++n)
        EXPECT_EQ(flags[n], kFluid) << "node " << n;
}

// The bulk kernel runs beside the copies, so it must leave the ghosted nodes, whose gathers
// read the copies, to the ghosted pass.
TEST(WallGhosts, TheBulkPassLeavesGhostedNodesToTheGhostedPass) {
    const std::uint8_t ghost = kFluid | kNearWallBit | kWallGhostBit;
    EXPECT_TRUE(skipped_by<Pass::Bulk>(ghost));
    EXPECT_FALSE(skipped_by<Pass::Ghosted>(ghost));
    EXPECT_TRUE(skipped_by<Pass::Ghosted>(kSolid));
    EXPECT_FALSE(skipped_by<Pass::Bulk>(kFluid));
}

TEST(WallGhosts, OnlyPullsSlotsAreWorkedThrough) {
    EXPECT_TRUE(wall_ghosts_exact(Scheme::Pull));
    for (Scheme sc : {Scheme::Push, Scheme::Split, Scheme::AA, Scheme::Esoteric, Scheme::SharedX})
        EXPECT_FALSE(wall_ghosts_exact(sc)) << to_string(sc);
}

// One pull step two ways from the same random populations: every node by the full rule
// (Pass::All, the CPU's), and the GPU engine's way (the copies, then Pass::Ghosted for the
// ghosted nodes, Pass::NearWall for the list's, Pass::Bulk for the others; groups widened to 8
// nodes).
template <Layout L, class C>
void expect_ghosted_step_is_the_full_rule(const SimulationSetup& s) {
    using S = D3Q19;
    using P = Propagation<S, L, Scheme::Pull, double>;
    const Dims& d = s.dims;
    const std::size_t size = std::size_t(stored_nodes(L, d.nodes())) * S::Q;
    std::vector<double> src(size), full(size, 0.0), ghosted(size, 0.0);
    std::mt19937 random(7);
    std::uniform_real_distribution<double> value(-0.01, 0.01);
    for (double& v : src)
        v = value(random);

    StepArgs<double> a;
    fill_step_args<S, double>(a, d, s.flow);
    a.src = src.data();
    a.dst = full.data();
    a.flags = s.flags.data();
    for (node_t n = 0; n < d.nodes(); ++n)
        update_node<S, L, Scheme::Pull, C, double, Pass::All>(a, n);

    std::vector<std::uint8_t> marked = s.flags;
    mark_wall_ghosts(StencilKind::D3Q19, d, marked);
    widen_near_wall_to_sectors(8, marked);
    std::vector<double> src_ghosts = src;
    StepArgs<double> b = a;
    b.src = src_ghosts.data();
    b.dst = ghosted.data();
    b.flags = marked.data();
    const std::vector<std::uint64_t> links = wall_ghost_links(StencilKind::D3Q19, d, marked);
    ASSERT_FALSE(links.empty());
    for (std::uint64_t packed : links) {
        const WallGhostLink link = unpack_wall_ghost(packed);
        P::fill_wall_ghost(b, make_frame(d, link.node), link.direction, link.moving);
    }
    for (node_t n = 0; n < d.nodes(); ++n) {
        if (in_wall_list(marked[n]))
            update_node<S, L, Scheme::Pull, C, double, Pass::NearWall>(b, n);
        else if (wall_ghosted(marked[n]))
            update_node<S, L, Scheme::Pull, C, double, Pass::Ghosted>(b, n);
        else
            update_node<S, L, Scheme::Pull, C, double, Pass::Bulk>(b, n);
    }
    for (node_t n = 0; n < d.nodes(); ++n)
        for (int i = 0; i < S::Q; ++i) {
            const offset_t k = population_index<L>(n, i, d.nodes(), S::Q);
            ASSERT_EQ(std::memcmp(&full[k], &ghosted[k], sizeof(double)), 0)
                << "node " << n << " direction " << i << ": " << full[k] << " against "
                << ghosted[k];
        }
}

TEST(WallGhosts, GhostedStepIsTheFullRuleBitForBit) {
    const SimulationSetup s = cavity_with_plate();
    ASSERT_NE(s.flow.wall_u[0], 0.0); // the lid's term is part of what is copied
    expect_ghosted_step_is_the_full_rule<Layout::SoA, Bgk>(s);
    expect_ghosted_step_is_the_full_rule<Layout::SoA, Mrt>(s);
    expect_ghosted_step_is_the_full_rule<Layout::AoSoA, Mrt>(s);
    expect_ghosted_step_is_the_full_rule<Layout::AoS, Bgk>(s);
}

} // namespace
} // namespace ll
