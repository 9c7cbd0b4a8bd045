// One flag byte per node, every bit group of every model here:
//   bits 0-2  node type (NodeType)
//   bits 3-4  thermal class of a half-way wall (the Boussinesq model): 0 adiabatic, 1..3 a fixed
//             temperature wall_theta[class]; one byte per node keeps a node update at
//             2 Q populations + 1 flag byte
//   bit  5    on an updated node: a near-wall node the GPU's bulk kernel updates all the same:
//             every wall among its sources is a bounce-back whose reflection the engine copies,
//             before the step, into the wall's slot that the node streams from (wall ghosts,
//             engine/wall_ghosts.hpp); on a bounce-back wall: one that shares a 32-byte sector
//             of the population arrays with updated nodes, whose slots the GPU's bulk pull pass
//             stores too, so that the sector is written whole (mark_wall_sectors)
//   bit  6    an updated node on a tile's border (within a halo depth of a cut), which the GPU
//             updates first, apart from the rest, so that the halos it sends move while the
//             rest updates (seed 004's overlap, Calore et al. 2016; mark_tile_border)
//   bit  7    an updated node with a half-way wall among its neighbours, so bulk nodes never
//             look at their neighbours' flags
#pragma once
#include "host_device.hpp"

namespace ll {

enum NodeType : std::uint8_t {
    kFluid = 0,
    kSolid = 1,      // half-way bounce-back wall; the node itself is not updated
    kMovingWall = 2, // half-way bounce-back carrying the wall velocity (a lid)
    kFreeSlip = 3,   // half-way specular reflection; not updated
    kWallOnGrid = 4, // on-grid (full-way) bounce-back: updated, populations reversed (seed 002)
    kInlet = 5,      // velocity inlet: equilibrium at the prescribed velocity (x = 0)
    kOutlet = 6,     // pressure outlet: equilibrium at the prescribed density (x = nx - 1)
                     // (with FlowParams::pressure_ends both hold densities, Zou & He 1997)
    // A copy of another subdomain's node (solver/domain/, docs/DESIGN.md "Scale-out"): never
    // updated here and not a wall; its slots hold what the halo exchange copied in.
    kHalo = 7,
};
inline constexpr std::uint8_t kTypeMask = 0x07;
inline constexpr std::uint8_t kBorderBit = 0x40;
inline constexpr std::uint8_t kNearWallBit = 0x80;
inline constexpr std::uint8_t kWallGhostBit = 0x20;

LL_HD constexpr NodeType node_type(std::uint8_t flag) {
    return NodeType(flag & kTypeMask);
}
// Half-way walls are not updated: their memory slots hold the populations they reflect.
LL_HD constexpr bool is_halfway_wall(std::uint8_t flag) {
    const auto t = node_type(flag);
    return t == kSolid || t == kMovingWall || t == kFreeSlip;
}
LL_HD constexpr bool is_updated(std::uint8_t flag) {
    return !is_halfway_wall(flag) && node_type(flag) != kHalo;
}
LL_HD constexpr bool near_wall(std::uint8_t flag) {
    return (flag & kNearWallBit) != 0;
}
// A near-wall node the GPU's near-wall list updates (one without wall ghosts).
LL_HD constexpr bool in_wall_list(std::uint8_t flag) {
    return (flag & (kNearWallBit | kWallGhostBit)) == kNearWallBit;
}
// A half-way bounce-back wall, resting or moving: its reflection is the fluid node's own slot.
LL_HD constexpr bool is_bounce_back_wall(std::uint8_t flag) {
    return node_type(flag) == kSolid || node_type(flag) == kMovingWall;
}
// A bounce-back wall whose slots the GPU's bulk pull pass stores (bit 5 on a wall node).
LL_HD constexpr bool fills_wall_sector(std::uint8_t flag) {
    return is_bounce_back_wall(flag) && (flag & kWallGhostBit) != 0;
}
LL_HD constexpr bool on_border(std::uint8_t flag) {
    return (flag & kBorderBit) != 0;
}

inline constexpr int kWallClasses = 4;
inline constexpr int kThermalShift = 3;
inline constexpr std::uint8_t kThermalMask = 0x18;
static_assert((kThermalMask & (kTypeMask | kNearWallBit | kBorderBit | kWallGhostBit)) == 0,
              "thermal class bits must not overlap the other flag bits");
static_assert((kThermalMask >> kThermalShift) + 1 == kWallClasses, "class bits vs class count");

LL_HD constexpr int thermal_class(std::uint8_t flag) {
    return (flag & kThermalMask) >> kThermalShift;
}
constexpr std::uint8_t thermal_wall(NodeType type, int wall_class) {
    return std::uint8_t(type | (wall_class << kThermalShift));
}

const char* node_type_name(NodeType t);

} // namespace ll
