// Transitional: the old names of output_files.hpp, kept only until every caller moves over.
#pragma once
#include "output_files.hpp"

namespace ll {

inline void write_file_atomic(const std::filesystem::path& path, std::string_view bytes) {
    write_output_file(path, bytes);
}

// "" or the message of classify_output()'s ConfigError.
std::string output_path_problem(const std::string& option, const std::filesystem::path& path);

} // namespace ll
