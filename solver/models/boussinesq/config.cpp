// A Boussinesq run's configuration: validation, near-wall bits, equilibrium, EngineConfig.
#include "node_model.hpp"

namespace ll::thermal::boussinesq {

void Fields::resize(std::size_t nodes) {
    for (auto* v : {&rho, &ux, &uy, &uz, &theta})
        v->assign(nodes, 0.0);
}

std::string model_error(const ModelChoice& m, const Dims& d) {
    const StencilKind flow = d.nz == 1 ? StencilKind::D2Q9 : StencilKind::D3Q19;
    if (m.stencil != StencilKind::D2Q9 && m.stencil != StencilKind::D3Q19)
        return "stencil = " + std::string(to_string(m.stencil)) +
               ": the Boussinesq model runs its flow on d2q9 (2D) or d3q19 (3D); use " +
               std::string(to_string(flow));
    if (m.scheme == Scheme::SharedX)
        return "scheme = shared_x: not available for two populations; use "
               "push|pull|split|aa|esoteric (pull has the same addressing)";
    if (m.storage)
        return "storage = " + std::string(to_string(*m.storage)) +
               ": the Boussinesq model stores its populations as computed (storage = " +
               std::string(to_string(m.precision)) +
               "); 16-bit storage has not been validated for its temperature population";
    if (d.nodes() == 0 || (m.stencil == StencilKind::D2Q9 && d.nz != 1))
        return "size: a d2q9 lattice needs nz = 1 and nx, ny >= 1";
    return "";
}

std::string flags_error(const std::vector<std::uint8_t>& flags) {
    for (std::uint8_t f : flags)
        if (node_type(f) != kFluid && node_type(f) != kHalo && !is_halfway_wall(f))
            return "flags: node type " + std::string(node_type_name(node_type(f))) +
                   " is not supported by the Boussinesq model (fluid, solid, moving_wall, "
                   "free_slip)";
    return "";
}

void validate(const Config& c) {
    const auto fail = [](const std::string& m) { throw ConfigError(m); };
    const std::string why = model_error(c.model, c.dims);
    if (!why.empty()) fail(why);
    if (c.flags.size() != c.dims.nodes())
        fail("flags: " + std::to_string(c.flags.size()) + " given, the lattice has " +
             std::to_string(c.dims.nodes()) + " nodes");
    const std::string flags = flags_error(c.flags);
    if (!flags.empty()) fail(flags);
    if (!(c.flow.tau > 0.5)) fail("tau = " + std::to_string(c.flow.tau) + ": must be > 0.5");
    if (!(c.thermal.tau_t > 0.5))
        fail("tau_t = " + std::to_string(c.thermal.tau_t) + ": must be > 0.5");
    if (c.block_size < 32 || c.block_size > 1024 || c.block_size % 32)
        fail("block_size = " + std::to_string(c.block_size) +
             ": must be a multiple of 32 between 32 and 1024");
}

int flow_velocities(const Config& cfg) {
    return with_stencils(cfg, [](auto f, auto) { return decltype(f)::type::Q; });
}

int temperature_velocities(const Config& cfg) {
    return with_stencils(cfg, [](auto, auto t) { return decltype(t)::type::Q; });
}

double kappa_of(const Config& cfg) {
    return with_stencils(cfg, [&](auto, auto t) {
        return lattice_cs2<typename decltype(t)::type>() * (cfg.thermal.tau_t - 0.5);
    });
}

// Guo's moment is rho u - F/2 (equilibrium.hpp), so the flow starts from f_eq at
// u - F / (2 rho): the engine then reports exactly the given u.
void equilibrium_state(const Config& cfg, const Fields& in, std::vector<double>& f,
                       std::vector<double>& g) {
    with_stencils(cfg, [&](auto sf, auto st) {
        using SF = typename decltype(sf)::type;
        using ST = typename decltype(st)::type;
        const Args<double> a = make_args<SF, double>(cfg.dims, cfg.flow, cfg.thermal);
        const std::size_t nodes = cfg.dims.nodes();
        f.assign(nodes * SF::Q, 0.0);
        g.assign(nodes * ST::Q, 0.0);
        for (std::size_t n = 0; n < nodes; ++n) {
            if (!is_updated(cfg.flags[n])) continue;
            double force[3];
            buoyancy_force(a.flow.force, a.thermal, in.theta[n], force);
            const double u[3] = {in.ux[n], in.uy[n], in.uz[n]};
            const double bare[3] = {u[0] - 0.5 * force[0] / in.rho[n],
                                    u[1] - 0.5 * force[1] / in.rho[n],
                                    u[2] - 0.5 * force[2] / in.rho[n]};
            for (int i = 0; i < SF::Q; ++i)
                f[n * SF::Q + i] = ll::equilibrium<SF>(i, in.rho[n], bare);
            for (int i = 0; i < ST::Q; ++i)
                g[n * ST::Q + i] = temperature_equilibrium<ST>(i, in.theta[n], u);
        }
    });
}

Config config_of(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags) {
    Config c;
    c.dims = cfg.dims;
    c.model = cfg.model;
    c.temperature = cfg.boussinesq.temperature;
    c.flow = cfg.flow;
    c.thermal = cfg.boussinesq.settings;
    c.flags = flags;
    c.block_size = cfg.launch.block_size;
    return c;
}

EngineConfig engine_config(const Config& cfg) {
    EngineConfig e;
    e.dims = cfg.dims;
    e.model = cfg.model;
    e.flow = cfg.flow;
    e.launch.block_size = cfg.block_size;
    e.boussinesq.enabled = true;
    e.boussinesq.temperature = cfg.temperature;
    e.boussinesq.settings = cfg.thermal;
    return e;
}

} // namespace ll::thermal::boussinesq
