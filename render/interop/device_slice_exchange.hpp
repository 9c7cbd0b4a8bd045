// The hand-off of slices from the solver thread to the render thread in device memory, so
// that with CUDA-GL interop a slice never passes through the host (GUIDE.md: "device buffers
// + CUDA events, not host memory"). Three buffers rotate: the newest published one, the one
// the renderer holds (its copy into the GL texture may still be in flight), and one the
// solver writes. Neither side waits on the other's work; the solver waits only for the
// renderer's small copy out of a buffer before it overwrites that buffer.
// No GL here: the solver side (app/live) uses this without a GL context.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace ll::render {

// One published slice in device memory: width x height floats, row 0 first, NaN = no data.
struct DeviceSlice {
    const float* values = nullptr;
    std::uint32_t width = 0, height = 0;
    std::uint64_t serial = 0;
    float lo = 0, hi = 0; // range of the finite values (lo > hi: none)
};

class DeviceSliceExchange {
public:
    // nullptr with `why` when CUDA is not compiled in or no device is usable.
    static std::unique_ptr<DeviceSliceExchange> create(std::string& why);
    virtual ~DeviceSliceExchange() = default;

    // ---- solver side ----
    // A device buffer of at least `count` floats that the renderer does not hold; the caller
    // fills it (e.g. Simulation::read_field into MemorySpace::Device), with that work complete
    // (synchronised) before publish().
    virtual float* begin_write(std::size_t count) = 0;
    // Publishes the buffer from begin_write(): computes the finite range on the device.
    virtual void publish(std::uint32_t width, std::uint32_t height, std::uint64_t serial) = 0;

    // ---- render side ----
    // The newest slice if it is newer than the one held; it is held until the next acquire().
    virtual std::optional<DeviceSlice> acquire() = 0;
    // The slice held now (values == nullptr before the first acquire()).
    virtual DeviceSlice held() const = 0;
    // The render stream (a cudaStream_t, opaque here): copies out of the held slice go on it,
    // then copied() records that they are queued so the solver can wait for them.
    virtual void* render_stream() = 0;
    virtual void copied() = 0;
    // One value of the held slice (hover readout); NaN when out of range or none held.
    virtual float value_at(std::uint32_t x, std::uint32_t y) = 0;
};

} // namespace ll::render
