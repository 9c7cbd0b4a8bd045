#include "png_writer.hpp"

#include "solver/io/output_files.hpp"

#include <stdexcept>
#if LATTICELAB_HAS_PNG
#include <png.h>
#endif

namespace ll::render {

#if LATTICELAB_HAS_PNG
bool png_available() {
    return true;
}

std::string encode_png(const Image& img) {
    if (img.width <= 0 || img.height <= 0) throw std::runtime_error("PNG: empty image");
    png_image desc{};
    desc.version = PNG_IMAGE_VERSION;
    desc.width = png_uint_32(img.width);
    desc.height = png_uint_32(img.height);
    desc.format = PNG_FORMAT_RGB;
    const png_int_32 stride = png_int_32(img.width) * 3;
    // First call sizes the buffer, second fills it (libpng's documented two-pass use).
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&desc, nullptr, &size, 0, img.rgb.data(), stride, nullptr))
        throw std::runtime_error(std::string("PNG encoding failed: ") + desc.message);
    std::string out(size, '\0');
    if (!png_image_write_to_memory(&desc, out.data(), &size, 0, img.rgb.data(), stride, nullptr))
        throw std::runtime_error(std::string("PNG encoding failed: ") + desc.message);
    out.resize(size);
    png_image_free(&desc);
    return out;
}

#else
bool png_available() {
    return false;
}

std::string encode_png(const Image&) {
    throw std::runtime_error("PNG output: this build has no libpng (install libpng-dev)");
}
#endif

void write_png(const std::filesystem::path& path, const Image& img) {
    write_output_file(path, encode_png(img));
}

} // namespace ll::render
