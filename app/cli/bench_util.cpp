#include "bench_util.hpp"
#include "solver/io/atomic_file.hpp"

#include <algorithm>

namespace ll::cli {

std::optional<int> parse_int(std::string_view s) {
    try {
        std::size_t used = 0;
        const int v = std::stoi(std::string(s), &used);
        return used == s.size() ? std::optional<int>(v) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

void check_output_paths(const std::vector<std::pair<std::string, std::string>>& outputs) {
    for (const auto& [flag, path] : outputs) {
        const std::string why = path.empty() ? "" : output_path_problem(flag, path);
        if (!why.empty()) throw ConfigError(why);
    }
}

} // namespace ll::cli
