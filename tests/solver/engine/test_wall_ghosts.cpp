// Wall ghosts (solver/engine/wall_ghosts.hpp): which nodes take them, which walls each copies,
// and that pull steps made of the copies, the bulk pass and the near-wall list compute what
// the full per-node rule computes, bit for bit. Here on
// the host, with the kernels' own node code; GpuSolver.WallGhostsComputeWhatTheWallListComputes
// runs the CUDA engine both ways.
#include "solver/core/node_update.hpp"
#include "solver/dispatch.hpp"
#include "solver/engine/engine.hpp"
#include "solver/engine/wall_ghosts.hpp"
#include "solver/scenario/scenario.hpp"

#include <gtest/gtest.h>

#include <algorithm>
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

TEST(WallGhosts, EachGhostedNodeCarriesItsWallsAndTheLidsOnes) {
    SimulationSetup s = cavity_with_plate();
    std::vector<std::uint8_t> marked = s.flags;
    mark_wall_ghosts(StencilKind::D3Q19, s.dims, marked);
    const std::vector<WallGhostNode> nodes = wall_ghost_nodes(StencilKind::D3Q19, s.dims, marked);
    std::size_t k = 0, moving = 0;
    for (node_t n = 0; n < s.dims.nodes(); ++n) {
        if (!(marked[n] & kWallGhostBit)) continue;
        ASSERT_LT(k, nodes.size());
        ASSERT_EQ(nodes[k].node, n) << "in node order, every ghosted node once";
        const NodeFrame fr = make_frame(s.dims, n);
        for (int i = 0; i < D3Q19::Q; ++i) {
            const std::uint8_t sf =
                marked[fr.shift(-cvel<D3Q19>(i, 0), -cvel<D3Q19>(i, 1), -cvel<D3Q19>(i, 2))];
            const bool wall = i > 0 && is_halfway_wall(sf);
            EXPECT_EQ((nodes[k].walls >> i) & 1u, wall ? 1u : 0u) << n << " " << i;
            EXPECT_EQ((nodes[k].moving >> i) & 1u, wall && node_type(sf) == kMovingWall ? 1u : 0u)
                << n << " " << i;
        }
        moving += nodes[k].moving != 0;
        ++k;
    }
    EXPECT_EQ(k, nodes.size());
    EXPECT_GT(moving, 0u); // the lid's term is copied with its reflections
}

// A group of nodes with one node of the list goes to the list whole, ghosts included; a group
// of ghosted and bulk nodes stays as it is (the bulk kernel updates both).
TEST(WallGhosts, WholeSectorsTakeGhostsIntoTheListOnlyBesideAListNode) {
    const std::uint8_t ghost = kFluid | kNearWallBit | kWallGhostBit;
    std::vector<std::uint8_t> flags(16, kFluid);
    flags[1] = ghost;
    flags[2] = kFluid | kNearWallBit;
    flags[9] = ghost;
    widen_near_wall_to_sectors(8, flags);
    for (std::size_t n = 0; n < 8; ++n)
        EXPECT_TRUE(in_wall_list(flags[n])) << "node " << n;
    EXPECT_EQ(flags[9], ghost);
    for (std::size_t n = 10; n < 16; ++n)
        EXPECT_EQ(flags[n], kFluid) << "node " << n;
}

// A bounce-back wall is stored by the bulk pass where its group of 8 holds an updated node;
// walls in groups of walls only, free-slip walls and the fluid are left as they were.
TEST(WallGhosts, WallsAreFilledOnlyWhereTheirSectorHoldsAnUpdatedNode) {
    const std::uint8_t ghost = kFluid | kNearWallBit | kWallGhostBit;
    std::vector<std::uint8_t> flags(35, kSolid); // groups 0-3 and a last one of 3 nodes
    flags[7] = kMovingWall;
    flags[6] = kFreeSlip;
    flags[5] = ghost;                                // group 0: walls beside an updated node
    flags[8] = std::uint8_t(kSolid | kWallGhostBit); // group 1: walls only, a stale bit
    for (std::size_t n = 16; n < 24; ++n)
        flags[n] = kFluid; // group 2: no wall
    flags[20] = kHalo;
    flags[24] = kHalo;  // group 3: walls beside a halo node only
    flags[32] = kFluid; // the last group, shorter than 8: walls beside an updated node
    const std::vector<std::uint8_t> before = flags;
    mark_wall_sectors(8, flags);
    for (std::size_t n = 0; n < flags.size(); ++n) {
        const bool fill = (n < 8 || n >= 32) && is_bounce_back_wall(before[n]);
        EXPECT_EQ(fills_wall_sector(flags[n]), fill) << "node " << n;
        if (!is_bounce_back_wall(before[n])) {
            EXPECT_EQ(flags[n], before[n]) << "node " << n;
        }
    }
    EXPECT_EQ(flags[7], kMovingWall | kWallGhostBit);
    mark_wall_sectors(1, flags); // no sectors to fill: every wall's bit cleared
    for (std::size_t n = 0; n < flags.size(); ++n)
        EXPECT_FALSE(fills_wall_sector(flags[n])) << "node " << n;
    EXPECT_EQ(flags[5], ghost);
}

