// A node model whose step is not one update per node but a list of passes over the lattice,
// each finished before the next starts: D2Q37 (Calore et al. 2016) copies its periodic halo
// columns, propagates, applies the wall rule and collides as separate kernels, or fuses them.
// The model says which passes, in order; the engine runs each one as an OpenMP loop (CPU) or
// one kernel launch (GPU), so the same plan drives the step, the launch report and the kernel
// bench.
//
//   M::kPlanned = true, and
//   template <Layout L, Scheme Sc, class C, class Sweeps>
//   static void plan(Sweeps& s, const Args& a)      host code: s.sweep(op, count) per pass
//
// An op is a plain struct, passed by value to the kernel, with
//   static constexpr const char* kName;                          as the bench and profiler show it
//   LL_HD void operator()(const Args& a, std::uint32_t i) const;  item i of [0, count)
// Items of one pass must touch disjoint memory (they run in any order, in parallel).
//
// Models without a plan run update<L, Sc, C, Pass>() once per node (node_model.hpp).
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
