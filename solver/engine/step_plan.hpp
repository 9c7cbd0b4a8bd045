// A node model whose step is not one update per node but a list of passes over the lattice,
// each finished before the next starts (docs/DESIGN.md, "Step plans"): M::kPlanned = true and
//   template <Layout L, Scheme Sc, class C, class Sweeps>
//   static void plan(Sweeps& s, const Args& a)      host code: s.sweep(op, count) per pass
// An op is a plain struct, passed by value to the kernel, with
//   static constexpr const char* kName;                          as the bench and profiler show it
//   LL_HD void operator()(const Args& a, std::uint32_t i) const;  item i of [0, count)
// Items of one pass must touch disjoint memory (they run in any order, in parallel).
#pragma once
#include "population_sets.hpp"

#include <cstddef>
#include <cstdint>

namespace ll {

template <class M>
concept PlannedModel = requires {
    M::kPlanned;
}
&&M::kPlanned;

// What one pass of a plan is, for the launch report and the kernel bench.
struct PlanPass {
    const char* name = "";
    const void* kernel = nullptr; // the CUDA function (GPU engines), else nullptr
    std::uint32_t count = 0;      // items
};

} // namespace ll
