#include "config_file.hpp"

#include <charconv>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <toml++/toml.h>

namespace ll {
namespace {

const char* kAllowed = "a scenario file is TOML (.toml) or JSON (.json) with a top-level "
                       "scenario = \"<preset>\" and scenario keys as numbers or strings";

std::string extension_of(const std::filesystem::path& p) {
    std::string e = p.extension().string();
    for (auto& c : e)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return e;
}

// Shortest text that reads back as the same double, so "0.6" stays "0.6".
std::string real_text(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ConfigError(path.string() + ": cannot open the scenario file");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// One place that turns the parsed key/value pairs into a ScenarioFile.
struct Collector {
    const std::filesystem::path& path;
    ScenarioFile out;
    bool has_scenario = false;

    void scalar(const std::string& key, const std::string& value, bool is_string) {
        if (key == "scenario") {
            if (!is_string)
                throw ConfigError(path.string() + ": scenario must be a string naming a preset (" +
                                  scenario_names() + ")");
            out.scenario = value;
            has_scenario = true;
            return;
        }
        out.keys[key] = value;
    }
    [[noreturn]] void not_scalar(const std::string& key, const std::string& where) const {
        throw ConfigError(path.string() + where + ": key '" + key +
                          "' must be a number or a string; " + kAllowed);
    }
    ScenarioFile finish() {
        if (!has_scenario)
            throw ConfigError(path.string() + ": missing scenario = \"<preset>\" (one of " +
                              scenario_names() + ")");
        return std::move(out);
    }
};

ScenarioFile parse_toml(const std::filesystem::path& path, const std::string& text) {
    toml::table table;
    try {
        table = toml::parse(text, path.string());
    } catch (const toml::parse_error& e) {
        throw ConfigError(path.string() + ":" + std::to_string(e.source().begin.line) +
                          ": TOML syntax error: " + std::string(e.description()) + "; " + kAllowed);
    }
    Collector c{path, {}};
    for (const auto& [k, node] : table) {
        const std::string key(k.str());
        const std::string where = std::string(":").append(std::to_string(node.source().begin.line));
        if (auto s = node.value_exact<std::string>())
            c.scalar(key, *s, true);
        else if (auto i = node.value_exact<std::int64_t>())
            c.scalar(key, std::to_string(*i), false);
        else if (auto d = node.value_exact<double>())
            c.scalar(key, real_text(*d), false);
        else
            c.not_scalar(key, where);
    }
    return c.finish();
}

ScenarioFile parse_json(const std::filesystem::path& path, const std::string& text) {
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // The parser reports a byte offset; users want the line.
        const std::size_t end = std::min<std::size_t>(e.byte, text.size());
        const auto line = 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(end), '\n');
        throw ConfigError(path.string() + ":" + std::to_string(line) +
                          ": JSON syntax error: " + e.what() + "; " + kAllowed);
    }
    if (!doc.is_object())
        throw ConfigError(path.string() + ": the top level must be a JSON object; " + kAllowed);
    Collector c{path, {}};
    for (const auto& [key, v] : doc.items()) {
        if (v.is_string())
            c.scalar(key, v.get<std::string>(), true);
        else if (v.is_number_integer())
            c.scalar(key, std::to_string(v.get<std::int64_t>()), false);
        else if (v.is_number())
            c.scalar(key, real_text(v.get<double>()), false);
        else
            c.not_scalar(key, "");
    }
    return c.finish();
}

} // namespace

bool looks_like_scenario_file(const std::string& arg) {
    const std::string e = extension_of(arg);
    return e == ".toml" || e == ".json" || arg.find('/') != std::string::npos;
}

ScenarioFile load_scenario_file(const std::filesystem::path& path) {
    const std::string ext = extension_of(path);
    if (ext != ".toml" && ext != ".json")
        throw ConfigError(path.string() + ": unknown scenario file extension '" + ext +
                          "'; use .toml or .json (" + kAllowed + ")");
    const std::string text = read_text(path);
    return ext == ".toml" ? parse_toml(path, text) : parse_json(path, text);
}

} // namespace ll
