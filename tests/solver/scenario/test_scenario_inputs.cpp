// The input-side findings of the fuzzing run (issue 10): every spelling of an integer key is
// read one way by the memory pre-flight and the builders, scenario files refuse what is not a
// scenario (a number beyond a double, a key twice, a FIFO, a large file) with a ConfigError
// naming the file, the line and the key, and derived lattice extents blame the key that sets
// them. parse_scenario_text() throws nothing but ConfigError, whatever the text.
#include "solver/io/config_file.hpp"
#include "solver/io/host_memory.hpp"
#include "solver/scenario/preflight.hpp"
#include "support/config_messages.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace ll {
namespace {

namespace fs = std::filesystem;

using test::config_error_of;
using test::expect_message;

std::string parse_error(const std::string& name, const std::string& text) {
    return config_error_of([&] { parse_scenario_text(name, text); });
}

// ------------------------------------------------------------------ numbers
TEST(ScenarioInputs, EverySpellingOfAWholeNumberReadsTheSame) {
    for (const char* text : {"128", "128.0", "1.28e2", "+128", "1280e-1", "128.000"})
        EXPECT_EQ(read_whole_number(text), 128L) << text;
    for (const char* text :
         {" 128", "128 ", "0x80", "128.5", "1e400", "nan", "inf", "+-128", "", "+", "12 8", "1,28"})
        EXPECT_FALSE(read_whole_number(text).has_value()) << text;
    EXPECT_EQ(read_whole_number("-0"), 0L);
}

TEST(ScenarioInputs, IntegerKeysAreRecordedInOneSpelling) {
    const SimulationSetup s = build_scenario("cavity2d", {{"size", "1.6e1"}});
    EXPECT_EQ(s.dims.nx, 18u);
    EXPECT_EQ(s.keys.at("size"), "16");
    expect_message(config_error_of([] {
                       build_scenario("cavity2d", {{"size", "16.5"}});
                   }),
                   {"size = 16.5", "an integer in [8, 8192]"});
    // Not hex: a box of sides 0 and 10 (cavity2d takes NXxNY), refused for its side 0.
    expect_message(config_error_of([] {
                       build_scenario("cavity2d", {{"size", "0x10"}});
                   }),
                   {"size = 0x10", "side 0", "[8, 8192]"});
    expect_message(config_error_of([] {
                       build_scenario("taylor_green2d", {{"size", "0x10"}});
                   }),
                   {"size = 0x10", "one length", "[8, 8192]"});
}

// The pre-flight used to skip sizes it could not read as an integer ("1.024e3"), which the
// builders then read as 1024 and allocated: 4096 x 1026 x 1026 nodes overflow node_t.
TEST(ScenarioInputs, PreflightChecksEverySpellingOfTheSize) {
    for (const char* size : {"1024", "1024.0", "1.024e3", "+1024"})
        expect_message(config_error_of([size] {
                           preflight_scenario("duct3d", {{"size", size}, {"length", "4096"}}, true);
                       }),
                       {"size = 1024", "at most 2^32 - 1"});
    expect_message(config_error_of([] {
                       preflight_scenario("cavity3d", {{"size", " 512"}}, true);
                   }),
                   {"size = ' 512'", "not a number", "[8, 1024]"});
}

// At the smallest sizes aspect 0.25 gives a period under 2 nodes, so the pre-flight's probes
// there are refused; it used to give up and let the builder allocate 512 x 2050 x 512 nodes.
TEST(ScenarioInputs, PreflightProbesPastSizesThatCannotBeBuilt) {
    const double needs = 512.0 * 2050 * 512 * 26 * 8 * 2; // the two populations alone, fp64
    if (physical_memory_bytes() > needs) GTEST_SKIP() << "this machine could hold the lattice";
    expect_message(
        config_error_of([] {
            preflight_scenario("rayleigh_benard3d", {{"size", "2048"}, {"aspect", "0.25"}}, true);
        }),
        {"size = 2048", "use size <="});
}

// re = 1000 with tau = 0.6 gives u_ref = re nu / size > 0.3 at every size the pre-flight probes
// (8 to 64), so it cannot tell the lattice's extents; the builder then allocated 1026^3 nodes'
// start-up fields (the fuzzer's out-of-memory finding). The builder's own guard refuses them.
TEST(ScenarioInputs, BuilderRefusesFieldsLargerThanMemoryWhereProbesCannotRun) {
    const double needs = 1026.0 * 1026 * 1026 * 41; // flags, rho, u, T
    if (physical_memory_bytes() > needs) GTEST_SKIP() << "this machine could hold the fields";
    const KeyValues keys{{"size", "1024"}, {"re", "1000"}, {"tau", "0.6"}};
    EXPECT_NO_THROW(preflight_scenario("cavity3d", keys, true)); // no probe could be built
    expect_message(
        config_error_of([&] { build_scenario("cavity3d", keys); }),
        {"size (a 1026 x 1026 x 1026 lattice)", "initial fields need", "this machine has"});
}

// ------------------------------------------------------------------ derived extents
TEST(ScenarioInputs, ConvectionPeriodBlamesAspect) {
    for (const char* preset : {"rayleigh_benard2d", "rayleigh_benard3d"})
        expect_message(config_error_of([preset] {
                           build_scenario(preset, {{"size", "4"}, {"aspect", "0.25"}});
                       }),
                       {"aspect = 0.25", "size = 4", "aspect in [0.375, 16]"});
    EXPECT_EQ(build_scenario("rayleigh_benard2d", {{"size", "4"}, {"aspect", "0.375"}}).dims.nx,
              2u);
}

TEST(ScenarioInputs, ChannelLengthNeedsTwoNodes) {
    expect_message(config_error_of([] {
                       build_scenario("poiseuille2d", {{"length", "1"}});
                   }),
                   {"length = 1", "[2, 65536]"});
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"length", "1"}});
                   }),
                   {"length = 1", "[2, 4096]"});
}

