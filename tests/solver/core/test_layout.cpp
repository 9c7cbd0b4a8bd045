// core/layout.hpp: where a population lives. Where the back end pads SoA (the CPU), its arrays
// are spaced so that one node's Q values fall in different cache sets: a power-of-two spacing
// halved the CPU's speed at 128^3.
#include "solver/core/layout.hpp"
#include "solver/engine/engine.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace ll {
namespace {

constexpr node_t kSizes[] = {1,
                             31,
                             32,
                             33,
                             4096,
                             128u * 128 * 128,
                             130u * 130 * 130,
                             1024u * 1024,
                             256u * 256 * 256,
                             4000000000u};

TEST(Layout, PaddedSoaStrideHoldsTheNodesInWholeGroupsOfAnOddCount) {
    for (node_t nodes : kSizes) {
        const offset_t stride = padded_soa_stride(nodes);
        EXPECT_GE(stride, nodes) << nodes;
        EXPECT_LT(stride, offset_t(nodes) + 2 * kAoSoATile) << nodes;
        EXPECT_EQ(stride % kAoSoATile, 0u) << nodes; // each array on whole 128-byte lines (FP32)
        EXPECT_EQ(stride / kAoSoATile % 2, 1u) << nodes;
        if (stride <= 0xffffffffu) {
            EXPECT_EQ(stored_nodes(Layout::SoA, nodes, node_t(stride)), stride);
        }
    }
}

// One node's 19 FP32 values lie at 19 different offsets in 4 KiB (the L1's set index on x86),
// also where the lattice holds a power of two of nodes.
TEST(Layout, PaddedSoaArraysOfAPowerOfTwoLatticeFallInDifferentCacheSets) {
    for (node_t nodes :
         {node_t(128u * 128 * 128), node_t(1024u * 1024), node_t(256u * 256 * 256)}) {
        std::set<offset_t> offsets;
        for (int i = 0; i < 19; ++i)
            offsets.insert(
                population_index<Layout::SoA>(7, i, node_t(padded_soa_stride(nodes)), 19) * 4 %
                4096);
        EXPECT_EQ(offsets.size(), 19u) << nodes;
    }
}

// The CPU engine pads; every other configuration keeps the lattice's nodes (the GPU's kernels
// were slower padded).
TEST(Layout, OnlyAPaddedConfigurationSpacesItsArrays) {
    EngineConfig c;
    c.dims = {128, 128, 128};
    EXPECT_EQ(population_stride(c), c.dims.nodes());
    c.soa_padded = true;
    EXPECT_EQ(population_stride(c), padded_soa_stride(c.dims.nodes()));
    c.dims = {0xffffffffu, 1, 1}; // padded past node_t: a lattice that large keeps its nodes
    EXPECT_EQ(population_stride(c), c.dims.nodes());
}

// The CPU engine pads: its halo lists put population 1 of node n (pull writes in place) one
// padded stride after population 0, where an unpadded configuration puts it one lattice on.
TEST(Layout, TheCpuEnginePadsItsSoaArrays) {
    EngineConfig c;
    c.dims = {32, 32, 32}; // 2^15 nodes: 1 024 groups of 32, an even count, so padded
    c.model = ModelChoice{StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull,
                          Layout::SoA,        Precision::FP32,    {}};
    const node_t n = 5 + 32 * (7 + 32 * 9);
    const auto cpu = make_cpu_engine(c);
    ASSERT_NE(padded_soa_stride(c.dims.nodes()), c.dims.nodes());
    EXPECT_EQ(cpu->outgoing_element(0, n, 1, 0), padded_soa_stride(c.dims.nodes()) + n);
    EXPECT_EQ(cpu->outgoing_element(0, n, 0, 0), n);
}

// The engine answers the halo exchange's questions from the same layout: the node of each
// slot pull writes (its own), nothing past the set's elements or in the padding between SoA's
// padded arrays.
TEST(Layout, TheEngineNamesTheNodeOfEverySlot) {
    for (Layout l : {Layout::SoA, Layout::AoSoA}) {
        EngineConfig c;
        c.dims = {32, 32, 32};
        c.model = ModelChoice{
            StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull, l, Precision::FP32, {}};
        const auto cpu = make_cpu_engine(c);
        for (node_t n : {node_t(0), node_t(5 + 32 * (7 + 32 * 9)), c.dims.nodes() - 1})
            for (int i = 0; i < 19; ++i)
                EXPECT_EQ(cpu->element_node(0, cpu->outgoing_element(0, n, i, 0)), n)
                    << "layout " << int(l) << " node " << n << " direction " << i;
        EXPECT_EQ(cpu->element_node(0, cpu->stored_elements(0)), std::nullopt);
        if (l == Layout::SoA) { // the CPU pads: past the last node of array 0 lies no node
            EXPECT_EQ(cpu->element_node(0, c.dims.nodes()), std::nullopt);
        }
    }
}

offset_t slot(Layout l, node_t n, int i, node_t stride, int q) {
    if (l == Layout::SoA) return population_index<Layout::SoA>(n, i, stride, q);
    if (l == Layout::AoS) return population_index<Layout::AoS>(n, i, stride, q);
    return population_index<Layout::AoSoA>(n, i, stride, q);
}

offset_t node_of(Layout l, offset_t e, node_t stride, int q) {
    if (l == Layout::SoA) return population_node<Layout::SoA>(e, stride, q);
    if (l == Layout::AoS) return population_node<Layout::AoS>(e, stride, q);
    return population_node<Layout::AoSoA>(e, stride, q);
}

// population_node undoes population_index for every node and direction, padded or not, and
// the room no node uses (past the nodes) answers a node past the lattice.
TEST(Layout, EverySlotNamesItsNodeBack) {
    constexpr int q = 19;
    for (node_t nodes : {node_t(1), node_t(45), node_t(136 * 10)}) {
        for (node_t stride : {nodes, node_t(padded_soa_stride(nodes))}) {
            for (Layout l : {Layout::SoA, Layout::AoS, Layout::AoSoA}) {
                std::vector<int> hits(nodes, 0);
                const offset_t room = stored_nodes(l, nodes, stride) * q;
                for (offset_t e = 0; e < room; ++e) {
                    const offset_t n = node_of(l, e, stride, q);
                    if (n < nodes) ++hits[n];
                }
                for (node_t n = 0; n < nodes; ++n) {
                    for (int i = 0; i < q; ++i)
                        ASSERT_EQ(node_of(l, slot(l, n, i, stride, q), stride, q), n)
                            << "layout " << int(l) << " node " << n << " direction " << i;
                    EXPECT_EQ(hits[n], q) << "layout " << int(l) << " node " << n;
                }
            }
        }
    }
}

// Every layout's slots are distinct and inside the room stored_nodes gives, padded or not.
TEST(Layout, EverySlotIsDistinctAndInsideTheArrays) {
    constexpr int q = 9;
    for (node_t nodes : {node_t(1), node_t(33), node_t(130 * 130)}) {
        for (node_t stride : {nodes, node_t(padded_soa_stride(nodes))}) {
            for (Layout l : {Layout::SoA, Layout::AoS, Layout::AoSoA}) {
                std::set<offset_t> seen;
                const offset_t room = stored_nodes(l, nodes, stride) * q;
                for (node_t n = 0; n < nodes; ++n)
                    for (int i = 0; i < q; ++i) {
                        const offset_t at = slot(l, n, i, stride, q);
                        EXPECT_LT(at, room);
                        seen.insert(at);
                    }
                EXPECT_EQ(seen.size(), std::size_t(nodes) * q) << nodes << " layout " << int(l);
            }
        }
    }
}

} // namespace
} // namespace ll
