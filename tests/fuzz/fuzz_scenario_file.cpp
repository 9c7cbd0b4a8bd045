// Scenario files, TOML and JSON. The first byte picks the format (bit 4 set, as in 'T' and 't':
// TOML; clear, as in 'J' and 'j': JSON); the rest is the file's text. Contract: on any text
// parse_scenario_text() returns a ScenarioFile or throws ConfigError; a file it accepts then
// goes through `latticelab run`'s pre-flight and build, which may refuse it with ConfigError
// only. Anything else (another exception, a sanitizer report, a crash, a hang, more memory than
// -rss_limit_mb) is a finding.
#include "solver/io/config_file.hpp"
#include "support.hpp"

#include <optional>

namespace {

std::optional<ll::ScenarioFile> parse(const std::string& path, const std::string& text) {
    std::optional<ll::ScenarioFile> file;
    ll::fuzz::config_errors_only("parse_scenario_text",
                                 [&] { file = ll::parse_scenario_text(path, text); });
    return file;
}

// `scenario` names the preset; it must not also come back as a scenario key.
void check_file(const ll::ScenarioFile& f) {
    if (f.keys.count("scenario"))
        ll::fuzz::finding("parse_scenario_text: 'scenario' returned as a key too");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string path = (data[0] & 0x10) ? "fuzz.toml" : "fuzz.json";
    const std::optional<ll::ScenarioFile> file =
        parse(path, std::string(ll::fuzz::text_of(data + 1, size - 1)));
    if (!file) return 0;
    check_file(*file);
    ll::fuzz::config_errors_only("pre-flight and build of " +
                                     ll::fuzz::describe(file->scenario, file->keys),
                                 [&] { ll::fuzz::build_like_run(file->scenario, file->keys); });
    return 0;
}