TEST(ScenarioInputs, TooManyNodesNamesEveryKeyOfTheExtents) {
    expect_message(config_error_of([] {
                       build_scenario("rt3d_boussinesq", {{"size", "4096"}, {"height", "16384"}});
                   }),
                   {"size and height", "4294967295"});
    expect_message(config_error_of([] {
                       build_scenario("rayleigh_benard3d", {{"size", "2048"}, {"aspect", "16"}});
                   }),
                   {"size and aspect", "4294967295"});
    expect_message(config_error_of([] {
                       build_scenario("duct3d", {{"size", "1024"}, {"length", "4096"}});
                   }),
                   {"size and length", "4294967295"});
}

// ------------------------------------------------------------------ file contents
TEST(ScenarioInputs, JsonNumberBeyondADoubleNamesTheKey) {
    expect_message(parse_error("big.json", R"({"scenario":"cavity2d","size":8,"re":1e400})"),
                   {"big.json:1", "key 're'", "1e400"});
    expect_message(parse_error("big.json", "{\"scenario\":\"cavity2d\",\n\"re\":-1e999}"),
                   {"big.json:2", "key 're'"});
}

TEST(ScenarioInputs, HugeIntegersKeepTheirValue) {
    const ScenarioFile f = parse_scenario_text(
        "u.json",
        R"({"scenario":"cavity2d","size":18446744073709551615,"length":99999999999999999999})");
    EXPECT_EQ(f.keys.at("size"), "18446744073709551615"); // not -1
    EXPECT_EQ(f.keys.at("length"), "1e+20");
    expect_message(config_error_of([&] {
                       build_scenario("cavity2d", {{"size", f.keys.at("size")}});
                   }),
                   {"size = 18446744073709551615", "[8, 8192]"});
    expect_message(parse_error("u.toml", "scenario = \"cavity2d\"\nsize = 99999999999999999999\n"),
                   {"u.toml:2", "TOML syntax error"});
}

TEST(ScenarioInputs, TomlNanAndInfinityNameTheKey) {
    for (const char* value : {"nan", "inf", "-inf", "+nan"})
        expect_message(parse_error("n.toml", std::string("scenario = \"cavity2d\"\nre = ") + value),
                       {"n.toml:2", "key 're'", "not a finite number"});
}

