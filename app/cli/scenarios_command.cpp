// `latticelab scenarios`, and the shared help texts (default steps, model explanations).
#include "commands.hpp"
#include "solver/scenario/scenario.hpp"

#include <cstdio>
#include <sstream>

namespace ll::cli {
namespace {

// Default run lengths: a few convective times (L / u_ref) for the driven flows at their
// default sizes, enough for the cylinder to start shedding, and a short decay for
// Taylor-Green; rt2d: 2.5 RT times sqrt(L / (A g)) at the CPU size, when the mushrooms have
// rolled up. The Boussinesq presets at their CPU sizes: about 30 convective times H / U for the
// heated cavity, the rolls grown from their seed to saturation for Rayleigh-Benard, the
// mushrooms rolled up for Rayleigh-Taylor. Fixed numbers, so that a changed size does not
// silently change the run.
struct DefaultSteps {
    const char* scenario;
    std::int64_t steps;
};
constexpr DefaultSteps kDefaultSteps[] = {
    {"cavity2d", 10000},         {"cavity3d", 2000},
    {"poiseuille2d", 5000},      {"duct3d", 2000},
    {"cylinder2d", 5000},        {"sphere3d", 1000},
    {"taylor_green2d", 1000},    {"rt2d", 5000},
    {"heated_cavity2d", 20000},  {"rayleigh_benard2d", 10000},
    {"rayleigh_benard3d", 3000}, {"rt2d_boussinesq", 3000},
    {"rt3d_boussinesq", 2000},
};
constexpr std::int64_t kFallbackSteps = 1000;

std::string key_range(const KeySpec& k) {
    std::ostringstream s;
    if (k.kind == KeySpec::Kind::Choice) return k.choices;
    s << (k.kind == KeySpec::Kind::Integer ? "integer " : "") << "[" << k.min << ", " << k.max
      << "]";
    std::string range = s.str();
    if (excludes_min(k)) range.front() = '(';
    if (k.sides > 0) range += k.sides == 2 ? " or NXxNY" : " or NXxNYxNZ";
    return range;
}

} // namespace

std::int64_t default_steps(const std::string& scenario) {
    for (const auto& d : kDefaultSteps)
        if (scenario == d.scenario) return d.steps;
    return kFallbackSteps;
}

std::string default_steps_table() {
    std::ostringstream s;
    for (const auto& d : kDefaultSteps)
        s << "  " << d.scenario << ": " << d.steps << "\n";
    s << "  (--until-steady without --steps: at most 200000)\n";
    return s.str();
}

std::string model_help() {
    std::ostringstream s;
    s << "Propagation schemes (key `scheme`):\n";
    for (Scheme v :
         {Scheme::Push, Scheme::Pull, Scheme::Split, Scheme::AA, Scheme::Esoteric, Scheme::SharedX})
        s << "  " << describe(v) << "\n";
    s << "Layouts (key `layout`):\n";
    for (Layout v : {Layout::SoA, Layout::AoS, Layout::AoSoA})
        s << "  " << describe(v) << "\n";
    s << "Collision models (key `collision`):\n";
    for (CollisionKind v : {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT})
        s << "  " << describe(v) << "\n";
    s << "Exit codes: 0 success, 2 bad input (nothing is written), 1 runtime failure.\n";
    return s.str();
}

CLI::App* add_scenarios(CLI::App& app) {
    return app.add_subcommand("scenarios",
                              "list the presets and every key with default, range and help");
}

int scenarios_command() {
    for (const auto& spec : scenarios()) {
        std::printf("%s: %s\n  default steps: %lld\n", spec.name.c_str(), spec.summary.c_str(),
                    (long long)default_steps(spec.name));
        std::printf("  %-19s %-10s %-34s %s\n", "key", "default", "range", "help");
        for (const auto& k : spec.keys) {
            const std::string def = k.default_value.empty() ? "(derived)" : k.default_value;
            std::printf("  %-19s %-10s %-34s %s\n", k.name.c_str(), def.c_str(),
                        key_range(k).c_str(), k.help.c_str());
        }
        std::printf("\n");
    }
    std::printf("Set keys with `latticelab run SCENARIO --set KEY=VALUE` or in a scenario file:\n"
                "  scenario = \"cavity2d\"\n  re = 1000\n");
    return 0;
}

} // namespace ll::cli
