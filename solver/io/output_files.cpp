#include "output_files.hpp"

#include "../options.hpp" // ConfigError
#include "temporaries.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ll {
namespace {

std::string named(const std::string& option, const std::filesystem::path& path) {
    return (option.empty() ? "" : option + " ") + path.string() + ": ";
}

// The user-facing reason for a failed write: a full disk is said in words.
std::string failure(const std::string& option, const std::filesystem::path& path,
                    const std::string& what, int err) {
    const std::string detail = err == ENOSPC ? "the disk is full" : what;
    return named(option, path) + detail + " (" + std::strerror(err) + ")";
}

std::filesystem::path directory_of(const std::filesystem::path& path) {
    const auto dir = path.parent_path();
    return dir.empty() ? std::filesystem::path(".") : dir;
}

std::string identity_of(const struct stat& st) {
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
}

// /dev/stdout, /dev/fd/3, /proc/self/fd/1...: a descriptor this process already holds, whatever
// it points at (a terminal, a pipe, or the regular file a shell redirected to). Replacing the
// file behind it would cut the shell's redirection off, so these are always written through.
bool is_descriptor_path(const std::filesystem::path& p) {
    std::vector<std::string> parts;
    for (const auto& part : p.lexically_normal())
        parts.push_back(part.string());
    const auto number = [](const std::string& s) {
        return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
    };
    if (parts.size() == 3 && parts[0] == "/" && parts[1] == "dev")
        return parts[2] == "stdout" || parts[2] == "stderr";
    if (parts.size() == 4 && parts[0] == "/" && parts[1] == "dev" && parts[2] == "fd")
        return number(parts[3]);
    return parts.size() == 5 && parts[0] == "/" && parts[1] == "proc" &&
           (parts[2] == "self" || parts[2] == "thread-self" || number(parts[2])) &&
           parts[3] == "fd" && number(parts[4]);
}

// Follows the chain of symbolic links from `path` (not the magic links inside /proc, whose
// targets are not paths) and says whether any step is a descriptor path.
bool reaches_descriptor(std::filesystem::path p) {
    for (int hop = 0; hop < 40; ++hop) {
        if (is_descriptor_path(p)) return true;
        std::error_code ec;
        if (!std::filesystem::is_symlink(p, ec)) return false;
        const auto target = std::filesystem::read_symlink(p, ec);
        if (ec) return false;
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    return false;
}

void require_writable_directory(const std::string& head, const std::filesystem::path& file) {
    const auto dir = directory_of(file);
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        throw ConfigError(head + "directory '" + dir.string() + "' does not exist");
    if (::access(dir.c_str(), W_OK) != 0)
        throw ConfigError(head + "directory '" + dir.string() + "' is not writable");
}

OutputTarget stream(OutputTarget t, const struct stat& st) {
    t.kind = OutputTarget::Kind::Stream;
    t.identity = identity_of(st);
    return t;
}

// An existing node, links followed: what may be written and how.
OutputTarget classify_existing(OutputTarget t, const struct stat& st, const std::string& head) {
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
        if (::access(t.path.c_str(), W_OK) != 0)
            throw ConfigError(head + "is not writable (" + std::strerror(errno) + ")");
        return stream(std::move(t), st);
    }
    if (S_ISDIR(st.st_mode)) throw ConfigError(head + "is a directory, not a file");
    if (!S_ISREG(st.st_mode)) {
        const char* what = S_ISSOCK(st.st_mode)  ? "a socket"
                           : S_ISBLK(st.st_mode) ? "a block device (a disk)"
                                                 : "neither a file nor a device";
        throw ConfigError(head + "is " + what +
                          "; outputs go to a regular file, a character device (/dev/null), a "
                          "FIFO or - (standard output)");
    }
    std::error_code ec;
    t.file = std::filesystem::canonical(t.path, ec); // a link's target is replaced, not the link
    if (ec) t.file = t.path;
    require_writable_directory(head, t.file);
    t.identity = identity_of(st);
    return t;
}

} // namespace

OutputTarget classify_output(const std::string& option, const std::filesystem::path& path) {
    OutputTarget t{option, path, path, OutputTarget::Kind::Replace, ""};
    const std::string head = named(option, path);
    if (path.empty()) throw ConfigError(option + ": needs a file name (the path is empty)");
    struct stat st {};
    if (path == "-") {
        ::fstat(STDOUT_FILENO, &st);
        return stream(std::move(t), st);
    }
    if (reaches_descriptor(path)) {
        if (::stat(path.c_str(), &st) != 0)
            throw ConfigError(head + "descriptor not open (" + std::strerror(errno) + ")");
        return stream(std::move(t), st);
    }
    if (path.filename().empty() || path.filename() == "." || path.filename() == "..")
        throw ConfigError(head + "needs a file name");
    if (::stat(path.c_str(), &st) == 0) return classify_existing(std::move(t), st, head);
    if (errno != ENOENT) throw ConfigError(head + std::strerror(errno));
    if (::lstat(path.c_str(), &st) == 0) // a link whose target is missing
        throw ConfigError(head + "is a symbolic link to a missing file; name the file itself");
    require_writable_directory(head, path);
    std::error_code ec;
    const auto dir = std::filesystem::canonical(directory_of(path), ec);
    t.identity = "new:" + (ec ? directory_of(path) : dir).string() + "/" + path.filename().string();
    return t;
}

