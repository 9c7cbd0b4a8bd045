// Scenario files: a preset name plus key values, in TOML or JSON (chosen by the extension).
//
//   # cavity.toml                       // cavity.json
//   scenario = "cavity2d"               {"scenario": "cavity2d", "re": 1000, "size": 256}
//   re = 1000
//   size = 256
//
// Every top-level key other than `scenario` is a scenario key with the same name as on the
// command line (`--set KEY=VALUE`); values are numbers or strings. Keys are checked later, by
// build_scenario(), against the preset's list and ranges. A key given twice is refused in both
// formats, and so is anything but a regular file of at most kScenarioFileLimit bytes.
#pragma once
#include "../scenario/scenario.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace ll {

// A scenario is a few lines; a larger file is a mistake (a log, a data file, /dev/zero behind
// a link) and is refused before it is read to the end.
inline constexpr std::size_t kScenarioFileLimit = std::size_t(1) << 20; // 1 MiB

struct ScenarioFile {
    std::string scenario;
    KeyValues keys;
};

// True when `arg` names a scenario file (.toml or .json) rather than a preset.
bool looks_like_scenario_file(const std::string& arg);

// Throws ConfigError naming the file, the line when the parser reports one, the key and what
// is allowed, for: a path that is not a regular file (a FIFO, a device, a directory; symbolic
// links are followed) or is larger than kScenarioFileLimit, an unreadable file, an unknown
// extension, a syntax error, a number beyond a double's range, a key given twice, an empty
// key, a control character in a key or a string, a missing or non-string `scenario`, or a
// value that is not a finite number or a string. Never blocks: a FIFO is not opened.
ScenarioFile load_scenario_file(const std::filesystem::path& path);

// The same checks on text already in memory; `path` names the source in messages and its
// extension chooses the format (the fuzz targets call this without a file). Throws nothing
// but ConfigError, whatever the text.
ScenarioFile parse_scenario_text(const std::filesystem::path& path, const std::string& text);

// `--set KEY=VALUE` arguments (the CLI and the visualiser) into scenario keys, later ones
// overriding earlier ones; ConfigError on a malformed one.
KeyValues parse_set_arguments(const std::vector<std::string>& sets);

} // namespace ll
