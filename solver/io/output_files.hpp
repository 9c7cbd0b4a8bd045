// Every file LatticeLab writes (VTK, JSON, PNG, Markdown, CSV, saved scenarios) goes through
// here. Three promises:
//   - only a regular file (or a path that does not exist yet) is replaced, and only whole: the
//     bytes go to a temporary beside it, are synced, then renamed over it;
//   - a character device, a FIFO, a descriptor of this process (/dev/stdout, /dev/fd/N) or "-"
//     (standard output) is written straight through: `--json -` prints, /dev/null discards, and
//     the node itself is never replaced;
//   - anything else (a directory, a socket, a block device, a dangling link) is refused before
//     any work is done, naming the option and the path.
// An OutputSet writes several outputs all or none: every regular output is staged as its
// temporary first; only when all are staged are the streams written and the temporaries
// renamed. Temporaries are registered so that a signal handler can remove them
// (remove_registered_temporaries), and a temporary left by a killed run is removed the next time
// that output is written.
#pragma once
#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// An output could not be written (disk full, permissions, a vanished directory): exit 1.
struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a path is as an output, decided before any work is done.
struct OutputTarget {
    enum class Kind {
        Replace, // a regular file or a new one: temporary + rename at `file`
        Stream,  // a character device, a FIFO, a descriptor or "-": written straight through
    };
    std::string option;         // "--json": names the output in messages
    std::filesystem::path path; // as the user gave it
    std::filesystem::path file; // Replace: the file renamed over (symlinks followed)
    Kind kind = Kind::Replace;
    std::string identity; // equal for two paths that name one file
};

// The target of `path`, or ConfigError naming `option` and the path: an empty path, a
// directory, a socket, a block device, a dangling symbolic link, a missing or read-only
// directory.
OutputTarget classify_output(const std::string& option, const std::filesystem::path& path);

// Outputs written together, all or none. Usage: add() each output before the work (bad paths
// and two options naming one file are refused then), stage() each one's bytes after it, then
// commit(). Destroying the set without commit() removes every temporary.
class OutputSet {
public:
    OutputSet();
    ~OutputSet();
    OutputSet(const OutputSet&) = delete;
    OutputSet& operator=(const OutputSet&) = delete;

    // ConfigError for a bad path or a second output on the same file.
    void add(const std::string& option, const std::filesystem::path& path);
    bool has(const std::string& option) const;
    // Regular outputs: written to their temporary now (IoError on failure); streams: kept
    // until commit(). `option` must have been added.
    void stage(const std::string& option, std::string bytes);
    // Streams first (they cannot be taken back), then every rename; a failed rename puts back
    // the files already replaced. IoError names the output that failed. Outputs not staged
    // are left alone.
    void commit();

private:
    struct Entry;
    std::vector<std::unique_ptr<Entry>> entries_;
    Entry& find(const std::string& option);
    void roll_back(std::span<Entry*> renamed); // puts the old files back after a failed rename
};

// One output, whole or not at all: classify_output + OutputSet (ConfigError for a path that
// cannot be an output, IoError for a failed write).
void write_output_file(const std::filesystem::path& path, std::string_view bytes);

// For signal handlers (async-signal-safe): unlinks every temporary created and not yet renamed.
void remove_registered_temporaries() noexcept;

} // namespace ll
