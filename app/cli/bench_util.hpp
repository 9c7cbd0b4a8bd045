// Helpers of the benchmark commands (bench, thermal-bench): comma lists into values, the
// median of repeated measurements, output files checked before anything runs.
#pragma once
#include "solver/io/output_files.hpp"
#include "solver/options.hpp"
#include "solver/scenario/scenario.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll::cli {

// "a,b,c" split at every comma: "a," is "a" and an empty item, "" one empty item.
std::vector<std::string> split_commas(const std::string& text);

// "a,b,c" -> values; ConfigError naming the flag and `valid` for an empty list, an empty item
// ("a,,b", "a,"), an item that `parse` refuses, or an item given twice (as values, so that
// "128,1.28e2" is a repeat too): each would run a matrix other than the one asked for.
template <class T, class Parse>
std::vector<T> parse_list(const std::string& flag, const std::string& text, Parse parse,
                          const std::string& valid) {
    const std::string given = flag + " '" + printable(text) + "'";
    if (text.empty()) throw ConfigError(flag + ": empty list; use a comma list of " + valid);
    std::vector<T> out;
    for (const std::string& item : split_commas(text)) {
        if (item.empty())
            throw ConfigError(given + ": an empty item; use a comma list of " + valid);
        const std::optional<T> v = parse(item);
        if (!v)
            throw ConfigError(flag + " '" + printable(item) + "': must be a comma list of " +
                              valid);
        if (std::find(out.begin(), out.end(), *v) != out.end())
            throw ConfigError(given + ": '" + printable(item) +
                              "' is a repeat; give each item once");
        out.push_back(*v);
    }
    return out;
}

// A whole number in int's range, read as scenario keys are (read_whole_number: "128", "128.0").
std::optional<int> parse_int(std::string_view s);
double median(std::vector<double> v);
// The (flag, path) pairs whose path is set, added to `outputs` (ConfigError for the first that
// cannot be written, or two on one file).
void plan_outputs(OutputSet& outputs,
                  const std::vector<std::pair<std::string, std::string>>& flags_and_paths);

// The benchmarks' lattice: a periodic box of `dims`, flow along x at 0.05 kept up by a small
// body force, around four solid spheres (circles in 2D) of radius min extent / 10, so wall
// handling costs what it costs in real flows.
SimulationSetup obstacle_box(const ModelChoice& model, const Dims& dims, int block_size);

} // namespace ll::cli
