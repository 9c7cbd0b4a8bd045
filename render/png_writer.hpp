// PNG output through libpng's simplified API (no setjmp in our code). Files are written
// whole or not at all (solver/io/output_files.hpp).
#pragma once
#include "image.hpp"

#include <filesystem>
#include <string>

namespace ll::render {

// False when the build had no libpng (then encode_png throws).
bool png_available();

// The PNG bytes of an RGB image; throws std::runtime_error with libpng's message on failure.
std::string encode_png(const Image& img);

// encode_png() + write_output_file(); throws ll::IoError or std::runtime_error.
void write_png(const std::filesystem::path& path, const Image& img);

} // namespace ll::render
