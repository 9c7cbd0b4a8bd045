// The model registry (registry.hpp).
//
// [SECTION] kinds and traits
// [SECTION] compatibility and memory, instability advice
// [SECTION] equilibrium start
// [SECTION] instances   the generated table (models/CMakeLists.txt) and the engine factories
#include "registry.hpp"

#include "solver/core/flags.hpp"
#include "solver/core/layout.hpp"
#include "solver/domain/halo_plan.hpp"
#include "solver/models/boussinesq/config.hpp"
#include "solver/models/d2q37/config.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace ll {

namespace bq = thermal::boussinesq;

// ---- [SECTION] kinds and traits ----
ModelKind model_kind(const EngineConfig& cfg) {
    if (cfg.boussinesq.enabled) return ModelKind::Boussinesq;
    if (is_thermal(cfg.model.stencil)) return ModelKind::D2Q37;
    return ModelKind::Isothermal;
}

namespace {
HaloShape ddqq_halo(StencilKind stencil) {
    return halo_shape(stencil);
}
// Seed 004's walls are the rows beyond the top and bottom of the lattice. Its halos are 3
// deep: pbc fills them in one domain, the exchange across a tile's cut (Calore et al. 2016).
HaloShape d2q37_halo(StencilKind) {
    HaloShape h = halo_shape_of<thermal::D2Q37>();
    h.wraps[1] = false;
    return h;
}
constexpr std::array<ModelTraits, 3> kModels{{
    {ModelKind::Isothermal, "isothermal", false, true, true, true, &ddqq_halo, true, "", true},
    {ModelKind::Boussinesq, "boussinesq", true, true, true, true, &ddqq_halo, true,
     "a node update moves two population sets, the flow's and the temperature's", false},
    {ModelKind::D2Q37, "d2q37", true, false, false, true, &d2q37_halo, false,
     "the thermal model runs separate propagate and collide kernels", false},
}};
} // namespace

const ModelTraits& model_traits(ModelKind kind) {
    return kModels[std::size_t(kind)];
}
std::string_view to_string(ModelKind kind) {
    return model_traits(kind).name;
}

HaloShape halo_shape(const EngineConfig& cfg) {
    return model_traits(cfg).halo(cfg.model.stencil);
}

std::string_view tile_rows_requested() {
    const char* v = std::getenv("LATTICELAB_TILE_ROWS");
    const std::string_view rows = v ? v : "";
    if (rows.empty() || rows == "sector") return "sector";
    if (rows == "warp") return "warp";
    throw ConfigError("LATTICELAB_TILE_ROWS = '" + std::string(rows) +
                      "': sector (the default: a tile cut along x pads its rows to 32 bytes of "
                      "populations) or warp (to whole warps, 32 nodes)");
}

std::uint32_t tile_row_align(const EngineConfig& cfg) {
    if (!model_traits(cfg).pads_tile_rows) return 1;
    if (tile_rows_requested() == "warp") return 32;
    return std::uint32_t(kSectorBytes / bytes_per_value(stored_as(cfg.model)));
}

// ---- [SECTION] compatibility and memory ----
std::string compatible(const EngineConfig& cfg) {
    // A tile is checked as the lattice it is part of; tiles_error has checked its extents.
    const Dims& dims = cfg.tile.is_tile() ? cfg.tile.whole : cfg.dims;
    if (cfg.model.layout == Layout::AoSoA && !model_traits(cfg).aosoa)
        return "layout = aosoa: the " + std::string(to_string(model_kind(cfg))) +
               " model offers soa|aos";
    switch (model_kind(cfg)) {
    case ModelKind::Boussinesq: {
        const std::string own = bq::model_error(cfg.model, dims);
        if (!own.empty()) return own;
        break;
    }
    case ModelKind::D2Q37: {
        const std::string choice = compatibility_error(cfg.model, dims);
        return choice.empty() ? thermal::d2q37_params_error(cfg) : choice;
    }
    default:
        break;
    }
    return compatibility_error(cfg.model, dims);
}

std::string model_change_error(const EngineConfig& from, const EngineConfig& to) {
    const ModelKind a = model_kind(from), b = model_kind(to);
    if (a == b) return compatible(to);
    return "stencil = " + std::string(to_string(to.model.stencil)) + ": the " +
           std::string(to_string(a)) + " model and the " + std::string(to_string(b)) +
           " model do not exchange states; start a scenario of the " + std::string(to_string(b)) +
           " model instead (latticelab scenarios)";
}

int temperature_velocities(const EngineConfig& cfg) {
    if (model_kind(cfg) != ModelKind::Boussinesq) return 0;
    bq::Config c;
    c.model = cfg.model;
    c.temperature = cfg.boussinesq.temperature;
    return bq::temperature_velocities(c);
}

double bytes_per_node_update(const EngineConfig& cfg) {
    return bytes_per_node_update(cfg.model, temperature_velocities(cfg));
}
double lattice_bytes(const EngineConfig& cfg) {
    return lattice_bytes(cfg.model, cfg.dims, temperature_velocities(cfg));
}
int state_velocities(const EngineConfig& cfg) {
    return velocities(cfg.model.stencil) + temperature_velocities(cfg);
}

