// Filling and handing over the solver thread's snapshots (see snapshot_publisher.hpp).
#include "snapshot_publisher.hpp"

#include <algorithm>
#include <utility>

namespace ll::gui {

namespace {
// The slice actually shown: 2D lattices have only z = 0; an index outside the lattice (or -1)
// is clamped to it, -1 meaning the middle.
FieldRegion shown_slice(const Dims& d, Axis axis, int index) {
    if (d.nz == 1) return FieldRegion{false, Axis::Z, 0};
    const int count = int(slice_count(d, axis));
    const int i = index < 0 ? count / 2 : std::min(index, count - 1);
    return FieldRegion{false, axis, std::uint32_t(i)};
}

// A field this model lacks (temperature after a switch to an isothermal preset, or chosen just
// before the thermal run starts) falls back to the speed: a publication must never throw on
// the solver thread.
FieldKind shown_field(const Simulation& sim, FieldKind field) {
    if (field == FieldKind::Temperature && !sim.has_temperature()) return FieldKind::Speed;
    if (field == FieldKind::Uz && sim.setup().dims.nz == 1) return FieldKind::Speed;
    return field;
}
} // namespace

SolverSnapshot& SnapshotPublisher::fill(Simulation& sim, const SliceChoice& shown) {
    read_slice(sim, shown);
    copy_state(sim);
    return back_;
}

void SnapshotPublisher::read_slice(Simulation& sim, const SliceChoice& shown) {
    const Dims d = sim.setup().dims;
    const FieldRegion region = shown_slice(d, shown.axis, shown.index);
    const FieldKind field = shown_field(sim, shown.field);
    const SliceExtent e = slice_extent(d, region.axis);
    // Walls come back as NaN, which the renderer draws in its no-data colour.
    const FieldRequest request{field, -1, true};
    back_.on_device = shown.exchange && sim.on_gpu();
    if (back_.on_device) {
        // Device to device: read_field synchronises the solver's stream before publish().
        float* target = shown.exchange->begin_write(region_size(d, region));
        sim.read_field(request, region, target, MemorySpace::Device);
        shown.exchange->publish(e.width, e.height, serial_ + 1);
        back_.slice.clear();
    } else {
        back_.slice.resize(region_size(d, region));
        sim.read_field(request, region, back_.slice.data(), MemorySpace::Host);
    }
    back_.cuts = slice_cuts(sim.setup().tiles, d, region);
    back_.slice_axis = region.axis;
    back_.slice_index = region.index;
    back_.width = e.width;
    back_.height = e.height;
    back_.field = field;
}

void SnapshotPublisher::copy_state(const Simulation& sim) {
    back_.has_temperature = sim.has_temperature();
    back_.step = sim.time_step();
    back_.mlups = sim.performance().mlups;
    back_.perf = sim.performance();
    back_.tiles = sim.setup().tiles;
    back_.devices = sim.setup().devices;
    back_.device_perf = device_performance(sim.setup(), back_.perf);
    back_.bytes_per_node = bytes_per_node_update(sim.setup());
    back_.report = sim.launch_report();
    back_.register_caps = sim.register_caps();
    back_.model = sim.setup().model;
    back_.launch = sim.setup().launch;
    back_.tau = sim.setup().flow.tau;
    back_.keys = sim.setup().keys;
    back_.dims = sim.setup().dims;
    back_.scenario = sim.setup().scenario;
    back_.device = sim.device().device;
    back_.backend = sim.device().backend;
    back_.backend_note = sim.backend_note();
}

void SnapshotPublisher::publish() {
    std::lock_guard lock(mutex_);
    back_.serial = ++serial_;
    std::swap(back_, ready_);
}

bool SnapshotPublisher::take_latest(SolverSnapshot& out) {
    std::lock_guard lock(mutex_);
    if (ready_.serial <= out.serial) return false;
    std::swap(out, ready_);
    return true;
}

} // namespace ll::gui
