// Scenario files in, scenario keys out. Everything a file can hold that is not a scenario is a
// ConfigError naming the file, the line where known and the key: the CLI exits 2 on it and the
// visualiser shows it, and the fuzz targets hold parse_scenario_text() to throwing nothing else.
//
// [SECTION] reading     regular files only, at most kScenarioFileLimit bytes, never blocking
// [SECTION] collecting  keys and values, whatever the format, checked in one place
// [SECTION] TOML, JSON  the two parsers' results into the collector
#include "config_file.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <toml++/toml.h>
#include <unistd.h>

namespace ll {
namespace {

const char* kAllowed = "a scenario file is TOML (.toml) or JSON (.json) with a top-level "
                       "scenario = \"<preset>\" and scenario keys as numbers or strings";
const char* kLimitText = "1 MiB";
static_assert(kScenarioFileLimit == std::size_t(1) << 20, "kLimitText names the limit");

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

std::string name_of(const std::filesystem::path& path) {
    return printable(path.string());
}

// ---- [SECTION] reading ----
std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "a special file";
}

[[noreturn]] void too_large(const std::filesystem::path& path) {
    throw ConfigError(name_of(path) + " is larger than " + kLimitText +
                      ", the limit for a scenario file (" + kAllowed + ")");
}

void require_regular_file(const std::filesystem::path& path, const struct stat& st) {
    if (!S_ISREG(st.st_mode))
        throw ConfigError(name_of(path) + " is " + kind_of(st.st_mode) + ", not a regular file; " +
                          kAllowed);
    if (std::uintmax_t(st.st_size) > kScenarioFileLimit) too_large(path);
}

[[noreturn]] void unreadable(const std::filesystem::path& path, int error) {
    throw ConfigError(name_of(path) + ": cannot read the scenario file: " + std::strerror(error));
}

struct ClosesOnExit {
    int fd;
    ~ClosesOnExit() { ::close(fd); }
};

// stat() first, so that a FIFO or a device is named and never opened (opening some devices
// does things). O_NONBLOCK in case the path becomes a FIFO between stat() and open(): it then
// opens at once instead of waiting for a writer, and fstat() refuses what was opened.
std::string read_text(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) unreadable(path, errno);
    require_regular_file(path, st);
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) unreadable(path, errno);
    const ClosesOnExit closes{fd};
    if (::fstat(fd, &st) != 0) unreadable(path, errno);
    require_regular_file(path, st);
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags == -1 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == -1) unreadable(path, errno);
    std::string text;
    char chunk[65536];
    for (;;) { // to the end, which a file growing since fstat() may have moved
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) unreadable(path, errno);
        if (n == 0) return text;
        text.append(chunk, std::size_t(n));
        if (text.size() > kScenarioFileLimit) too_large(path);
    }
}

// ---- [SECTION] collecting ----
bool has_control_character(std::string_view s) {
    return std::any_of(s.begin(), s.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7f;
    });
}

// One place that turns the parsed key/value pairs into a ScenarioFile. `line` 0: unknown.
struct Collector {
    const std::filesystem::path& path;
    ScenarioFile out{};
    bool has_scenario = false;
    std::map<std::string, int> lines{}; // key -> the line it was given on