// What to try when a run blows up: the model's own stability parameters.
std::string instability_advice(const EngineConfig& cfg, double u_ref) {
    // Doubling the distance to 1/2 is the usual first step, but right next to 1/2 that is no
    // step at all: BGK-type models at lattice Mach ~0.1 want tau - 1/2 of a few hundredths.
    const double tau = cfg.flow.tau;
    const double stable_tau = std::max(0.5 + 2.0 * (tau - 0.5), 0.55);
    char buf[256];
    switch (model_kind(cfg)) {
    case ModelKind::Boussinesq: {
        const double tau_t = cfg.boussinesq.settings.tau_t;
        std::snprintf(buf, sizeof buf,
                      "the thermal flow became unstable (NaN/Inf) at tau = %.4f, tau_t = %.4f, "
                      "buoyancy velocity %.3g; try tau and tau_t >= %.4f (a lower Rayleigh "
                      "number or a finer lattice) or a lower velocity",
                      tau, tau_t, u_ref, std::max(0.5 + 2.0 * (std::min(tau, tau_t) - 0.5), 0.55));
        return buf;
    }
    case ModelKind::D2Q37:
        std::snprintf(buf, sizeof buf,
                      "the thermal flow became unstable (NaN/Inf) at tau = %.4f, gravity = %.3g; "
                      "try tau >= %.4f, a smaller gravity or atwood (lower Mach number)",
                      tau, cfg.thermal.gravity, stable_tau);
        return buf;
    default:
        break;
    }
    std::snprintf(buf, sizeof buf,
                  "the flow became unstable (NaN/Inf) at tau = %.4f, u_ref = %.3g; try tau >= "
                  "%.4f (a lower Reynolds number or a finer lattice), a lower u_ref, or "
                  "collision = mrt",
                  tau, u_ref, stable_tau);
    return buf;
}

// ---- [SECTION] equilibrium start ----
namespace {
std::vector<double> boussinesq_equilibrium(const EngineConfig& cfg,
                                           const std::vector<std::uint8_t>& flags,
                                           const std::vector<double>& rho,
                                           const std::vector<double>& u,
                                           const std::vector<double>& theta) {
    const bq::Config c = bq::config_of(cfg, flags);
    bq::Fields in;
    in.resize(rho.size());
    for (std::size_t n = 0; n < rho.size(); ++n) {
        in.rho[n] = rho[n];
        in.ux[n] = u[3 * n];
        in.uy[n] = u[3 * n + 1];
        in.uz[n] = u[3 * n + 2];
        in.theta[n] = theta[n];
    }
    std::vector<double> f, g;
    bq::equilibrium_state(c, in, f, g);
    f.insert(f.end(), g.begin(), g.end());
    return f;
}
} // namespace

std::vector<double> equilibrium_state(const EngineConfig& cfg,
                                      const std::vector<std::uint8_t>& flags,
                                      const std::vector<double>& rho, const std::vector<double>& u,
                                      const std::vector<double>& T) {
    switch (model_kind(cfg)) {
    case ModelKind::Boussinesq:
        return boussinesq_equilibrium(cfg, flags, rho, u, T);
    case ModelKind::D2Q37:
        return thermal::d2q37_equilibrium_state(cfg, rho, u, T);
    default:
        return equilibrium_state(cfg.model.stencil, rho, u);
    }
}

// ---- [SECTION] instances ----
std::string model_instance_name(const EngineConfig& cfg) {
    const std::string stencil(to_string(cfg.model.stencil));
    switch (model_kind(cfg)) {
    case ModelKind::Isothermal:
        return "isothermal_" + stencil + "_" + std::string(to_string(stored_as(cfg.model)));
    case ModelKind::Boussinesq:
        return "boussinesq_" + stencil + "_" +
               (cfg.boussinesq.temperature == bq::TemperatureStencil::Flow ? "flow_" : "reduced_") +
               std::string(to_string(cfg.model.precision));
    case ModelKind::D2Q37:
        return "d2q37_fp64";
    }
    return "";
}

#define LL_CUDA_DECL_0(name)
#define LL_CUDA_DECL_1(name) std::unique_ptr<Engine> make_cuda_##name(const EngineConfig&);
#define LL_CUDA_FN_0(name) nullptr
#define LL_CUDA_FN_1(name) &make_cuda_##name
#define LL_INSTANCE(name, cuda)                                                                    \
    std::unique_ptr<Engine> make_cpu_##name(const EngineConfig&);                                  \
    LL_CUDA_DECL_##cuda(name)
#include "instances.inc"
#undef LL_INSTANCE

namespace {
struct Instance {
    std::string_view name;
    EngineFactory cpu, cuda;
};
#define LL_INSTANCE(name, cuda) {#name, &make_cpu_##name, LL_CUDA_FN_##cuda(name)},
constexpr Instance kInstances[] = {
#include "instances.inc"
};
#undef LL_INSTANCE

const Instance& instance_of(const EngineConfig& cfg) {
    const std::string name = model_instance_name(cfg);
    for (const Instance& i : kInstances)
        if (i.name == name) return i;
    throw ConfigError("model: no compiled instance '" + name + "'");
}
} // namespace

EngineFactory cuda_engine_factory(const EngineConfig& cfg) {
    return instance_of(cfg).cuda;
}

std::unique_ptr<Engine> make_cpu_engine(const EngineConfig& cfg) {
    const std::string why = compatible(cfg);
    if (!why.empty()) throw ConfigError(why);
    return instance_of(cfg).cpu(cfg);
}

} // namespace ll
