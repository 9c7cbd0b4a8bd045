#include "temporaries.hpp"

#include "output_files.hpp" // remove_registered_temporaries

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ll {
namespace {

// ---- the registry a signal handler reads: fixed storage and lock-free atomics only, because
// a handler may not allocate or take locks. A temporary that finds no slot is still removed
// by its destructor; only a second Ctrl-C would miss it, and the next run removes it.
constexpr int kSlots = 64;
constexpr std::size_t kNameMax = 4096;
enum SlotState : int { kFree, kFilling, kLive };
struct Slot {
    std::atomic<int> state{kFree};
    char name[kNameMax];
};
Slot g_slots[kSlots];
static_assert(std::atomic<int>::is_always_lock_free);

int register_temporary(const std::string& name) {
    if (name.size() >= kNameMax) return -1;
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (!g_slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
        std::memcpy(g_slots[i].name, name.c_str(), name.size() + 1);
        g_slots[i].state.store(kLive);
        return i;
    }
    return -1;
}

void forget_temporary(int slot) {
    if (slot >= 0) g_slots[slot].state.store(kFree);
}

std::string temporary_prefix(const std::filesystem::path& target) {
    std::string prefix = "."; // append(): GCC 12 warns (-Wrestrict) on "." + string + ".tmp"
    return prefix.append(target.filename().string()).append(".tmp");
}

std::filesystem::path directory_of(const std::filesystem::path& path) {
    const auto dir = path.parent_path();
    return dir.empty() ? std::filesystem::path(".") : dir;
}

// mkstemp creates 0600; an output gets the mode (and, for root, the owner) of the file it
// replaces, or the usual umask-controlled mode.
void give_mode(int fd, const std::filesystem::path& target) {
    struct stat st {};
    if (::stat(target.c_str(), &st) == 0) {
        ::fchmod(fd, st.st_mode & 07777);
        if (::geteuid() == 0 && ::fchown(fd, st.st_uid, st.st_gid) != 0) {
            // Keeping root as the owner is no worse than before; nothing to report.
        }
        return;
    }
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
}

} // namespace

void remove_registered_temporaries() noexcept {
    for (auto& slot : g_slots)
        if (slot.state.load() == kLive) ::unlink(slot.name);
}

int write_all(int fd, std::string_view bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno;
        if (n == 0) return EIO;
        done += std::size_t(n);
    }
    return 0;
}

TemporaryFile::TemporaryFile(TemporaryFile&& other) noexcept
    : name_(std::move(other.name_)), fd_(other.fd_), slot_(other.slot_) {
    other.name_.clear();
    other.fd_ = -1;
    other.slot_ = -1;
}

TemporaryFile::~TemporaryFile() {
    discard();
}

void TemporaryFile::discard() noexcept {
    if (!name_.empty()) ::unlink(name_.c_str());
    forget_temporary(slot_);
    if (fd_ >= 0) ::close(fd_);
    name_.clear();
    fd_ = -1;
    slot_ = -1;
}

int TemporaryFile::create(const std::filesystem::path& target) {
    discard();
    std::string pattern = (directory_of(target) / (temporary_prefix(target) + "XXXXXX")).string();
    const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd < 0) return errno;
    fd_ = fd;
    name_ = pattern;
    slot_ = register_temporary(name_);
    ::flock(fd_, LOCK_EX | LOCK_NB); // fresh file: nobody else can hold it
    give_mode(fd_, target);
    return 0;
}

int TemporaryFile::write(std::string_view bytes) {
    if (const int err = write_all(fd_, bytes); err != 0) return err;
    return ::fsync(fd_) == 0 ? 0 : errno;
}

int TemporaryFile::rename_to(const std::filesystem::path& target) {
    if (::rename(name_.c_str(), target.c_str()) != 0) return errno;
    forget_temporary(slot_);
    slot_ = -1;
    name_.clear();
    ::close(fd_); // after the rename: the lock covered the temporary's whole life
    fd_ = -1;
    // Make the rename durable; a failure here leaves a complete file, so it is not reported.
    const int dir = ::open(directory_of(target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return 0;
}

int TemporaryFile::link_to_existing(const std::filesystem::path& target) {
    if (const int err = create(target); err != 0) return err;
    // link() wants a free name: give up the one mkstemp reserved for an instant.
    ::unlink(name_.c_str());
    if (::link(target.c_str(), name_.c_str()) != 0) {
        const int err = errno;
        name_.clear(); // nothing of ours is there to remove
        discard();
        return err;
    }
    ::close(fd_);
    fd_ = ::open(name_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ >= 0) ::flock(fd_, LOCK_EX | LOCK_NB);
    return 0;
}

void remove_stale_temporaries(const std::filesystem::path& target) {
    const std::string prefix = temporary_prefix(target);
    const std::size_t length = prefix.size() + 6; // mkstemp's six characters
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(directory_of(target), ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() != length || !name.starts_with(prefix)) continue;
        if (!entry.is_regular_file(ec) || entry.is_symlink(ec)) continue;
        const int fd = ::open(entry.path().c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) continue;
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) ::unlink(entry.path().c_str());
        ::close(fd);
    }
}

} // namespace ll
