// `--set KEY=VALUE` arguments. The first byte picks the preset (its index in scenarios(), modulo
// their number); the rest, split on newlines, are the arguments (a final newline ends the last
// one rather than starting an empty one). Contract: parse_set_arguments() returns or throws
// ConfigError; it throws when an argument has no '=' or starts with one, and what it returns is
// every KEY with the VALUE of its last argument. The keys then go through `latticelab run`'s
// pre-flight and build for the preset, which may refuse them with ConfigError only.
#include "solver/io/config_file.hpp"
#include "support.hpp"

#include <optional>
#include <vector>

namespace {

std::vector<std::string> lines_of(std::string_view text) {
    std::vector<std::string> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines.emplace_back(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    return lines;
}

// What the contract says the arguments give, or nothing when one is malformed.
std::optional<ll::KeyValues> expected_keys(const std::vector<std::string>& sets) {
    ll::KeyValues keys;
    for (const std::string& s : sets) {
        const std::size_t eq = s.find('=');
        if (eq == std::string::npos || eq == 0) return std::nullopt;
        keys[s.substr(0, eq)] = s.substr(eq + 1);
    }
    return keys;
}

std::optional<ll::KeyValues> parse(const std::vector<std::string>& sets) {
    std::optional<ll::KeyValues> keys;
    ll::fuzz::config_errors_only("parse_set_arguments",
                                 [&] { keys = ll::parse_set_arguments(sets); });
    if (!keys) return keys; // refusing more than the malformed ones (e.g. empty values) is fine
    const std::optional<ll::KeyValues> expected = expected_keys(sets);
    if (!expected) ll::fuzz::finding("parse_set_arguments accepted an argument without KEY=");
    if (*keys != *expected)
        ll::fuzz::finding("parse_set_arguments: got " + ll::fuzz::describe("", *keys) +
                          ", expected " + ll::fuzz::describe("", *expected));
    return keys;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto& presets = ll::scenarios();
    const std::string& preset = presets[data[0] % presets.size()].name;
    const std::optional<ll::KeyValues> keys =
        parse(lines_of(ll::fuzz::text_of(data + 1, size - 1)));
    if (!keys) return 0;
    ll::fuzz::config_errors_only("pre-flight and build of " + ll::fuzz::describe(preset, *keys),
                                 [&] { ll::fuzz::build_like_run(preset, *keys); });
    return 0;
}