TEST(ScenarioInputs, KeyGivenTwiceIsRefusedInBothFormats) {
    expect_message(parse_error("d.json", "{\n  \"scenario\": \"cavity2d\",\n  \"size\": 16,\n"
                                         "  \"size\": 32\n}\n"),
                   {"d.json:4", "key 'size'", "given twice", "first on line 3"});
    expect_message(parse_error("d.json", R"({"scenario":"cavity2d","scenario":"cavity3d"})"),
                   {"key 'scenario'", "given twice"});
    expect_message(parse_error("d.toml", "scenario = \"cavity2d\"\nsize = 16\n\nsize = 32\n"),
                   {"d.toml:4"});
}

TEST(ScenarioInputs, OddKeysAndValuesAreConfigErrors) {
    const std::string nul("\0", 1);
    expect_message(parse_error("e.json", R"({"scenario":"cavity2d","":1})"), {"an empty key"});
    expect_message(parse_error("e.toml", "scenario = \"cavity2d\"\n\"\" = 1\n"),
                   {"e.toml:2", "an empty key"});
    expect_message(parse_error("z.json", R"({"scenario":"cavity2d","s\u0000ize":1})"),
                   {"key 's\\x00ize'", "control character"});
    expect_message(parse_error("z.json", R"({"scenario":"cav\u0000ity2d"})"),
                   {"'cav\\x00ity2d'", "control character"});
    expect_message(parse_error("z.toml", "scenario = \"cav\\u0000ity2d\""), {"control character"});
    expect_message(parse_error("z.json", "{\"scenario\":\"cavity2d\"" + nul + "}"), {"z.json:1"});
    expect_message(parse_error("z.toml", "scenario = \"cavity2d\"" + nul), {"z.toml:1"});
    expect_message(parse_error("u.json", "{\"scenario\":\"cavity2d\",\"\xff\xfe\":1}"),
                   {"u.json:1", "JSON syntax error"});
    expect_message(parse_error("u.toml", "scenario = \"cavity2d\"\n\"\xff\" = 1\n"),
                   {"u.toml:2", "TOML syntax error"});
    EXPECT_EQ(parse_scenario_text("n.json", R"({"scenario":"cavity2d","re":-0.0})").keys.at("re"),
              "-0");
}

TEST(ScenarioInputs, NotAnObjectOrNotAScalar) {
    for (const char* text : {"[1]", "5", "\"cavity2d\"", "", "null", "{} {}"})
        EXPECT_FALSE(parse_error("t.json", text).empty()) << text;
    for (const char* value : {"[1]", "{\"a\":1}", "true", "null"})
        expect_message(
            parse_error("v.json", std::string(R"({"scenario":"cavity2d","size":)") + value + "}"),
            {"v.json:1", "key 'size'", "must be a number or a string"});
}

TEST(ScenarioInputs, DeepNestingIsRefusedWithoutRecursion) {
    const std::size_t depth = 200000;
    const std::string open(depth, '['), close(depth, ']');
    EXPECT_FALSE(parse_error("n.json", open + close).empty());
    expect_message(parse_error("n.json", R"({"scenario":"cavity2d","size":)" + open + close + "}"),
                   {"key 'size'"});
    EXPECT_FALSE(parse_error("n.toml", "size = " + open + close).empty());
    std::string tables;
    for (std::size_t i = 0; i < 2000; ++i)
        tables += "{a=";
    EXPECT_FALSE(parse_error("n.toml", "size = " + tables).empty());
}

TEST(ScenarioInputs, TextLargerThanTheLimitIsRefused) {
    std::string text = R"({"scenario":"cavity2d"})";
    text.resize(kScenarioFileLimit + 1, ' ');
    expect_message(parse_error("l.json", text), {"l.json is larger than 1 MiB"});
}