// The bulk kernel updates the ghosted nodes; the list keeps the others near a wall.
TEST(WallGhosts, TheBulkPassTakesGhostedNodes) {
    const std::uint8_t ghost = kFluid | kNearWallBit | kWallGhostBit;
    EXPECT_FALSE(skipped_by<Pass::Bulk>(ghost));
    EXPECT_TRUE(skipped_by<Pass::Bulk>(std::uint8_t(kFluid | kNearWallBit)));
    EXPECT_TRUE(skipped_by<Pass::Bulk>(kSolid));
    EXPECT_FALSE(skipped_by<Pass::Bulk>(kFluid));
}

TEST(WallGhosts, OnlyPullsSlotsAreWorkedThrough) {
    EXPECT_TRUE(wall_ghosts_exact(Scheme::Pull));
    for (Scheme sc : {Scheme::Push, Scheme::Split, Scheme::AA, Scheme::Esoteric, Scheme::SharedX})
        EXPECT_FALSE(wall_ghosts_exact(sc)) << to_string(sc);
}

// Three pull steps two ways from the same random populations: every node by the full rule
// (Pass::All, the CPU's), and the GPU engine's way (each step the copies, then Pass::NearWall
// for the list's nodes and Pass::Bulk for all others; groups widened to 8 nodes, the walls
// beside updated nodes stored by the bulk pass). The updated nodes' slots must agree bit for
// bit after every step (the walls' slots hold the ghosts, or the bulk pass's zeros).
template <Layout L, class C>
void expect_ghosted_steps_are_the_full_rule(const SimulationSetup& s) {
    using S = D3Q19;
    using P = Propagation<S, L, Scheme::Pull, double>;
    const Dims& d = s.dims;
    const std::size_t size = std::size_t(stored_nodes(L, d.nodes(), d.nodes())) * S::Q;
    // Both buffers random, so that a wall's slot read without its reflection, or a stored zero
    // read back, differs from the first step on.
    std::vector<double> full_a(size), full_b(size);
    std::mt19937 random(7);
    std::uniform_real_distribution<double> value(-0.01, 0.01);
    for (double& v : full_a)
        v = value(random);
    for (double& v : full_b)
        v = value(random);
    std::vector<double> ghost_a = full_a, ghost_b = full_b;

    std::vector<std::uint8_t> marked = s.flags;
    mark_wall_ghosts(StencilKind::D3Q19, d, marked);
    widen_near_wall_to_sectors(8, marked);
    mark_wall_sectors(8, marked); // the bulk pass stores zeros in these walls' slots
    const std::vector<WallGhostNode> ghosts = wall_ghost_nodes(StencilKind::D3Q19, d, marked);
    ASSERT_FALSE(ghosts.empty());
    ASSERT_TRUE(std::any_of(marked.begin(), marked.end(), fills_wall_sector));

    StepArgs<double> a, b;
    fill_step_args<S, double>(a, d, s.flow);
    a.flags = s.flags.data();
    b = a;
    b.flags = marked.data();
    for (int step = 0; step < 3; ++step) {
        const bool even = step % 2 == 0;
        a.src = even ? full_a.data() : full_b.data();
        a.dst = even ? full_b.data() : full_a.data();
        b.src = even ? ghost_a.data() : ghost_b.data();
        b.dst = even ? ghost_b.data() : ghost_a.data();
        for (node_t n = 0; n < d.nodes(); ++n)
            update_node<S, L, Scheme::Pull, C, double, Pass::All>(a, n);
        for (const WallGhostNode& g : ghosts)
            P::fill_wall_ghosts(b, make_frame(d, g.node), g.walls, g.moving);
        for (node_t n = 0; n < d.nodes(); ++n) {
            if (in_wall_list(marked[n]))
                update_node<S, L, Scheme::Pull, C, double, Pass::NearWall>(b, n);
            else
                update_node<S, L, Scheme::Pull, C, double, Pass::Bulk>(b, n);
        }
        for (node_t n = 0; n < d.nodes(); ++n) {
            if (!is_updated(s.flags[n])) continue;
            for (int i = 0; i < S::Q; ++i) {
                const offset_t k = population_index<L>(n, i, d.nodes(), S::Q);
                ASSERT_EQ(std::memcmp(&a.dst[k], &b.dst[k], sizeof(double)), 0)
                    << "step " << step << " node " << n << " direction " << i << ": " << a.dst[k]
                    << " against " << b.dst[k];
            }
        }
    }
}

TEST(WallGhosts, GhostedStepsAreTheFullRuleBitForBit) {
    const SimulationSetup s = cavity_with_plate();
    ASSERT_NE(s.flow.wall_u[0], 0.0); // the lid's term is part of what is copied
    expect_ghosted_steps_are_the_full_rule<Layout::SoA, Bgk>(s);
    expect_ghosted_steps_are_the_full_rule<Layout::SoA, Mrt>(s);
    expect_ghosted_steps_are_the_full_rule<Layout::AoSoA, Mrt>(s);
    expect_ghosted_steps_are_the_full_rule<Layout::AoS, Bgk>(s);
}

} // namespace
} // namespace ll
