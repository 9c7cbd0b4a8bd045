// The interop slice path: an R32F GL texture registered with CUDA once; each new slice is
// copied device-to-array into it through map / copy / unmap on the exchange's render stream,
// with no host round trip. create() decides whether interop works here and otherwise says why,
// so the caller falls back to gl::HostSliceTarget (the pinned/host copy path).
#pragma once
#include "device_slice_exchange.hpp"
#include "render/gl/slice_target.hpp"

#include <memory>
#include <string>

namespace ll::render::interop {

// Set LATTICELAB_INTEROP=off (or 0/no/false) to force the host-copy fallback, e.g. to compare
// the two paths or to work around a driver problem. Returns the reason when forced off.
bool interop_forced_off(std::string& why);

class CudaGlSliceTarget final : public gl::SliceTarget {
public:
    // Needs the GL context current. nullptr with `why` when interop cannot work: CUDA not
    // compiled in, forced off, no CUDA device, GL on another GPU (hybrid laptops), Mesa or no
    // NVIDIA GL (CI), or a registration error (WSL2).
    static std::unique_ptr<CudaGlSliceTarget> create(DeviceSliceExchange& exchange,
                                                     std::string& why);
    ~CudaGlSliceTarget() override;
    CudaGlSliceTarget(const CudaGlSliceTarget&) = delete;
    CudaGlSliceTarget& operator=(const CudaGlSliceTarget&) = delete;

    // Takes the exchange's newest slice into the texture if there is one; false when nothing
    // new was published. GL context current; the GL state it touches is restored.
    bool update();
    // The slice last taken (its finite range gives the colour scale's auto range).
    const DeviceSlice& slice() const { return slice_; }

    unsigned texture() const override { return texture_; }
    std::uint32_t width() const override { return width_; }
    std::uint32_t height() const override { return height_; }
    std::string_view path_name() const override {
        return "CUDA-GL interop (device copy into the texture, no host round trip)";
    }

private:
    explicit CudaGlSliceTarget(DeviceSliceExchange& exchange) : exchange_(exchange) {}
    // (Re)creates and registers the texture for a w x h slice; throws on a CUDA error.
    void allocate(std::uint32_t w, std::uint32_t h);
    void free_texture();

    DeviceSliceExchange& exchange_;
    unsigned texture_ = 0;
    void* resource_ = nullptr; // cudaGraphicsResource_t, opaque so this header has no CUDA
    std::uint32_t width_ = 0, height_ = 0;
    DeviceSlice slice_;
};

} // namespace ll::render::interop