    std::string at(int line) const {
        return name_of(path) + (line > 0 ? ":" + std::to_string(line) : "");
    }
    std::string key_at(const std::string& key, int line) const {
        return at(line) + ": key '" + printable(key) + "'";
    }
    // TOML parsers refuse a key given twice; JSON's leave that to the reader.
    void add_key(const std::string& key, int line) {
        if (key.empty()) throw ConfigError(at(line) + ": an empty key; " + kAllowed);
        if (has_control_character(key))
            throw ConfigError(key_at(key, line) +
                              ": has a control character; keys are names such as size or re");
        const auto [first, added] = lines.emplace(key, line);
        if (!added)
            throw ConfigError(key_at(key, line) + " is given twice (first on line " +
                              std::to_string(first->second) + "); give each key once");
    }
    void string(const std::string& key, const std::string& value, int line) {
        add_key(key, line);
        if (has_control_character(value))
            throw ConfigError(key_at(key, line) + ": the value '" + printable(value) +
                              "' has a control character");
        if (key == "scenario") {
            out.scenario = value;
            has_scenario = true;
            return;
        }
        out.keys[key] = value;
    }
    void number(const std::string& key, const std::string& text, int line) {
        add_key(key, line);
        if (key == "scenario")
            throw ConfigError(key_at(key, line) + ": must be a string naming a preset (" +
                              scenario_names() + ")");
        out.keys[key] = text;
    }
    void real(const std::string& key, double value, int line) {
        if (!std::isfinite(value))
            throw ConfigError(key_at(key, line) + ": " + real_text(value) +
                              " is not a finite number; see `latticelab scenarios` for its range");
        number(key, real_text(value), line);
    }
    [[noreturn]] void not_scalar(const std::string& key, int line) const {
        throw ConfigError(key_at(key, line) + " must be a number or a string; " + kAllowed);
    }
    ScenarioFile finish() {
        if (!has_scenario)
            throw ConfigError(name_of(path) + ": missing scenario = \"<preset>\" (one of " +
                              scenario_names() + ")");
        return std::move(out);
    }
};

// ---- [SECTION] TOML, JSON ----
ScenarioFile parse_toml(const std::filesystem::path& path, const std::string& text) {
    toml::table table;
    try {
        table = toml::parse(text, path.string());
    } catch (const toml::parse_error& e) {
        throw ConfigError(name_of(path) + ":" + std::to_string(e.source().begin.line) +
                          ": TOML syntax error: " + printable(e.description()) + "; " + kAllowed);
    }
    Collector c{path};
    for (const auto& [k, node] : table) {
        const std::string key(k.str());
        const int line = int(node.source().begin.line);
        if (auto s = node.value_exact<std::string>())
            c.string(key, *s, line);
        else if (auto i = node.value_exact<std::int64_t>())
            c.number(key, std::to_string(*i), line);
        else if (auto d = node.value_exact<double>())
            c.real(key, *d, line);
        else
            c.not_scalar(key, line);
    }
    return c.finish();
}

// Hands the text to nlohmann's lexer and counts the newlines it has taken: SAX callbacks get
// no position, and the lexer reads nothing past a key's closing quote before calling key().
class LineCountingReader {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    LineCountingReader(const char* at, std::size_t* newlines) : at_(at), newlines_(newlines) {}
    reference operator*() const { return *at_; }
    LineCountingReader& operator++() {
        if (*at_ == '\n') ++*newlines_;
        ++at_;
        return *this;
    }
    LineCountingReader operator++(int) {
        LineCountingReader before = *this;
        ++*this;
        return before;
    }
    bool operator==(const LineCountingReader& o) const { return at_ == o.at_; }

private:
    const char* at_;
    std::size_t* newlines_;
};

// The JSON document as the parser reads it (SAX), never as a tree: every key is seen, so one
// given twice is refused where a tree would keep the last; the first value that is neither a
// number nor a string stops the parse, so nothing nested is ever built, however deep.
class JsonScenarioReader : public nlohmann::json_sax<nlohmann::json> {
public:
    JsonScenarioReader(Collector& c, const std::string& text) : c_(c), text_(text) {}

