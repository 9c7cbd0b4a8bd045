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

} // namespace ll::cli
