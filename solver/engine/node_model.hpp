// What the one engine (CpuEngine<M>, CudaEngine<M>) asks of a model: a node model M, plain data
// and LL_HD per-node functions shared by the CPU loop and the CUDA kernels. The engine owns
// allocation, parity, timing, staging and launches; the model owns the arithmetic.
//
//   types       Real (arithmetic), Store (number format in memory), Args (one struct, by value,
//               holding every buffer and parameter a node update needs; lattice(a) is its
//               StepArgs part: dims, flags, parity, step and population set 0)
//   kSets, set_q(k)  population sets (1 isothermal, 2 Boussinesq: flow and temperature) and
//               the velocities of set k; kStateQ = their sum, the values per node of the canonical
//               state (set 0 of every node first, then set 1, ...)
//   make_args   host: Args from an EngineConfig, without buffers; bind() adds them
//   with_step   runtime (layout, scheme, collision) -> f(L, Sc, C) over what the model compiles
//   update      one node's step for a Pass (All on the CPU, Bulk + NearWall on the GPU)
//   read_state / write_state   canonical state of a node, independent of scheme and layout
//   macro       rho, u and (thermal models) T of a node; field: one derived field; finite
//   flags_error what the model refuses in a flag vector ("" when it runs it)
#pragma once
#include "../core/node_update.hpp"

#include <concepts>
#include <string>
#include <vector>

namespace ll {

template <class Real>
struct NodeMacro {
    Real rho;
    Real u[3];
    Real T; // the model's temperature; 0 for isothermal models
};

template <class M>
concept NodeModel = requires(typename M::Args a) {
    typename M::Real;
    typename M::Store;
    { M::kSets } -> std::convertible_to<int>;
    { M::kStateQ } -> std::convertible_to<int>;
    { M::kHasTemperature } -> std::convertible_to<bool>;
    { M::lattice(a) } -> std::same_as<StepArgs<typename M::Real, typename M::Store>&>;
};

// Buffers of every population set: the incoming (src) and outgoing (dst) slots; dst == src for
// in-place schemes.
template <class Store, int kSets>
struct SetBuffers {
    Store* src[kSets];
    Store* dst[kSets];
};

} // namespace ll
