// PNG output through libpng's simplified API (no setjmp in our code). Files are written
// atomically (solver/io/atomic_file.hpp).
#pragma once
#include "image.hpp"

#include <filesystem>
#include <string>

namespace ll::render {

// False when the build had no libpng (then encode_png throws).
bool png_available();

// The PNG bytes of an RGB image; throws std::runtime_error with libpng's message on failure.
std::string encode_png(const Image& img);

// encode_png() + write_file_atomic(); throws ll::IoError or std::runtime_error.
void write_png(const std::filesystem::path& path, const Image& img);

} // namespace ll::render
