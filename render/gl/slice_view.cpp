// [SECTION] auto range
// [SECTION] SliceView
#include "slice_view.hpp"

#include "gl_state.hpp"
#include "latticelab_shaders.hpp"
#include "shader_program.hpp"
#include "solver/io/fields.hpp"

#include <GL/glew.h>

#include <cmath>
#include <vector>

namespace ll::render::gl {

// ---- [SECTION] auto range ----------------------------------------------------------------

ValueRange auto_range(const float* values, std::size_t count, RangeMode mode) {
    float lo = INFINITY, hi = -INFINITY;
    for (std::size_t k = 0; k < count; ++k) {
        const float v = values[k];
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    return shaped_range(lo, hi, mode);
}

RangeMode range_mode_for(const FieldRequest& field, const Dims& dims) {
    // Density and temperature vary about a mean, not about zero.
    if (field.kind == FieldKind::Density || field.kind == FieldKind::Temperature)
        return RangeMode::MinMax;
    return field_is_signed(field, dims) ? RangeMode::Signed : RangeMode::Magnitude;
}

ValueRange shaped_range(float lo, float hi, RangeMode mode) {
    if (!(lo <= hi)) return {0, 1}; // nothing finite: any range will do
    if (mode == RangeMode::Magnitude) lo = 0;
    if (mode == RangeMode::Signed) {
        const float m = std::max(std::abs(lo), std::abs(hi));
        lo = -m;
        hi = m;
    }
    // A uniform field (e.g. at start-up) would divide by zero in the shader's mapping.
    if (hi - lo < 1e-12f) {
        lo -= 0.5e-6f;
        hi += 0.5e-6f;
    }
    return {lo, hi};
}

// ---- [SECTION] SliceView -----------------------------------------------------------------

SliceView::SliceView() : host_(std::make_unique<HostSliceTarget>()) {}
SliceView::~SliceView() = default;

bool SliceView::init(std::string& why) {
    StateGuard guard;
    program_ = link_program("slice", shaders::slice_vert, shaders::slice_frag, why);
    if (program_ == 0) return false;
    loc_rect_ = glGetUniformLocation(program_, "u_rect");
    loc_range_ = glGetUniformLocation(program_, "u_range");
    loc_no_data_ = glGetUniformLocation(program_, "u_no_data");
    loc_field_ = glGetUniformLocation(program_, "u_field");
    loc_lut_ = glGetUniformLocation(program_, "u_lut");
    // Core profiles draw nothing without a bound vertex array, even one with no attributes.
    glGenVertexArrays(1, &vertex_array_);
    glGenTextures(1, &lut_);
    lut_dirty_ = true;
    upload_lut();
    return glGetError() == GL_NO_ERROR || (why = "GL error while creating the slice view", false);
}

void SliceView::release() {
    host_ = std::make_unique<HostSliceTarget>(); // the old one deletes its texture now
    external_.reset();
    if (lut_ != 0) glDeleteTextures(1, &lut_);
    if (vertex_array_ != 0) glDeleteVertexArrays(1, &vertex_array_);
    if (program_ != 0) glDeleteProgram(program_);
    lut_ = vertex_array_ = program_ = 0;
}

void SliceView::upload(const float* values, std::uint32_t w, std::uint32_t h) {
    host_->upload(values, w, h);
}

void SliceView::set_target(std::unique_ptr<SliceTarget> target) {
    external_ = std::move(target);
}

const SliceTarget& SliceView::target() const {
    if (external_) return *external_;
    return *host_;
}

void SliceView::set_colormap(ColorMap map) {
    if (map == map_) return;
    map_ = map;
    lut_dirty_ = true;
}

void SliceView::upload_lut() {
    if (!lut_dirty_ || lut_ == 0) return;
    const ColorTable& table = color_table(map_);
    std::vector<std::uint8_t> rgba(256 * 4);
    for (std::size_t k = 0; k < 256; ++k) {
        rgba[4 * k] = table[k].r;
        rgba[4 * k + 1] = table[k].g;
        rgba[4 * k + 2] = table[k].b;
        rgba[4 * k + 3] = 255;
    }
    StateGuard guard;
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, lut_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 256, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    // Linear between entries: the shader samples texel centres, so the ends stay exact.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    lut_dirty_ = false;
}

void SliceView::draw(int fb_w, int fb_h, float dpr) {
    const SliceTarget& src = target();
    if (program_ == 0 || src.texture() == 0 || fb_w <= 0 || fb_h <= 0) return;
    upload_lut();
    const float vw = float(fb_w) / dpr, vh = float(fb_h) / dpr;
    const PixelRect r = view_.slice_rect(vw, vh, src.width(), src.height());
    // Logical pixels (y down) to normalised device coordinates (y up).
    const float x0 = 2 * r.x / vw - 1, x1 = 2 * (r.x + r.w) / vw - 1;
    const float y0 = 1 - 2 * (r.y + r.h) / vh, y1 = 1 - 2 * r.y / vh;

    StateGuard guard;
    glViewport(0, 0, fb_w, fb_h);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glUseProgram(program_);
    glBindVertexArray(vertex_array_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src.texture());
    glBindSampler(0, 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, lut_);
    glBindSampler(1, 0);
    glUniform4f(loc_rect_, x0, y0, x1, y1);
    glUniform2f(loc_range_, range_.min, range_.max);
    glUniform3f(loc_no_data_, kNoDataColor.r / 255.0f, kNoDataColor.g / 255.0f,
                kNoDataColor.b / 255.0f);
    glUniform1i(loc_field_, 0);
    glUniform1i(loc_lut_, 1);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

} // namespace ll::render::gl
