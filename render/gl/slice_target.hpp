// The seam between "where slice values come from" and the renderer. A slice target owns the
// R32F texture the slice view samples. Two implementations are planned:
//   HostSliceTarget   (host_slice_target.hpp) host floats -> glTexSubImage2D. The fallback for
//                     Mesa, hybrid laptops, WSL2 and the CPU back end; the only one so far.
//   interop target    (later) registers the same kind of texture with CUDA once, and the solver
//                     writes the slice into it through map / surf2Dwrite / unmap, no host copy.
// GL handle types are spelled `unsigned` so this header pulls in no GL headers.
#pragma once
#include <cstdint>
#include <string_view>

namespace ll::render::gl {

class SliceTarget {
public:
    virtual ~SliceTarget() = default;
    // The R32F texture holding the current slice (0 before the first slice arrives).
    virtual unsigned texture() const = 0;
    virtual std::uint32_t width() const = 0;
    virtual std::uint32_t height() const = 0;
    // Shown in the UI so the user knows which path is active.
    virtual std::string_view path_name() const = 0;
};

} // namespace ll::render::gl