// ------------------------------------------------------------------------------ OutputSet
struct OutputSet::Entry {
    OutputTarget target;
    bool staged = false;
    std::string bytes;       // a stream's content, written at commit()
    TemporaryFile temporary; // a regular output's staged content
    TemporaryFile previous;  // during commit(): the file it replaces, to put back on failure

    void write_stream() const;
    void stage_file(std::string_view content);
};

void OutputSet::Entry::write_stream() const {
    const auto& t = target;
    std::fflush(stdout); // after what the program printed before, if this is standard output
    int fd = STDOUT_FILENO;
    if (t.path != "-") {
        // O_APPEND: a descriptor path that is a redirected regular file keeps what the program
        // printed to it; devices and FIFOs ignore it. No O_CREAT, no O_TRUNC: never a new node.
        do
            fd = ::open(t.path.c_str(), O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC);
        while (fd < 0 && errno == EINTR);
        if (fd < 0) throw IoError(failure(t.option, t.path, "cannot open", errno));
    }
    int err = write_all(fd, bytes);
    if (fd != STDOUT_FILENO && ::close(fd) != 0 && err == 0) err = errno;
    if (err != 0) throw IoError(failure(t.option, t.path, "write failed", err));
}

void OutputSet::Entry::stage_file(std::string_view content) {
    const auto& t = target;
    remove_stale_temporaries(t.file);
    if (const int err = temporary.create(t.file); err != 0)
        throw IoError(failure(t.option, t.path, "cannot create a temporary file beside it", err));
    if (const int err = temporary.write(content); err != 0)
        throw IoError(failure(t.option, t.path, "write failed", err));
}

OutputSet::OutputSet() = default;
OutputSet::~OutputSet() = default; // each Entry's TemporaryFile removes itself

void OutputSet::add(const std::string& option, const std::filesystem::path& path) {
    OutputTarget t = classify_output(option, path);
    for (const auto& e : entries_) {
        if (e->target.option == option)
            throw ConfigError(option + ": given twice (" + e->target.path.string() + ", " +
                              path.string() + ")");
        if (e->target.identity == t.identity)
            throw ConfigError(option + " " + path.string() + ": the same file as " +
                              e->target.option + " " + e->target.path.string() +
                              "; give each output its own file");
    }
    auto entry = std::make_unique<Entry>();
    entry->target = std::move(t);
    entries_.push_back(std::move(entry));
}

bool OutputSet::has(const std::string& option) const {
    for (const auto& e : entries_)
        if (e->target.option == option) return true;
    return false;
}

OutputSet::Entry& OutputSet::find(const std::string& option) {
    for (auto& e : entries_)
        if (e->target.option == option) return *e;
    throw std::logic_error("OutputSet::stage: output " + option + " was not added");
}

void OutputSet::stage(const std::string& option, std::string bytes) {
    Entry& e = find(option);
    if (e.target.kind == OutputTarget::Kind::Stream)
        e.bytes = std::move(bytes);
    else
        e.stage_file(bytes);
    e.staged = true;
}

void OutputSet::commit() {
    for (const auto& e : entries_)
        if (e->staged && e->target.kind == OutputTarget::Kind::Stream) e->write_stream();
    std::vector<Entry*> files;
    for (const auto& e : entries_)
        if (e->staged && e->target.kind == OutputTarget::Kind::Replace) files.push_back(e.get());
    for (Entry* e : files) {
        const int err = e->previous.link_to_existing(e->target.file);
        if (err != 0 && err != ENOENT)
            throw IoError(
                failure(e->target.option, e->target.path, "cannot keep the old file", err));
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        const OutputTarget& t = files[i]->target;
        if (const int err = files[i]->temporary.rename_to(t.file); err != 0) {
            roll_back(std::span(files).first(i));
            throw IoError(failure(t.option, t.path, "rename failed", err));
        }
    }
    // Success: each Entry's `previous` link is removed with the set; the old files go with it.
}

void OutputSet::roll_back(std::span<Entry*> renamed) {
    for (Entry* e : renamed) {
        if (e->previous.empty())
            ::unlink(e->target.file.c_str()); // it was new: remove it again
        else
            e->previous.rename_to(e->target.file);
    }
}

void write_output_file(const std::filesystem::path& path, std::string_view bytes) {
    OutputSet set;
    set.add("", path);
    set.stage("", std::string(bytes));
    set.commit();
}

} // namespace ll
