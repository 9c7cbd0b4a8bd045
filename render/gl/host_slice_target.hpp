// The no-interop path: a slice in host memory reaches the R32F texture via glTexSubImage2D.
#pragma once
#include "slice_target.hpp"

namespace ll::render::gl {

class HostSliceTarget final : public SliceTarget {
public:
    HostSliceTarget() = default;
    ~HostSliceTarget() override;
    HostSliceTarget(const HostSliceTarget&) = delete;
    HostSliceTarget& operator=(const HostSliceTarget&) = delete;

    // Copies w x h floats (row 0 first, x fastest) into the texture, reallocating it when the
    // size changes. Needs the GL context current; restores the GL state it touches.
    void upload(const float* values, std::uint32_t w, std::uint32_t h);

    unsigned texture() const override { return texture_; }
    std::uint32_t width() const override { return width_; }
    std::uint32_t height() const override { return height_; }
    std::string_view path_name() const override { return "host copy (glTexSubImage2D)"; }

private:
    unsigned texture_ = 0;
    std::uint32_t width_ = 0, height_ = 0;
};

} // namespace ll::render::gl
