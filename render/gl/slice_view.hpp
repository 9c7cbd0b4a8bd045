// Draws a scalar slice with a colour map: an R32F field texture (from a SliceTarget) and a
// 256-entry lookup texture, mapped by the fragment shader (shaders/slice.frag) over a
// (min, max) range, placed by a ViewTransform. Needs a GL 3.3 core context; init() and every
// call after it with that context current.
#pragma once
#include "host_slice_target.hpp"
#include "render/colormap.hpp"
#include "solver/field_types.hpp"
#include "view_transform.hpp"

#include <memory>
#include <string>

namespace ll::render::gl {

struct ValueRange {
    float min = 0, max = 1;
};

// Auto range over finite values (NaN marks solids): [0, max] for magnitudes, symmetric about
// zero for signed fields so white / the middle colour means zero, [min, max] otherwise.
enum class RangeMode : std::uint8_t { Magnitude, Signed, MinMax };
ValueRange auto_range(const float* values, std::size_t count, RangeMode mode);
// Density and temperature span [min, max]; signed fields (ll::field_is_signed) are symmetric
// about zero; magnitudes start at zero.
RangeMode range_mode_for(const FieldRequest& field, const Dims& dims);
// The same from the finite minimum and maximum already known (e.g. reduced on the GPU for an
// interop slice); lo > hi means there was no finite value.
ValueRange shaped_range(float lo, float hi, RangeMode mode);

class SliceView {
public:
    SliceView();
    ~SliceView();
    SliceView(const SliceView&) = delete;
    SliceView& operator=(const SliceView&) = delete;

    // Compiles the shaders and builds the lookup texture; false with `why` on failure.
    bool init(std::string& why);
    // Frees GL objects; call with the context current before it goes away.
    void release();

    // The no-interop path: host floats into the host target.
    void upload(const float* values, std::uint32_t w, std::uint32_t h);
    // Replaces the slice source (the interop target plugs in here); nullptr restores the host
    // target.
    void set_target(std::unique_ptr<SliceTarget> target);
    const SliceTarget& target() const;

    void set_colormap(ColorMap map);
    ColorMap colormap() const { return map_; }
    void set_range(ValueRange r) { range_ = r; }
    ValueRange range() const { return range_; }
    ViewTransform& view() { return view_; }
    const ViewTransform& view() const { return view_; }

    // Draws into the bound framebuffer. (fb_w, fb_h): its size in device pixels; dpr: device
    // pixels per logical pixel (the view transform works in logical pixels). Clears nothing.
    void draw(int fb_w, int fb_h, float dpr);

private:
    void upload_lut();

    std::unique_ptr<HostSliceTarget> host_;
    std::unique_ptr<SliceTarget> external_;
    ColorMap map_ = ColorMap::Viridis;
    bool lut_dirty_ = true;
    ValueRange range_;
    ViewTransform view_;
    unsigned program_ = 0, vertex_array_ = 0, lut_ = 0;
    int loc_rect_ = -1, loc_range_ = -1, loc_field_ = -1, loc_lut_ = -1, loc_no_data_ = -1;
};

} // namespace ll::render::gl
