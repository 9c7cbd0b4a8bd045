// solver/io/output_files: what each kind of path becomes as an output, all-or-none sets, the
// temporaries' clean-up. Device nodes are made in a test folder (never the system's); they
// need root and are skipped, saying so, without it. tests/cli/check_outputs.py runs the same
// rules through the latticelab command.
#include "solver/io/output_files.hpp"
#include "solver/io/temporaries.hpp"
#include "solver/options.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
using ll::ConfigError;
using ll::IoError;
using ll::OutputSet;
using ll::OutputTarget;

namespace {

class OutputFiles : public ::testing::Test {
protected:
    fs::path dir;
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("latticelab-outputs-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }

    fs::path file(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name) << text;
        return dir / name;
    }
    std::string read(const fs::path& p) const {
        std::ostringstream s;
        s << std::ifstream(p).rdbuf();
        return s.str();
    }
    std::vector<std::string> temporaries() const {
        std::vector<std::string> out;
        for (const auto& e : fs::directory_iterator(dir))
            if (e.path().filename().string().find(".tmp") != std::string::npos)
                out.push_back(e.path().filename().string());
        return out;
    }
    // A character device like the system's /dev/null (1, 3) or /dev/full (1, 7), in `dir`.
    bool make_char_device(const std::string& name, unsigned major, unsigned minor) const {
        return ::mknod((dir / name).c_str(), S_IFCHR | 0666, makedev(major, minor)) == 0;
    }
};

#define LL_REQUIRE_ROOT()                                                                          \
    if (::geteuid() != 0) GTEST_SKIP() << "making device nodes needs root (mknod)"

std::string config_error(const std::string& option, const fs::path& p) {
    try {
        ll::classify_output(option, p);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

TEST_F(OutputFiles, NewAndRegularFilesAreReplacedWholeWithTheirMode) {
    ll::write_output_file(dir / "new.json", "new\n");
    EXPECT_EQ(read(dir / "new.json"), "new\n");
    const fs::path old = file("old.json", "old\n");
    ::chmod(old.c_str(), 0640);
    ll::write_output_file(old, "replaced\n");
    EXPECT_EQ(read(old), "replaced\n");
    EXPECT_EQ(fs::status(old).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_TRUE(temporaries().empty());
}

TEST_F(OutputFiles, ALinksTargetIsReplacedNotTheLink) {
    const fs::path target = file("target.json", "old\n");
    fs::create_symlink("target.json", dir / "link.json");
    ll::write_output_file(dir / "link.json", "new\n");
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(read(target), "new\n");
}

TEST_F(OutputFiles, CharacterDevicesAreWrittenThroughAndKept) {
    LL_REQUIRE_ROOT();
    ASSERT_TRUE(make_char_device("null", 1, 3));
    ASSERT_TRUE(make_char_device("full", 1, 7));
    EXPECT_EQ(ll::classify_output("--json", dir / "null").kind, OutputTarget::Kind::Stream);
    ll::write_output_file(dir / "null", "discarded\n");
    EXPECT_TRUE(fs::is_character_file(dir / "null"));
    try {
        ll::write_output_file(dir / "full", "no room\n");
        FAIL() << "a write to a full device succeeded";
    } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find("the disk is full"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(fs::is_character_file(dir / "full"));
    EXPECT_TRUE(temporaries().empty());
}

TEST_F(OutputFiles, FifosAndDescriptorsAreWrittenThrough) {
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = read(dir / "fifo"); });
    ll::write_output_file(dir / "fifo", "through a fifo\n");
    reader.join();
    EXPECT_EQ(got, "through a fifo\n");
    EXPECT_TRUE(fs::is_fifo(dir / "fifo"));

    int pipe_fds[2];
    ASSERT_EQ(::pipe(pipe_fds), 0);
    const fs::path fd_path = "/dev/fd/" + std::to_string(pipe_fds[1]);
    EXPECT_EQ(ll::classify_output("--json", fd_path).kind, OutputTarget::Kind::Stream);
    ll::write_output_file(fd_path, "pipe\n");
    char buffer[16] = {};
    EXPECT_EQ(::read(pipe_fds[0], buffer, sizeof buffer), 5);
    EXPECT_STREQ(buffer, "pipe\n");
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    EXPECT_EQ(ll::classify_output("--json", "-").kind, OutputTarget::Kind::Stream);
}

TEST_F(OutputFiles, EverythingElseIsRefusedNamingOptionAndPath) {
    fs::create_directory(dir / "sub");
    fs::create_symlink("sub", dir / "link-to-dir");
    fs::create_symlink("missing", dir / "dangling");
    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string sock_path = (dir / "sock").string();
    std::snprintf(address.sun_path, sizeof address.sun_path, "%s", sock_path.c_str());
    ASSERT_EQ(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    const std::pair<fs::path, std::string> refused[] = {
        {dir / "sub", "is a directory"},
        {dir / "link-to-dir", "is a directory"},
        {dir / "dangling", "is a symbolic link to a missing file"},
        {dir / "sock", "is a socket"},
        {dir / "missing-dir/a.json",
         "directory '" + (dir / "missing-dir").string() + "' does not exist"},
        {dir / "sub/", "needs a file name"},
    };
    for (const auto& [p, why] : refused) {
        const std::string message = config_error("--vtk", p);
        EXPECT_NE(message.find("--vtk " + p.string() + ": " + why), std::string::npos)
            << p << ": " << message;
    }
    EXPECT_EQ(config_error("--json", ""), "--json: needs a file name (the path is empty)");
    ::close(sock);
    if (::geteuid() == 0) {
        ASSERT_EQ(::mknod((dir / "block").c_str(), S_IFBLK | 0600, makedev(7, 0)), 0);
        EXPECT_NE(config_error("--png", dir / "block").find("is a block device"),
                  std::string::npos);
    }
}

TEST_F(OutputFiles, TwoOptionsOnOneFileAreRefused) {
    fs::create_directory_symlink(dir, dir / "alias");
    file("existing", "x");
    const std::pair<fs::path, fs::path> same[] = {
        {dir / "new.out", dir / "./new.out"},
        {dir / "new.out", dir / "alias/new.out"},
        {dir / "existing", dir / "alias/existing"},
    };
    for (const auto& [a, b] : same) {
        OutputSet set;
        set.add("--vtk", a);
        EXPECT_THROW(set.add("--json", b), ConfigError) << a << " and " << b;
    }
}

TEST_F(OutputFiles, AFailedOutputKeepsEveryOldFile) {
    const fs::path a = file("a.vti", "old vti\n"), b = file("b.png", "old png\n");
    {
        OutputSet set;
        set.add("--vtk", a);
        set.add("--png", b);
        set.add("--json", dir / "c.json");
        set.stage("--vtk", "new vti\n");
        set.stage("--png", "new png\n");
        fs::remove_all(dir / "c.json");
        fs::create_directory(dir / "c.json"); // the rename of the last one will fail
        set.stage("--json", "{}\n");
        EXPECT_THROW(set.commit(), IoError);
    }
    EXPECT_EQ(read(a), "old vti\n"); // renamed, then put back
    EXPECT_EQ(read(b), "old png\n");
    EXPECT_TRUE(temporaries().empty());
    const fs::path d = file("d.vti", "old\n");
    {
        OutputSet set;
        set.add("--vtk", d);
        set.add("--json", "/proc/latticelab-no-such-file.json");
        set.stage("--vtk", "new\n");
        EXPECT_THROW(set.stage("--json", "{}\n"), std::exception);
    }
    EXPECT_EQ(read(d), "old\n");
    EXPECT_TRUE(temporaries().empty());
}

TEST_F(OutputFiles, AFailedStreamKeepsTheStagedFilesOld) {
    LL_REQUIRE_ROOT();
    ASSERT_TRUE(make_char_device("full", 1, 7));
    const fs::path a = file("a.vti", "old\n");
    OutputSet set;
    set.add("--vtk", a);
    set.add("--json", dir / "full");
    set.stage("--vtk", "new\n");
    set.stage("--json", "{}\n");
    EXPECT_THROW(set.commit(), IoError);
    EXPECT_EQ(read(a), "old\n");
}

TEST_F(OutputFiles, StaleTemporariesGoLiveOnesStay) {
    file(".r.vti.tmpAbC123", "left by a killed run");
    const fs::path live = file(".r.vti.tmpLive99", "held by a running one");
    const int held = ::open(live.c_str(), O_RDONLY);
    ASSERT_EQ(::flock(held, LOCK_EX), 0);
    file(".r.vti.tmpshort", "not one of ours: wrong length");
    ll::write_output_file(dir / "r.vti", "new\n");
    EXPECT_FALSE(fs::exists(dir / ".r.vti.tmpAbC123"));
    EXPECT_TRUE(fs::exists(live));
    EXPECT_TRUE(fs::exists(dir / ".r.vti.tmpshort"));
    ::close(held);
}

TEST_F(OutputFiles, ASignalHandlerCanRemoveStagedTemporaries) {
    OutputSet set;
    set.add("--vtk", dir / "r.vti");
    set.stage("--vtk", "staged\n");
    ASSERT_EQ(temporaries().size(), 1u);
    ll::remove_registered_temporaries();
    EXPECT_TRUE(temporaries().empty());
}

} // namespace
