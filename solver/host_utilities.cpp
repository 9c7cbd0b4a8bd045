#include "core/equilibrium.hpp"
#include "core/flags.hpp"
#include "dispatch.hpp"
#include "engine.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace ll {

const char* node_type_name(NodeType t) {
    switch (t) {
    case kFluid: return "fluid";
    case kSolid: return "solid";
    case kMovingWall: return "moving_wall";
    case kFreeSlip: return "free_slip";
    case kWallOnGrid: return "wall_on_grid";
    case kInlet: return "inlet";
    case kOutlet: return "outlet";
    }
    return "?";
}

void mark_near_wall(StencilKind stencil, const Dims& dims, std::vector<std::uint8_t>& flags) {
    with_stencil(stencil, [&](auto tag) {
        using S = typename decltype(tag)::type;
        const node_t nodes = dims.nodes();
#pragma omp parallel for schedule(static)
        for (std::int64_t k = 0; k < std::int64_t(nodes); ++k) {
            const node_t n = node_t(k);
            std::uint8_t f = flags[n] & std::uint8_t(~kNearWallBit);
            if (is_updated(f)) {
                const NodeFrame fr = make_frame(dims, n);
                for (int i = 1; i < S::Q; ++i)
                    if (is_halfway_wall(flags[fr.shift(cvel<S>(i, 0), cvel<S>(i, 1),
                                                       cvel<S>(i, 2))]))
                        f |= kNearWallBit;
            }
            flags[n] = f;
        }
    });
}

std::vector<double> equilibrium_state(StencilKind stencil, const std::vector<double>& rho,
                                      const std::vector<double>& u) {
    return with_stencil(stencil, [&](auto tag) {
        using S = typename decltype(tag)::type;
        std::vector<double> f(rho.size() * S::Q);
        for (std::size_t n = 0; n < rho.size(); ++n) {
            const double v[3] = {u[3 * n], u[3 * n + 1], u[3 * n + 2]};
            for (int i = 0; i < S::Q; ++i) f[n * S::Q + i] = equilibrium<S>(i, rho[n], v);
        }
        return f;
    });
}

double host_copy_bandwidth() {
    static const double measured = [] {
        const std::size_t bytes = std::size_t(256) << 20; // far larger than caches
        std::vector<char> a(bytes, 1), b(bytes, 0);
        std::vector<double> times;
        for (int r = 0; r < 5; ++r) {
            const auto t0 = std::chrono::steady_clock::now();
            std::memcpy(b.data(), a.data(), bytes);
            times.push_back(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        std::sort(times.begin(), times.end());
        return 2.0 * double(bytes) / times[times.size() / 2];
    }();
    return measured;
}

} // namespace ll
