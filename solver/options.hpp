// Runtime choices (stencil, collision, scheme, layout, precision, launch) with their names,
// parsing, a compatibility check that speaks to users, and the one memory-traffic formula.
#pragma once
#include "core/lattice.hpp"
#include "core/layout.hpp"
#include "core/scheme.hpp"
#include "core/storage.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// D2Q37 is Calore et al. 2016's thermal compressible model (solver/models/d2q37/), reached
// only through a thermal scenario (rt2d).
enum class StencilKind : std::uint8_t { D2Q9, D3Q19, D3Q27, D2Q37 };
enum class CollisionKind : std::uint8_t { BGK, TRT, MRT };
enum class Precision : std::uint8_t { FP32, FP64 };
enum class BackendKind : std::uint8_t { Auto, Cpu, Cuda };

struct ModelChoice {
    StencilKind stencil = StencilKind::D2Q9;
    CollisionKind collision = CollisionKind::BGK;
    Scheme scheme = Scheme::Pull;
    Layout layout = Layout::SoA;
    Precision precision = Precision::FP32; // the arithmetic
    // What the populations are stored as when that differs from the arithmetic: fp16s or
    // fp16c (computed in fp32). Empty: stored as computed. stored_as() gives the format.
    std::optional<Storage> storage;
    bool operator==(const ModelChoice&) const = default;
};

// GPU launch shape. block_size: threads per block, a multiple of 32. blocks_per_sm_cap: 0 for
// no cap, else the GPU back end reserves dynamic shared memory so at most this many blocks
// share an SM (an occupancy limit set at run time). register_cap: 0 for the compiler's choice,
// else the bulk kernel's variant built with at most this many registers per thread
// (engine/register_caps.hpp; only some kernels have them, the engine refuses the others).
struct LaunchConfig {
    int block_size = 256;
    int blocks_per_sm_cap = 0;
    int register_cap = 0;
    bool operator==(const LaunchConfig&) const = default;
};

// Physical parameters in lattice units.
struct FlowParams {
    double tau = 0.6;                // BGK relaxation time; nu = (tau - 1/2) / 3
    double trt_lambda = 3.0 / 16.0;  // TRT magic parameter
    bool mrt_bgk_equivalent = false; // MRT with every rate 1/tau (a test of the basis)
    double force[3] = {0, 0, 0};     // uniform body force (Guo)
    double wall_u[3] = {0, 0, 0};    // moving-wall velocity
    double inlet_u[3] = {0, 0, 0};   // velocity inlet
    double outlet_rho = 1;           // pressure outlet density
    // Pressure ends (a pressure-driven flow): inlets held at inlet_rho and outlets at
    // outlet_rho by Zou & He's rule (core/boundary.hpp) instead of the velocity inlet and the
    // equilibrium outlet. Inlets sit on x = 0 and outlets on x = nx - 1, as in every preset.
    bool pressure_ends = false;
    double inlet_rho = 1;
};

// A user-facing error: the message names the field and the allowed range.
struct ConfigError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// ---- names (the spellings used by the CLI, config files, JSON and the UI) ----
std::string_view to_string(StencilKind);
std::string_view to_string(CollisionKind);
std::string_view to_string(Scheme);
std::string_view to_string(Layout);
std::string_view to_string(Precision);
std::string_view to_string(BackendKind);
std::string_view to_string(Storage);
std::optional<StencilKind> parse_stencil(std::string_view);
std::optional<CollisionKind> parse_collision(std::string_view);
std::optional<Scheme> parse_scheme(std::string_view);
std::optional<Layout> parse_layout(std::string_view);
std::optional<Precision> parse_precision(std::string_view);
std::optional<BackendKind> parse_backend(std::string_view);
std::optional<Storage> parse_storage(std::string_view);
// "a|b|c" lists of the valid spellings, for messages and --help. stencil_names() lists the
// isothermal stencils; d2q37 parses too. stencil_names(d): those of dimension d, what a
// preset of that dimension takes (a 2D preset's lattice has nz = 1, a 3D one's more).
std::string stencil_names();
std::string stencil_names(int dimensions);
std::string collision_names();
std::string scheme_names();
std::string layout_names();
std::string precision_names();
std::string storage_names();
// One-sentence explanations used by --help and tooltips.
std::string_view describe(Scheme);
std::string_view describe(Layout);
std::string_view describe(CollisionKind);
std::string_view describe(Storage);

int velocities(StencilKind); // Q
int dimensions(StencilKind); // D
int bytes_per_value(Storage);
// The storage format of a choice: its 16-bit format, or the precision's own.
Storage stored_as(const ModelChoice&);
// Sets the `storage` key's value on a choice whose precision is already set: the precision's
// own format clears it (one spelling of each choice), a 16-bit one sets it. Throws ConfigError
// naming the key and the allowed values when the precision cannot store that way.
void set_storage(ModelChoice&, Storage);

bool is_thermal(StencilKind); // d2q37: the thermal model (solver/models/d2q37/)

// Empty when the combination can run on this lattice; otherwise a message for the user.
std::string compatibility_error(const ModelChoice&, const Dims&);

// The choices layout = aosoa is built for (by the models that offer it, ModelTraits): values
// stored as computed (fp32, fp64) and the schemes that run fastest (pull, A-A, esoteric). A
// third layout for every kernel would add a half to the CUDA build.
LL_HD constexpr bool aosoa_scheme(Scheme s) {
    return s == Scheme::Pull || s == Scheme::AA || s == Scheme::Esoteric;
}
inline bool aosoa_offered(const ModelChoice& m) {
    return aosoa_scheme(m.scheme) && !m.storage;
}

// ---- memory accounting: the one formula used by the UI, the CLI and the benchmark ----
// A streaming step reads and writes every population once and reads one flag byte. The
// Boussinesq model moves its temperature population too: `temperature_velocities` more values
// per node (ll::temperature_velocities(SimulationSetup)), in the same precision.
double bytes_per_node_update(const ModelChoice&, int temperature_velocities = 0);
// "d3q19 mrt esoteric soa fp32", for headers and logs.
std::string model_label(const ModelChoice&);
// Bytes the back end allocates for populations (two copies for A-B schemes) plus flags.
double lattice_bytes(const ModelChoice&, const Dims&, int temperature_velocities = 0);

} // namespace ll
