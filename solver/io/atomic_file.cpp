#include "atomic_file.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ll {
namespace {

std::string reason(const std::string& what, const std::filesystem::path& path, int err) {
    return "cannot write " + path.string() + ": " + what + " (" + std::strerror(err) + ")";
}

// Closes the descriptor and unlinks the temporary unless released: one cleanup for every
// early exit below.
struct TempFile {
    std::string name;
    int fd = -1;
    bool keep = false;
    ~TempFile() {
        if (fd >= 0) ::close(fd);
        if (!keep && !name.empty()) ::unlink(name.c_str());
    }
};

std::filesystem::path directory_of(const std::filesystem::path& path) {
    const auto dir = path.parent_path();
    return dir.empty() ? std::filesystem::path(".") : dir;
}

} // namespace

void write_file_atomic(const std::filesystem::path& path, std::string_view bytes) {
    const auto dir = directory_of(path);
    TempFile tmp;
    // mkstemp needs a writable template; the dot keeps the temporary out of plain listings.
    std::string name = ".";
    name.append(path.filename().string()).append(".tmpXXXXXX");
    std::string pattern = (dir / name).string();
    tmp.fd = ::mkstemp(pattern.data());
    if (tmp.fd < 0) throw IoError(reason("cannot create a temporary file", path, errno));
    tmp.name = pattern;
    // mkstemp creates 0600; output files should get the usual umask-controlled mode.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(tmp.fd, 0666 & ~mask);

    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(tmp.fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw IoError(reason("write failed", path, n < 0 ? errno : EIO));
        done += std::size_t(n);
    }
    if (::fsync(tmp.fd) != 0) throw IoError(reason("fsync failed", path, errno));
    const int fd = tmp.fd;
    tmp.fd = -1;
    if (::close(fd) != 0) throw IoError(reason("close failed", path, errno));
    if (::rename(tmp.name.c_str(), path.c_str()) != 0)
        throw IoError(reason("rename failed", path, errno));
    tmp.keep = true;
    // Make the rename itself durable; failure here leaves a complete file, so it is ignored.
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
}

std::string output_path_problem(const std::string& option, const std::filesystem::path& path) {
    const std::string head = option + " " + path.string() + ": ";
    if (path.empty() || path.filename().empty()) return head + "needs a file name";
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return head + "is a directory, not a file";
    const auto dir = directory_of(path);
    if (!std::filesystem::is_directory(dir, ec))
        return head + "directory '" + dir.string() + "' does not exist";
    if (::access(dir.c_str(), W_OK) != 0)
        return head + "directory '" + dir.string() + "' is not writable";
    return "";
}

} // namespace ll
