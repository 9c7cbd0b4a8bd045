// The GPU side of a region put together from tiles (region_pieces.hpp): each tile's engine reads
// its part into a buffer on its own GPU, and a 3-D copy places the owned box into the caller's
// device buffer, device to device or GPU to GPU (peer). Nothing passes through host memory, and
// no whole-lattice engine is built; a slice's vorticity is differenced there too.
#pragma once
#include "region_pieces.hpp"
#include "slice_vorticity.hpp"
#include "solver/engine/engine.hpp"

#include <memory>

namespace ll {

class DevicePieces {
public:
    virtual ~DevicePieces() = default;
    // A buffer of at least `count` floats on the GPU of tile `tile`'s `engine` (a CUDA engine),
    // kept for the next calls: the target of the tile's own read_field.
    virtual float* buffer(int tile, Engine& engine, std::size_t count) = 0;
    // Queues the copy of `c` from tile `tile`'s buffer into `target` (device memory of any GPU)
    // on the tile's stream, after its read.
    virtual void place(int tile, const PieceCopy& c, float* target) = 0;
    // Waits for every queued copy: `target` is complete when this returns.
    virtual void finish() = 0;

    // Buffer `slot` of at least `count` floats on the GPU that holds `near` (device memory),
    // kept for the next calls: where the planes of a slice's vorticity are put together.
    virtual float* buffer_beside(int slot, const float* near, std::size_t count) = 0;
    // The vorticity of `planes` (buffers beside `out`) into `out`, on out's GPU; complete when
    // this returns.
    virtual void vorticity(const VelocityPlanes& planes, float* out) = 0;
};

// nullptr without CUDA (cuda_unavailable.cpp): tiles on the CPU read into host memory.
std::unique_ptr<DevicePieces> make_device_pieces();

} // namespace ll
