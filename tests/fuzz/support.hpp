// What the fuzz targets share: how a finding is reported, the contract "ConfigError or nothing",
// and the pre-flight + build path of `latticelab run` (app/cli/run_command.cpp, read_input).
#pragma once
#include "solver/options.hpp"
#include "solver/scenario/scenario.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ll::fuzz {

// The memory the pre-flight believes the machine has while fuzzing (support.cpp): it refuses
// lattices that would not fit in it, as it refuses those larger than RAM in a real run, so that
// whatever reaches build_scenario is small and quick, and anything it lets through that is large
// shows up as a finding (scripts/fuzz runs with -rss_limit_mb well above this).
inline constexpr double kFuzzMemoryBytes = 128.0 * 1024 * 1024;

// Prints "FINDING: <what>" and aborts, so that libFuzzer keeps the input as a crash file.
[[noreturn]] void finding(const std::string& what);

// The name of the exception in flight, demangled ("std::out_of_range").
std::string current_exception_name();

// Runs `f`: returning or throwing ConfigError (the documented refusal, which the CLI prints and
// exits 2 on) is fine; any other exception escaping is a finding naming `stage`.
template <class F>
void config_errors_only(const std::string& stage, F&& f) {
    try {
        f();
    } catch (const ConfigError&) {
    } catch (const std::exception& e) {
        finding(stage + " threw " + current_exception_name() +
                " (not ll::ConfigError): " + e.what());
    } catch (...) {
        finding(stage + " threw something that is not a std::exception");
    }
}

// read_input's path for the CPU back end: unknown presets are refused before anything else,
// then cpu_sized(), preflight_scenario(..., cpu_lattice = true), build_scenario() and the checks
// Simulation::create makes before it allocates an engine (validate()). The built setup's arrays
// must match its lattice. Only ConfigError may escape (checked by the caller).
void build_like_run(const std::string& scenario, KeyValues keys);

// "cavity2d {re=100, size=24}", control characters escaped: names the stage in a finding.
std::string describe(const std::string& scenario, const KeyValues& keys);

// The input as text (libFuzzer's buffer is not NUL-terminated and may hold any byte).
inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

} // namespace ll::fuzz
