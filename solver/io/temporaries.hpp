// The temporary files behind OutputSet (output_files.hpp): created beside their target as
// ".<name>.tmpXXXXXX", locked while they live, registered for signal handlers, renamed or
// removed. Functions return 0 or an errno value; the caller words the message.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>

namespace ll {

class TemporaryFile {
public:
    TemporaryFile() = default;
    TemporaryFile(TemporaryFile&& other) noexcept;
    TemporaryFile& operator=(TemporaryFile&&) = delete;
    TemporaryFile(const TemporaryFile&) = delete;
    ~TemporaryFile(); // removes the file unless rename_to() succeeded

    // A new temporary beside `target`, with the target's mode and owner when it exists (else
    // 0666 less the umask), locked (flock) so that no other run takes it for a stale one.
    int create(const std::filesystem::path& target);
    // All of `bytes`, then fsync: complete on disk before any rename.
    int write(std::string_view bytes);
    // Atomically replaces `target`; the directory is synced so that the rename survives a crash.
    int rename_to(const std::filesystem::path& target);
    // A second name (a hard link) for the existing `target`, so that rename_to() can put the
    // old file back after a later output of the same set failed; ENOENT when there is none.
    int link_to_existing(const std::filesystem::path& target);
    bool empty() const { return name_.empty(); }

private:
    void discard() noexcept;
    std::string name_;
    int fd_ = -1;
    int slot_ = -1; // in the signal handlers' registry
};

// Writes all of `bytes` to `fd`, retrying short writes and EINTR; 0 or errno.
int write_all(int fd, std::string_view bytes);

// Removes the ".<name>.tmpXXXXXX" files beside `target` that no live process holds: what a
// killed run left behind.
void remove_stale_temporaries(const std::filesystem::path& target);

} // namespace ll
