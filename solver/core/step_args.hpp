// Everything one streaming-collision step needs, in one struct passed by value to kernels.
#pragma once
#include "collision.hpp"
#include "lattice.hpp"
#include "storage.hpp"
#include "x_faces.hpp"

namespace ll {

// Real: the arithmetic; Store: what a population is in memory (storage.hpp).
template <class Real, class Store = Real>
struct StepArgs {
    Dims dims;
    node_t soa_stride = 0;      // SoA: nodes from one population array to the next (layout.hpp)
    const Store* src = nullptr; // incoming slots
    Store* dst = nullptr;       // outgoing slots (== src for in-place schemes)
    const std::uint8_t* flags = nullptr; // one NodeType byte per node (flags.hpp)
    CollisionParams<Real> coll{};
    Real force[3] = {0, 0, 0};  // uniform body force density (Guo)
    Real wall_u[3] = {0, 0, 0}; // velocity of kMovingWall nodes
    Real inlet_u[3] = {0, 0, 0};
    Real inlet_rho = 1; // the inlets' density where pressure_ends
    Real outlet_rho = 1;
    int parity = 0;             // time-step parity for the in-place schemes
    bool pressure_ends = false; // inlets and outlets held at densities (boundary.hpp, Zou & He)
    std::uint32_t step = 0;     // time step (mod 2^32): the noise of 16-bit stores (storage.hpp)
    XFaces faces{};             // a pull tile cut along x: its x faces (x_faces.hpp)
};

} // namespace ll
