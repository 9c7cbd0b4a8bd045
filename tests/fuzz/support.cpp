#include "support.hpp"

#include "solver/scenario/preflight.hpp"
#include "solver/simulation.hpp"

#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <typeinfo>
#include <unistd.h>

// glibc's own sysconf, which the one below forwards to (exported by libc.so.6 since 2.2.5).
extern "C" long __sysconf(int name) noexcept;

// The pre-flight asks physical_memory_bytes() (solver/io/host_memory.cpp), which asks
// sysconf(_SC_PHYS_PAGES), how much memory there is. Defined in the executable, this sysconf
// comes before libc's, so the pre-flight sees kFuzzMemoryBytes: it cannot be told another way,
// and the point is to fuzz the product's own guard against oversized lattices, not a copy of it.
extern "C" long sysconf(int name) noexcept {
    if (name == _SC_PHYS_PAGES) {
        const long page = __sysconf(_SC_PAGESIZE);
        return page > 0 ? long(ll::fuzz::kFuzzMemoryBytes) / page : -1;
    }
    return __sysconf(name);
}

namespace ll::fuzz {

void finding(const std::string& what) {
    std::fprintf(stderr, "\nFINDING: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

std::string current_exception_name() {
    const std::type_info* type = abi::__cxa_current_exception_type();
    if (!type) return "nothing";
    int status = 0;
    const std::unique_ptr<char, void (*)(void*)> name(
        abi::__cxa_demangle(type->name(), nullptr, nullptr, &status), std::free);
    return status == 0 && name ? name.get() : type->name();
}

namespace {

// A builder that returns arrays of another size than its lattice would send the engines out
// of bounds; validate() would refuse it, but as a ConfigError, which the contract allows.
void check_arrays(const SimulationSetup& s) {
    const std::size_t nodes = s.dims.nodes();
    const bool ok = s.flags.size() == nodes && s.rho.size() == nodes && s.u.size() == 3 * nodes &&
                    (s.T.empty() || s.T.size() == nodes);
    if (!ok)
        finding("build_scenario(" + s.scenario + "): arrays of " + std::to_string(s.flags.size()) +
                " flags, " + std::to_string(s.rho.size()) + " densities, " +
                std::to_string(s.u.size()) + " velocity components, " + std::to_string(s.T.size()) +
                " temperatures for a lattice of " + std::to_string(nodes) + " nodes");
}

} // namespace

void build_like_run(const std::string& scenario, KeyValues keys) {
    if (!find_scenario(scenario)) return; // read_input refuses it before any build
    keys = cpu_sized(scenario, std::move(keys));
    preflight_scenario(scenario, keys, /*cpu_lattice=*/true);
    const SimulationSetup setup = build_scenario(scenario, keys);
    check_arrays(setup);
    validate(setup);
}

std::string describe(const std::string& scenario, const KeyValues& keys) {
    std::string out = printable(scenario) + " {";
    for (const auto& [key, value] : keys) {
        if (out.back() != '{') out += ", ";
        out += printable(key) + "=" + printable(value);
    }
    return out + "}";
}

} // namespace ll::fuzz