    bool null() override { return not_scalar(); }
    bool boolean(bool) override { return not_scalar(); }
    bool binary(binary_t&) override { return not_scalar(); }
    bool start_array(std::size_t) override { return not_scalar(); }
    bool end_array() override { return true; } // not reached: arrays stop at their start
    bool number_integer(number_integer_t v) override { return number(std::to_string(v)); }
    bool number_unsigned(number_unsigned_t v) override { return number(std::to_string(v)); }
    bool number_float(number_float_t v, const string_t&) override {
        top_level();
        c_.real(key_, v, key_line_);
        return true;
    }
    bool string(string_t& v) override {
        top_level();
        c_.string(key_, v, key_line_);
        return true;
    }
    bool start_object(std::size_t) override {
        if (in_object_) return not_scalar();
        in_object_ = true;
        return true;
    }
    bool end_object() override { return true; } // the top level's: nested ones never start
    bool key(string_t& k) override {
        key_ = k;
        key_line_ = int(newlines_ + 1);
        return true;
    }
    bool parse_error(std::size_t byte, const std::string& token,
                     const nlohmann::json::exception& e) override {
        const std::size_t end = std::min(byte, text_.size());
        const auto line = 1 + std::count(text_.begin(), text_.begin() + std::ptrdiff_t(end), '\n');
        const std::string at = name_of(c_.path) + ":" + std::to_string(line);
        constexpr int kNumberOverflow = 406; // nlohmann's out_of_range.406
        if (e.id == kNumberOverflow && key_line_ > 0)
            throw ConfigError(at + ": key '" + printable(key_) + "': " + printable(token) +
                              " is beyond the range of a double (about 1.8e308); see `latticelab "
                              "scenarios` for its range");
        throw ConfigError(at + ": JSON syntax error: " + printable(e.what()) + "; " + kAllowed);
    }

    std::size_t newlines_ = 0; // counted by the LineCountingReader

private:
    bool number(const std::string& text) {
        top_level();
        c_.number(key_, text, key_line_);
        return true;
    }
    // Values outside the top-level object: a document that is not an object.
    void top_level() const {
        if (!in_object_)
            throw ConfigError(name_of(c_.path) + ": the top level must be a JSON object; " +
                              kAllowed);
    }
    bool not_scalar() const {
        top_level();
        c_.not_scalar(key_, key_line_);
    }

    Collector& c_;
    const std::string& text_;
    bool in_object_ = false;
    std::string key_;
    int key_line_ = 0;
};

ScenarioFile parse_json(const std::filesystem::path& path, const std::string& text) {
    Collector c{path};
    JsonScenarioReader reader(c, text);
    const LineCountingReader begin(text.data(), &reader.newlines_);
    const LineCountingReader end(text.data() + text.size(), &reader.newlines_);
    try {
        nlohmann::json::sax_parse(begin, end, &reader);
    } catch (const nlohmann::json::exception& e) {
        // The SAX parser reports through parse_error(); this is for what it might not.
        throw ConfigError(name_of(path) + ": JSON error: " + printable(e.what()) + "; " + kAllowed);
    }
    return c.finish();
}

void check_extension(const std::filesystem::path& path) {
    const std::string ext = extension_of(path);
    if (ext != ".toml" && ext != ".json")
        throw ConfigError(name_of(path) + ": unknown scenario file extension '" + printable(ext) +
                          "'; use .toml or .json (" + kAllowed + ")");
}

} // namespace

bool looks_like_scenario_file(const std::string& arg) {
    const std::string e = extension_of(arg);
    return e == ".toml" || e == ".json" || arg.find('/') != std::string::npos;
}

ScenarioFile load_scenario_file(const std::filesystem::path& path) {
    check_extension(path);
    return parse_scenario_text(path, read_text(path));
}

ScenarioFile parse_scenario_text(const std::filesystem::path& path, const std::string& text) {
    check_extension(path);
    if (text.size() > kScenarioFileLimit) too_large(path);
    return extension_of(path) == ".toml" ? parse_toml(path, text) : parse_json(path, text);
}

KeyValues parse_set_arguments(const std::vector<std::string>& sets) {
    KeyValues out;
    for (const auto& s : sets) {
        const auto eq = s.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError("--set '" + printable(s) +
                              "': expected KEY=VALUE (see `latticelab scenarios`)");
        out[s.substr(0, eq)] = s.substr(eq + 1);
    }
    return out;
}

} // namespace ll
