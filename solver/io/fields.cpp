#include "fields.hpp"

#include "../core/field_formulas.hpp"

#include <array>

namespace ll {
namespace {

constexpr std::array<std::pair<FieldKind, std::string_view>, 7> kFields{{
    {FieldKind::Speed, "speed"},
    {FieldKind::Ux, "ux"},
    {FieldKind::Uy, "uy"},
    {FieldKind::Uz, "uz"},
    {FieldKind::Vorticity, "vorticity"},
    {FieldKind::Density, "density"},
    {FieldKind::Temperature, "temperature"},
}};

void vorticity(const MacroField& m, const Dims& d, int component, std::vector<float>& out) {
    const std::vector<double>* u[3] = {&m.ux, &m.uy, &m.uz};
    const bool two_d = d.nz == 1;
#pragma omp parallel for schedule(static)
    for (std::int64_t zy = 0; zy < std::int64_t(d.ny) * d.nz; ++zy) {
        const auto y = std::uint32_t(zy % d.ny), z = std::uint32_t(zy / d.ny);
        for (std::uint32_t x = 0; x < d.nx; ++x) {
            const std::size_t n = x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z);
            const NodeFrame fr = make_frame(d, node_t(n)); // periodic neighbours
            // d(axis b) of velocity component c.
            const auto grad = [&](int b, int c) {
                return central_difference((*u[c])[fr.n + fr.plus[b]], (*u[c])[fr.n + fr.minus[b]]);
            };
            float w[3];
            for (int a = 0; a < 3; ++a) {
                const int b = (a + 1) % 3, c = (a + 2) % 3;
                w[a] = curl_component(grad(b, c), grad(c, b));
            }
            if (two_d)
                out[n] = w[2];
            else
                out[n] = component < 0 ? magnitude3(w[0], w[1], w[2]) : w[component];
        }
    }
}

} // namespace

std::string_view to_string(FieldKind f) {
    for (const auto& [k, name] : kFields)
        if (k == f) return name;
    return "?";
}

std::optional<FieldKind> parse_field(std::string_view s) {
    for (const auto& [k, name] : kFields)
        if (name == s) return k;
    return std::nullopt;
}

std::string_view field_units(FieldKind f, StencilKind stencil) {
    switch (f) {
    case FieldKind::Vorticity:
        return "1/step";
    case FieldKind::Density:
        return "lattice density";
    case FieldKind::Temperature:
        return is_thermal(stencil) ? "T / T0" : "(T - T0) / dT";
    default:
        return "lattice dx/step";
    }
}

bool field_is_signed(FieldRequest f, const Dims& d) {
    if (f.kind == FieldKind::Ux || f.kind == FieldKind::Uy || f.kind == FieldKind::Uz) return true;
    // 2D vorticity is signed; the 3D default is a magnitude.
    return f.kind == FieldKind::Vorticity && (d.nz == 1 || f.vorticity_component >= 0);
}

void compute_field(const MacroField& m, const Dims& d, FieldRequest req, std::vector<float>& out) {
    const std::size_t nodes = d.nodes();
    out.resize(nodes);
    switch (req.kind) {
    case FieldKind::Ux:
        out.assign(m.ux.begin(), m.ux.end());
        return;
    case FieldKind::Uy:
        out.assign(m.uy.begin(), m.uy.end());
        return;
    case FieldKind::Uz:
        out.assign(m.uz.begin(), m.uz.end());
        return;
    case FieldKind::Density:
        out.assign(m.rho.begin(), m.rho.end());
        return;
    case FieldKind::Temperature:
        if (m.T.size() != nodes) throw ConfigError(temperature_unavailable());
        out.assign(m.T.begin(), m.T.end());
        return;
    case FieldKind::Speed:
        for (std::size_t n = 0; n < nodes; ++n)
            out[n] = magnitude3(m.ux[n], m.uy[n], m.uz[n]);
        return;
    case FieldKind::Vorticity:
        if (req.vorticity_component > 2)
            throw ConfigError("vorticity component = " + std::to_string(req.vorticity_component) +
                              ": must be -1 (magnitude), 0 (x), 1 (y) or 2 (z)");
        vorticity(m, d, req.vorticity_component, out);
        return;
    }
}

std::string temperature_unavailable() {
    return "temperature: this model has no temperature; " + thermal_scenarios();
}

std::string thermal_scenarios() {
    return "thermal scenarios: rt2d (the d2q37 model), heated_cavity2d, rayleigh_benard2d, "
           "rayleigh_benard3d, rt2d_boussinesq, rt3d_boussinesq (the Boussinesq model)";
}

std::optional<Axis> parse_axis(std::string_view s) {
    if (s == "x") return Axis::X;
    if (s == "y") return Axis::Y;
    if (s == "z") return Axis::Z;
    return std::nullopt;
}

void extract_slice(const std::vector<float>& field, const Dims& d, Axis axis, std::uint32_t index,
                   float* out) {
    const std::uint32_t count = slice_count(d, axis);
    if (index >= count)
        throw ConfigError("slice_index = " + std::to_string(index) + ": must be between 0 and " +
                          std::to_string(count - 1) + " along this axis");
    const SliceExtent e = slice_extent(d, axis);
    const std::size_t sy = d.nx, sz = std::size_t(d.nx) * d.ny;
    // Strides of the slice's two in-plane axes and the offset of the plane itself.
    std::size_t base = 0, su = 1, sv = sy;
    if (axis == Axis::X) base = index, su = sy, sv = sz;
    if (axis == Axis::Y) base = index * sy, su = 1, sv = sz;
    if (axis == Axis::Z) base = index * sz, su = 1, sv = sy;
    for (std::uint32_t v = 0; v < e.height; ++v)
        for (std::uint32_t u = 0; u < e.width; ++u)
            out[std::size_t(v) * e.width + u] = field[base + u * su + v * sv];
}

} // namespace ll
