// The hand-over of SolverSnapshots from the solver thread to the GUI: a double buffer. The
// solver thread fills the back buffer (the slice it reads from the Simulation, into host memory
// or into the device exchange, and the Simulation's state), the other parts of the thread add
// their readings, and publish() swaps it with the ready one under a mutex. The GUI swaps the
// ready one out (take_latest): no copy, and neither side ever waits on the other's work.
#pragma once
#include "render/interop/device_slice_exchange.hpp"
#include "solver_snapshot.hpp"

#include <cstdint>
#include <memory>
#include <mutex>

namespace ll::gui {

// Which slice the GUI wants and where it goes: the field, the plane of a 3D lattice (normal to
// `axis` at `index`; -1 the middle) and, with interop, the device exchange instead of host
// memory.
struct SliceChoice {
    FieldKind field = FieldKind::Speed;
    Axis axis = Axis::Y; // 3D: the xz mid-plane, as `latticelab run --png` shows
    int index = -1;
    std::shared_ptr<render::DeviceSliceExchange> exchange;
};

class SnapshotPublisher {
public:
    // Solver thread, with the Simulation to itself: reads the slice `shown` asks for and copies
    // the Simulation's state into the back buffer, which it returns for the other readings.
    SolverSnapshot& fill(Simulation& sim, const SliceChoice& shown);
    // Solver thread: numbers the back buffer and makes it the ready one.
    void publish();
    // Any thread: swaps the newest publication into `out` when there is one newer than
    // out.serial.
    bool take_latest(SolverSnapshot& out);

private:
    void read_slice(Simulation& sim, const SliceChoice& shown);
    void copy_state(const Simulation& sim);

    std::mutex mutex_;     // guards ready_ and the swap of back_ with it
    SolverSnapshot ready_; // the newest publication, swapped out by take_latest()
    SolverSnapshot back_;  // the solver thread's buffer being filled
    std::uint64_t serial_ = 0;
};

} // namespace ll::gui
