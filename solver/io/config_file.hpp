// Scenario files: a preset name plus key values, in TOML or JSON (chosen by the extension).
//
//   # cavity.toml                       // cavity.json
//   scenario = "cavity2d"               {"scenario": "cavity2d", "re": 1000, "size": 256}
//   re = 1000
//   size = 256
//
// Every top-level key other than `scenario` is a scenario key with the same name as on the
// command line (`--set KEY=VALUE`); values are numbers or strings. Keys are checked later, by
// build_scenario(), against the preset's list and ranges.
#pragma once
#include "../scenario/scenario.hpp"

#include <filesystem>
#include <string>

namespace ll {

struct ScenarioFile {
    std::string scenario;
    KeyValues keys;
};

// True when `arg` names a scenario file (.toml or .json) rather than a preset.
bool looks_like_scenario_file(const std::string& arg);

// Throws ConfigError naming the file, the line when the parser reports one, and what is
// allowed, for: an unreadable file, an unknown extension, a syntax error, a missing or
// non-string `scenario`, or a value that is not a number or a string.
ScenarioFile load_scenario_file(const std::filesystem::path& path);

} // namespace ll
