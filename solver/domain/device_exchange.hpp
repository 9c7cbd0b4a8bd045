// The halo exchange of tiles on the GPUs of one process in one copy kernel per step and
// receiving GPU (seed 004's exchange, Calore et al. 2016, without a host round trip): every
// crossing population is copied from the sending tile's buffer (on its GPU, read by peer access
// over NVLink or PCIe) to the receiving tile's, in the order the engines' streams give: the
// copies wait for every tile's step, or only its border (mark_ready), by CUDA events, and
// every tile's next step waits for the copies into it. Nothing waits on the host.
//
// Border first (seed 004's overlap): the copies read only what border nodes wrote and write
// only slots that no node of a tile updates in this step, so they may run while the tiles'
// interiors update. (A run of a whole sector, sector_copies.hpp, also reads the values beside
// the ones it names, which an interior may be writing; they land only in spare slots.) The copies'
// streams have the highest priority, so their blocks start as soon as the interior's leave room.
// Only node-update tiles split their steps: a planned model's passes may write the copies'
// slots too. D2Q37's fold (Calore et al. 2016's periodic step) writes stale values next to a y
// cut into slots the copy then fills, so its copies must follow the whole step: such tiles do not
// split (Engine::splits_steps), and a copy that landed before the fold was overwritten by it
// (docs/PERFORMANCE.md, session 19).
#pragma once
#include "solver/engine/engine.hpp"
#include "step_timeline.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace ll {

// One population to copy: element `from` of set `set` of tile `from_tile` to element `to` of
// the same set of tile `to_tile`, in a step of parity `parity`.
struct HaloCopy {
    int from_tile, to_tile, set, parity;
    std::uint64_t from, to;
};

// The copies of an exchange: runs of `width` elements (whole sectors, domain/sector_copies.hpp),
// each named by its first element in both tiles, and single elements.
struct HaloCopies {
    std::vector<HaloCopy> runs, elements;
    std::uint32_t width = 1;
};

class DeviceExchange {
public:
    virtual ~DeviceExchange() = default;
    // The halos of this step are ready where the tiles' streams now are (their borders are
    // queued, their interiors not yet): the next run() waits only for that.
    virtual void mark_ready(const std::vector<Engine*>& tiles) = 0;
    // Queues the copies of `parity` after the tiles' queued steps, or after the point
    // mark_ready() recorded. With a clock, its copy kernels are marked as spans.
    virtual void run(const std::vector<Engine*>& tiles, int parity,
                     StreamClock* clock = nullptr) = 0;
    // The GPUs the tiles are on.
    virtual int devices() const = 0;
};

// nullptr when it cannot serve (no CUDA, elements too many for its indices, tiles on
// different devices): the caller then exchanges through pack() and unpack().
std::unique_ptr<DeviceExchange> make_device_exchange(const std::vector<Engine*>& tiles,
                                                     const HaloCopies& copies,
                                                     std::size_t element_bytes);

} // namespace ll
