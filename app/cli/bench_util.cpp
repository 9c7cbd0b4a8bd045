#include "bench_util.hpp"

#include <algorithm>
#include <limits>

namespace ll::cli {

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> items(1);
    for (const char c : text) {
        if (c == ',')
            items.emplace_back();
        else
            items.back().push_back(c);
    }
    return items;
}

std::optional<int> parse_int(std::string_view s) {
    const std::optional<long> v = read_whole_number(s);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
        return std::nullopt;
    return int(*v);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

void plan_outputs(OutputSet& outputs,
                  const std::vector<std::pair<std::string, std::string>>& flags_and_paths) {
    for (const auto& [flag, path] : flags_and_paths)
        if (!path.empty()) outputs.add(flag, path);
}

SimulationSetup obstacle_box(const ModelChoice& model, const Dims& dims, int block_size) {
    SimulationSetup s;
    s.scenario = "bench";
    s.dims = dims;
    s.model = model;
    s.launch.block_size = block_size;
    s.flow.tau = 0.6;
    s.flow.force[0] = 1e-6;
    s.u_ref = 0.05;
    s.keys = {{"size", std::to_string(dims.nx)}};
    const std::size_t nodes = s.dims.nodes();
    s.flags.assign(nodes, kFluid);
    s.rho.assign(nodes, 1.0);
    s.u.assign(3 * nodes, 0.0);
    const double centres[4][3] = {
        {0.25, 0.25, 0.5}, {0.75, 0.5, 0.25}, {0.5, 0.75, 0.75}, {0.25, 0.75, 0.25}};
    const double r = std::min({dims.nx, dims.ny, dims.nz > 1 ? dims.nz : dims.nx}) / 10.0;
    const bool two_d = s.dims.nz == 1;
#pragma omp parallel for schedule(static) // 768^3 nodes take minutes on one thread
    for (std::size_t k = 0; k < nodes; ++k) {
        const double x = double(k % dims.nx), y = double((k / dims.nx) % dims.ny),
                     z = double(k / dims.nx / dims.ny);
        bool solid = false;
        for (const auto& c : centres) {
            const double dx = x - c[0] * dims.nx, dy = y - c[1] * dims.ny,
                         dz = two_d ? 0 : z - c[2] * dims.nz;
            solid = solid || dx * dx + dy * dy + dz * dz <= r * r;
        }
        if (solid)
            s.flags[k] = kSolid;
        else
            s.u[3 * k] = s.u_ref;
    }
    return s;
}

} // namespace ll::cli
