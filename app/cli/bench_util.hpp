// Helpers of the benchmark commands (bench, thermal-bench): comma lists into values, the
// median of repeated measurements, output files checked before anything runs.
#pragma once
#include "solver/options.hpp"

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace ll::cli {

// "a,b,c" -> values; ConfigError naming the flag, the bad item and `valid` otherwise.
template <class T, class Parse>
std::vector<T> parse_list(const std::string& flag, const std::string& text, Parse parse,
                          const std::string& valid) {
    std::vector<T> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        const std::optional<T> v = parse(item);
        if (!v) throw ConfigError(flag + " '" + item + "': must be a comma list of " + valid);
        out.push_back(*v);
    }
    if (out.empty()) throw ConfigError(flag + ": empty list; use a comma list of " + valid);
    return out;
}

std::optional<int> parse_int(std::string_view s);
double median(std::vector<double> v);
// ConfigError for the first of (flag, path) pairs whose path is set but cannot be written.
void check_output_paths(const std::vector<std::pair<std::string, std::string>>& outputs);

} // namespace ll::cli
