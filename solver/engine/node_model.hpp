// What the one engine (CpuEngine<M>, CudaEngine<M>) asks of a model: a node model M, plain data
// and LL_HD per-node functions shared by the CPU loop and the CUDA kernels. The engine owns
// allocation, parity, timing, staging and launches; the model owns the arithmetic. Its members
// (Args and lattice(a), kSets and set_q(k), make_args and bind, with_step, update, read_state /
// write_state of the canonical state, macro, field, finite, flags_error) are listed in
// docs/DESIGN.md, "One engine, models as plug-ins".
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

// A model that makes the equilibrium of one node's fields (rho, u, and T where it has one) lets
// an engine start its lattice where the lattice lives (Engine::import_equilibrium), with no
// canonical state on the host: that is 152 bytes a node for D3Q19, 20 GB for a 512^3 tile,
// and it was most of the set-up time of the multi-GPU runs. Others start from the host's
// canonical state (equilibrium_state, models/registry.hpp).
template <class M>
concept EquilibriumFromFields = NodeModel<M> &&
    requires(const typename M::Args& a, const double (&u)[3], typename M::Real (&v)[M::kStateQ]) {
    M::equilibrium_values(a, 1.0, u, 0.0, v);
};

// A model whose bounce-back walls a GPU engine may ghost (engine/wall_ghosts.hpp): it says so
// (kWallGhosts: its values are stored as computed, so that the copies are exact) and offers
// fill_wall_ghosts<L, Sc>(a, WallGhostNode).
template <class M>
concept WallGhosts = NodeModel<M> && requires {
    requires M::kWallGhosts;
};

// A model that keeps x faces on pull tiles cut along x (core/x_faces.hpp) says so (kXFaces) and
// takes the FacePath as its update's fifth template argument (core/node_update.hpp): the GPU's
// pull kernels are then built for a lattice with faces and for one without.
template <class M>
concept XFacesModel = NodeModel<M> && requires {
    requires M::kXFaces;
};
// The face path a kernel of scheme Sc is built with where it does not depend on the lattice:
// Runtime for models without faces and schemes other than pull (it tests nothing there).
template <class M, Scheme Sc>
inline constexpr bool kFacedScheme = XFacesModel<M>&& Sc == Scheme::Pull;
// The face path of the kernels that run on one domain only (register-capped, resident), which
// keeps no x faces.
template <class M, Scheme Sc>
inline constexpr FacePath kOneDomainFaces =
    kFacedScheme<M, Sc> ? FacePath::None : FacePath::Runtime;

// Node n's update by model M with the face path kFaces: a model with x faces takes it as its
// update's fifth template argument; the others are called as they always were (Runtime).
template <class M, Layout L, Scheme Sc, class C, Pass kPass, FacePath kFaces>
LL_HD void update_with(const typename M::Args& a, node_t n) {
    if constexpr (kFaces == FacePath::Runtime)
        M::template update<L, Sc, C, kPass>(a, n);
    else
        M::template update<L, Sc, C, kPass, kFaces>(a, n);
}

// Buffers of every population set: the incoming (src) and outgoing (dst) slots; dst == src for
// in-place schemes.
template <class Store, int kSets>
struct SetBuffers {
    Store* src[kSets];
    Store* dst[kSets];
};

} // namespace ll
