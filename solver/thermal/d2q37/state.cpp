// Host side of the D2Q37 state: equilibrium start, canonical <-> scheme storage, fields.
// Both engines use these, so the GPU's state exchange is the CPU's by construction.
#include "engine.hpp"

#include <omp.h>
#include <stdexcept>

namespace ll::thermal {

constexpr int Q = D2Q37::Q;

void ThermalFields::resize(int nx, int ny) {
    lx = nx;
    ly = ny;
    const std::size_t n = std::size_t(nx) * std::size_t(ny);
    rho.assign(n, 0.0);
    ux.assign(n, 0.0);
    uy.assign(n, 0.0);
    T.assign(n, 0.0);
}

void validate(const D2Q37Config& c) {
    const auto fail = [](const std::string& m) { throw std::invalid_argument(m); };
    if (c.lx < 2 * Grid::H)
        fail("lx = " + std::to_string(c.lx) + ": must be at least 6 (halos are 3 deep)");
    if (c.ly < 4 * Grid::H)
        fail("ly = " + std::to_string(c.ly) + ": must be at least 12 (3 wall rows each side)");
    if (!(c.params.tau > 0.5)) fail("tau = " + std::to_string(c.params.tau) + ": must be > 0.5");
    if (!(c.params.bottom.T > 0) || !(c.params.top.T > 0))
        fail("wall temperature: must be > 0 (T0 = 1)");
    if (c.block_size < 32 || c.block_size > 1024 || c.block_size % 32)
        fail("block_size = " + std::to_string(c.block_size) +
             ": must be a multiple of 32 between 32 and 1024");
}

void D2Q37Engine::init(const ThermalFields& fields) {
    import_state(equilibrium_state(config().params, fields));
    steps_ = 0;
}

std::vector<double> equilibrium_state(const D2Q37Params& p, const ThermalFields& h) {
    const std::size_t n = std::size_t(h.lx) * std::size_t(h.ly);
    if (h.rho.size() != n || h.ux.size() != n || h.uy.size() != n || h.T.size() != n)
        throw std::invalid_argument("fields: rho, ux, uy, T must hold lx * ly values each");
    std::vector<double> f(n * Q);
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < std::int64_t(n); ++k) {
        const Moments m = bare({h.rho[k], h.ux[k], h.uy[k], h.T[k]}, p);
        const EqState s{m.rho, m.ux, m.uy, m.T - 1};
        static_for<Q>([&](auto I) { f[std::size_t(k) * Q + I] = equilibrium<I>(s); });
    }
    return f;
}

void apply_walls(const Grid& g, const D2Q37Params& p, std::vector<double>& f) {
#pragma omp parallel for schedule(static)
    for (int x = 0; x < g.lx; ++x)
        for (int y = 0; y < g.ly; ++y) {
            if (!near_wall(y, g.ly)) continue;
            double* v = &f[g.node(x, y) * Q];
            double r[Q];
            for (int i = 0; i < Q; ++i)
                r[i] = v[i];
            // In the canonical state the wall direction I itself stands for what the node
            // returns, so the rule maps those values onto the wall's form.
            apply_wall(
                y, g.ly, p, [&](auto I) { return v[int(I)]; }, r);
            for (int i = 0; i < Q; ++i)
                v[i] = r[i];
        }
}

void pbc_host(const Grid& g, double* a, bool parallel) {
#pragma omp parallel for collapse(2) schedule(static) if (parallel)
    for (int i = 0; i < Q; ++i)
        for (int d = 1; d <= Grid::H; ++d)
            for (int y = -Grid::H; y < g.ly + Grid::H; ++y)
                pbc_site(g, a, i, d, y);
}

void canonical_to_storage(D2Q37Scheme scheme, const Grid& g, const D2Q37Params& p,
                          std::vector<double> f, std::vector<double>& a) {
    apply_walls(g, p, f);
    a.assign(g.populations(), 0.0);
    const bool pull = is_pull(scheme);
#pragma omp parallel for schedule(static)
    for (int x = 0; x < g.lx; ++x)
        for (int y = 0; y < g.ly; ++y) {
            const std::size_t s = g.site(x, y);
            static_for<Q>([&](auto I) {
                constexpr int cx = D2Q37::c[I][0], cy = D2Q37::c[I][1];
                if (!pull) {
                    a[g.at(I, s)] = f[g.node(x, y) * Q + I];
                    return;
                }
                // Pull keeps Q_{n-1}: the value that propagate brings to x + c_I. What
                // heads into a wall comes back as opp(I) at this node through the bc rule,
                // which returns P's own wall values unchanged after apply_walls.
                const int yd = y + cy;
                if (yd < 0 || yd >= g.ly) {
                    a[g.at(I, s)] = f[g.node(x, y) * Q + D2Q37::opposite(I)];
                    return;
                }
                const int xd = (x + cx + g.lx) % g.lx;
                a[g.at(I, s)] = f[g.node(xd, yd) * Q + I];
            });
        }
}

void storage_to_canonical(D2Q37Scheme scheme, const Grid& g, const D2Q37Params& p,
                          std::vector<double>& a, std::vector<double>& f) {
    f.assign(std::size_t(g.lx) * std::size_t(g.ly) * Q, 0.0);
    const bool pull = is_pull(scheme);
    if (pull) pbc_host(g, a.data());
#pragma omp parallel for schedule(static)
    for (int x = 0; x < g.lx; ++x)
        for (int y = 0; y < g.ly; ++y) {
            double v[Q];
            if (!pull)
                load(g, a.data(), g.site(x, y), v);
            else if (near_wall(y, g.ly))
                gather<true>(g, p, a.data(), x, y, v);
            else
                gather<false>(g, p, a.data(), x, y, v);
            for (int i = 0; i < Q; ++i)
                f[g.node(x, y) * Q + i] = v[i];
        }
}

void fields_of(const Grid& g, const D2Q37Params& p, const std::vector<double>& f,
               ThermalFields& out) {
    out.resize(g.lx, g.ly);
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < std::int64_t(out.rho.size()); ++k) {
        double v[Q];
        for (int i = 0; i < Q; ++i)
            v[i] = f[std::size_t(k) * Q + i];
        const Moments m = hydrodynamic(moments(v), p);
        out.rho[k] = m.rho;
        out.ux[k] = m.ux;
        out.uy[k] = m.uy;
        out.T[k] = m.T;
    }
}

} // namespace ll::thermal
