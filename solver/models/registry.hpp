// The one registry of models: above the engine, code asks it what a model offers instead of
// branching on the model (docs/DESIGN.md, "One engine, models as plug-ins", "Adding a model").
#pragma once
#include "solver/domain/tiling.hpp" // HaloShape
#include "solver/engine/engine.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ll {

enum class ModelKind : std::uint8_t { Isothermal, Boussinesq, D2Q37 };

// The model of a configuration: the Boussinesq parameters switched on, the d2q37 stencil, or
// the isothermal DdQq flow. The only place that reads those two fields to tell models apart.
ModelKind model_kind(const EngineConfig& cfg);
std::string_view to_string(ModelKind);

// What a model offers to the layers above the engine.
struct ModelTraits {
    ModelKind kind;
    std::string_view name;
    bool has_temperature; // FieldKind::Temperature and MacroField::T
    bool edits_obstacles; // node types can change during a run (Simulation::set_node_types)
    bool near_wall_bits;  // half-way walls inside the lattice: flags carry kNearWallBit
    bool subdomains;      // a lattice splits into tiles with halo exchange (solver/domain/)
    // The halo a tile exchanges for the model on a stencil: as deep as its velocities reach,
    // and not across an edge where its walls lie beyond the last rows (D2Q37's top and bottom:
    // what leaves there enters no tile, and a tile at the edge has the wall).
    HaloShape (*halo)(StencilKind stencil);
    // A tile cut along x may pad its rows and start them with its owned nodes (tile_row_align,
    // tile_frame): the DdQq addressing runs over the engine's Dims, whatever they hold, and
    // wraps x = -1 to the row's end; D2Q37's grid is the tile's nodes and its halos, in order.
    bool pads_tile_rows;
    // Empty when a node update is one DdQq population set on core/scheme.hpp's addressing,
    // each value read once and written once: Obrecht et al. 2010's memory model (the lab's
    // solver/lab/kernel_access.hpp) describes it. Otherwise why it does not.
    std::string_view access_model_gap;
    bool aosoa; // layout = aosoa is built for it (aosoa_offered's choices)
};
const ModelTraits& model_traits(ModelKind kind);
inline const ModelTraits& model_traits(const EngineConfig& cfg) {
    return model_traits(model_kind(cfg));
}

// The halo a tile of the model exchanges (domain/tiling.hpp), from its velocities: as deep as
// they reach (1 for the DdQq models, 3 for D2Q37), which bounds the thinnest tile.
HaloShape halo_shape(const EngineConfig& cfg);
// The nodes a tile's x stride is rounded up to when x is cut (1: none, for models that do not
// pad). The rows are then aligned (tile_frame: the owned nodes start each row, on a whole
// sector), and LATTICELAB_TILE_ROWS says how wide: `sector` (the default), a multiple of 32
// bytes of stored populations (8 nodes in FP32), or `warp`, of 32 nodes, so that the owned
// nodes of a row fill whole warps too, for one more warp of halo and padding per row. On an
// H200 the two tied for pull AoSoA 2x2x2 tiles of 256^3 (77.3 % of one domain) and `warp`
// lost 2.3 points for A-A SoA (docs/PERFORMANCE.md, session 16). Another value throws
// ConfigError naming the variable and the values.
std::uint32_t tile_row_align(const EngineConfig& cfg);
// LATTICELAB_TILE_ROWS as read: "sector" (also when unset) or "warp"; else ConfigError.
std::string_view tile_rows_requested();

// Empty when the model of `cfg` runs its ModelChoice on its lattice (a tile's: on the whole
// lattice, cfg.tile); otherwise a message that names the key and the allowed values.
std::string compatible(const EngineConfig& cfg);

// Empty when a run of `from` can switch to `to` keeping its state (a choice of the same model,
// which compatible() accepts); otherwise a message naming the key: one model's state does not
// carry over to another's.
std::string model_change_error(const EngineConfig& from, const EngineConfig& to);

// What to try after a NaN/Inf: the model's stability parameters (tau, tau_t, gravity) and
// u_ref, the run's reference velocity.
std::string instability_advice(const EngineConfig& cfg, double u_ref);

// Values per node of the populations beyond the flow's (the Boussinesq temperature: 5, 7 or
// the flow stencil's Q); 0 for the others.
int temperature_velocities(const EngineConfig& cfg);
// The memory of a model's populations: the one formula of options.hpp with the model's sets.
double bytes_per_node_update(const EngineConfig& cfg);
double lattice_bytes(const EngineConfig& cfg);

// The canonical state (engine/node_model.hpp) at the equilibrium of per-node rho, u (3 per
// node) and, for thermal models, T; flags give the wall nodes (and their wall temperatures).
std::vector<double> equilibrium_state(const EngineConfig& cfg,
                                      const std::vector<std::uint8_t>& flags,
                                      const std::vector<double>& rho, const std::vector<double>& u,
                                      const std::vector<double>& T);

// The compiled instance of a configuration's model, stencils and storage ("isothermal_d3q19_
// fp16s", "boussinesq_d2q9_reduced_fp64", "d2q37_fp64"): the name the generated table
// (models/CMakeLists.txt) knows it by.
std::string model_instance_name(const EngineConfig& cfg);
// The CUDA engine factory of that instance; nullptr without CUDA.
using EngineFactory = std::unique_ptr<Engine> (*)(const EngineConfig&);
EngineFactory cuda_engine_factory(const EngineConfig& cfg);
// The values per node of the canonical state (every population set).
int state_velocities(const EngineConfig& cfg);

} // namespace ll
