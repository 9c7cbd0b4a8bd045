// Whole-file-or-nothing output. Every file LatticeLab writes (VTK, JSON, PNG, Markdown, CSV)
// goes through here, so an interrupted or failed run never leaves a truncated file behind and
// never touches an existing target unless the new content is complete on disk.
#pragma once
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ll {

// An output file could not be written (disk full, permissions, missing directory).
struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Writes `bytes` to a temporary file in the target's directory, flushes and fsyncs it, then
// renames it over `path` (atomic on POSIX). On any failure the temporary is removed, the
// target is left as it was, and IoError names the path and the reason.
void write_file_atomic(const std::filesystem::path& path, std::string_view bytes);

// Checks, before any work is done, that `path` could be written: its directory exists and is
// writable and the path is not a directory. Returns an empty string or a message for the user
// naming `option` (e.g. "--vtk out/a.vti: directory 'out' does not exist").
std::string output_path_problem(const std::string& option, const std::filesystem::path& path);

} // namespace ll