// Random edits of valid documents: a ConfigError or a result, never anything else.
TEST(ScenarioInputs, MutatedDocumentsThrowOnlyConfigErrors) {
    const std::pair<const char*, std::string> seeds[] = {
        {"m.json", "{\"scenario\": \"cavity2d\", \"size\": 16, \"re\": 1e3, \"scheme\": \"aa\"}"},
        {"m.toml", "scenario = \"cavity2d\"\nsize = 16\nre = 1e3\nscheme = 'aa'\n"}};
    const char pieces[] = "{}[]\",:=.'\\\n\0\xff-+eE019 #u";
    std::mt19937 rng(10);
    for (const auto& [name, seed] : seeds)
        for (int trial = 0; trial < 4000; ++trial) {
            std::string text = seed;
            for (int edit = 0; edit < 1 + trial % 4; ++edit) {
                const std::size_t at = rng() % (text.size() + 1);
                const char c = pieces[rng() % (sizeof pieces - 1)];
                switch (rng() % 3) {
                case 0:
                    text.insert(at, 1, c);
                    break;
                case 1:
                    if (at < text.size()) text.erase(at, 1);
                    break;
                default:
                    if (at < text.size()) text[at] = c;
                }
            }
            try {
                parse_scenario_text(name, text);
            } catch (const ConfigError&) {
            } catch (const std::exception& e) {
                ADD_FAILURE() << name << " '" << text << "': " << e.what();
            }
        }
}

TEST(ScenarioInputs, SetArguments) {
    EXPECT_EQ(parse_set_arguments({"size=8", "size=16"}).at("size"), "16");
    expect_message(config_error_of([] { parse_set_arguments({"size"}); }),
                   {"--set 'size'", "KEY=VALUE"});
    expect_message(config_error_of([] { parse_set_arguments({"=8"}); }), {"--set '=8'"});
    expect_message(config_error_of([] { parse_set_arguments({"a\x1b[31m"}); }),
                   {"--set 'a\\x1b[31m'"});
}

// ------------------------------------------------------------------ files
class ScenarioFiles : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("latticelab_inputs_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
        return dir_ / name;
    }
    fs::path dir_;
};

// A hang is the failure here: a watchdog ends the test run instead of waiting for the timeout.
TEST_F(ScenarioFiles, FifoIsNamedAndNeverOpened) {
    const fs::path fifo = dir_ / "fifo.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::atomic<bool> done{false};
    std::thread watchdog([&done] {
        for (int i = 0; i < 200 && !done; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (!done) {
            std::fprintf(stderr, "load_scenario_file blocked on a FIFO for 10 s\n");
            std::_Exit(1);
        }
    });
    const std::string message = config_error_of([&] { load_scenario_file(fifo); });
    done = true;
    watchdog.join();
    expect_message(message, {"fifo.json is a FIFO, not a regular file"});
}

TEST_F(ScenarioFiles, DevicesDirectoriesAndLargeFilesAreRefused) {
    fs::create_symlink("/dev/zero", dir_ / "zero.json");
    expect_message(config_error_of([&] { load_scenario_file(dir_ / "zero.json"); }),
                   {"zero.json is a character device, not a regular file"});
    fs::create_directory(dir_ / "folder.toml");
    expect_message(config_error_of([&] { load_scenario_file(dir_ / "folder.toml"); }),
                   {"folder.toml is a directory, not a regular file"});
    const fs::path big = write("big.json", R"({"scenario":"cavity2d"})");
    fs::resize_file(big, kScenarioFileLimit + 1); // sparse: nothing is written
    expect_message(config_error_of([&] { load_scenario_file(big); }),
                   {"big.json is larger than 1 MiB"});
    expect_message(config_error_of([&] { load_scenario_file(dir_ / "missing.json"); }),
                   {"missing.json: cannot read the scenario file"});
}

TEST_F(ScenarioFiles, LinkToARegularFileIsRead) {
    const fs::path target = write("target.txt", "scenario = \"cavity2d\"\nsize = 16\n");
    fs::create_symlink(target, dir_ / "link.toml");
    const ScenarioFile f = load_scenario_file(dir_ / "link.toml");
    EXPECT_EQ(f.scenario, "cavity2d");
    EXPECT_EQ(f.keys.at("size"), "16");
    std::string exactly_the_limit = R"({"scenario":"cavity2d"})";
    exactly_the_limit.resize(kScenarioFileLimit, ' ');
    EXPECT_EQ(load_scenario_file(write("full.json", exactly_the_limit)).scenario, "cavity2d");
}

} // namespace
} // namespace ll
