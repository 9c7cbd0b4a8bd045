// CUDA-GL interop on the GPU machine (headless EGL on the NVIDIA driver): a slice written in
// device memory must reach the GL texture and be drawn exactly as the host-copy path draws
// the same values; the solver thread's device publications must carry the same values as its
// host publications of the same state. Skips (visibly) without a CUDA device.
#include "app/live/solver_thread.hpp"
#include "render/egl/headless_gl.hpp"
#include "render/gl/slice_view.hpp"
#include "render/interop/slice_path.hpp"
#include "render/png_writer.hpp"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>
#include <vector>

namespace ll::render {
namespace {

struct Gpu {
    std::unique_ptr<egl::HeadlessGl> context;
    interop::SlicePath path;
};

// Skips without a CUDA device; fails when a device is there but interop is not, since the
// GPU machine's EGL context runs on that device.
Gpu gpu_or_skip() {
    Gpu g;
    std::string why;
    if (!cuda_device_present(why)) return g;
    g.context = egl::HeadlessGl::create(why);
    EXPECT_NE(g.context, nullptr) << "no headless GL on the GPU machine: " << why;
    if (!g.context) return g;
    g.path = interop::choose_slice_path(true, false);
    std::printf("GL: %s\nslice path: %s\n", g.context->description().c_str(), g.path.note.c_str());
    EXPECT_TRUE(g.path.interop()) << g.path.note;
    return g;
}

Image draw(gl::SliceView& view, int w, int h) {
    egl::OffscreenFramebuffer fb(w, h);
    fb.bind();
    view.draw(w, h, 1.0f);
    return fb.read();
}

TEST(GpuInterop, DeviceSliceDrawsExactlyAsTheHostCopy) {
    std::string why;
    if (!cuda_device_present(why)) GTEST_SKIP() << "no CUDA device: " << why;
    Gpu g = gpu_or_skip();
    if (!g.path.interop()) return;
    // An odd-sized slice (no alignment luck) with a swirl and NaN holes (walls).
    const std::uint32_t w = 37, h = 23;
    std::vector<float> v(w * h);
    float lo = INFINITY, hi = -INFINITY;
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
            float& f = v[y * w + x];
            f = std::sin(0.3f * float(x)) * std::cos(0.2f * float(y)) + 0.01f * float(x);
            if ((x - 18) * (x - 18) + (y - 11) * (y - 11) < 16) f = NAN;
            if (std::isfinite(f)) lo = std::min(lo, f), hi = std::max(hi, f);
        }
    DeviceSliceExchange& ex = *g.path.exchange;
    float* target = ex.begin_write(v.size());
    ASSERT_EQ(cudaMemcpy(target, v.data(), v.size() * sizeof(float), cudaMemcpyHostToDevice),
              cudaSuccess);
    ex.publish(w, h, 1);
    interop::CudaGlSliceTarget* t = g.path.target.get();
    ASSERT_TRUE(t->update());
    EXPECT_FALSE(t->update()) << "nothing new was published";
    EXPECT_EQ(t->width(), w);
    EXPECT_EQ(t->height(), h);
    EXPECT_EQ(t->slice().lo, lo) << "range reduced on the GPU";
    EXPECT_EQ(t->slice().hi, hi);
    EXPECT_EQ(ex.value_at(5, 7), v[7 * w + 5]) << "hover readout from the held slice";
    EXPECT_TRUE(std::isnan(ex.value_at(18, 11)));
    EXPECT_TRUE(std::isnan(ex.value_at(w, 0))) << "outside the slice";

    gl::SliceView via_interop, via_host;
    ASSERT_TRUE(via_interop.init(why)) << why;
    ASSERT_TRUE(via_host.init(why)) << why;
    for (gl::SliceView* view : {&via_interop, &via_host}) {
        view->set_colormap(ColorMap::BlueWhiteRed);
        view->set_range(gl::shaped_range(lo, hi, gl::RangeMode::Signed));
    }
    via_interop.set_target(std::move(g.path.target));
    via_host.upload(v.data(), w, h);
    const Image a = draw(via_interop, 4 * w, 4 * h), b = draw(via_host, 4 * w, 4 * h);
    write_png(std::string(LATTICELAB_RENDER_OUTPUT) + "/interop_slice.png", a);
    int differing = 0;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            const Rgb p = a.get(x, y), q = b.get(x, y);
            differing += p.r != q.r || p.g != q.g || p.b != q.b;
        }
    EXPECT_EQ(differing, 0) << "interop and host-copy pictures differ";
    const Rgb hole = a.get(4 * 18 + 2, 4 * (h - 1 - 11) + 2);
    EXPECT_EQ(hole.r, kNoDataColor.r) << "NaN (wall) drawn in the no-data colour";
    via_interop.release();
    via_host.release();
}

// The solver thread on a GPU lattice, paused so the state stands still: its device
// publication (through the exchange) and its host publication must hold the same slice.
TEST(GpuInterop, SolverThreadDevicePublicationMatchesHostPublication) {
    std::string why;
    if (!cuda_device_present(why)) GTEST_SKIP() << "no CUDA device: " << why;
    Gpu g = gpu_or_skip();
    if (!g.path.interop()) return;
    gui::SolverThread solver(gui::SolverStart{"cavity3d", {{"size", "30"}}, BackendKind::Cuda});
    solver.set_paused(true);
    solver.set_slice(Axis::Y, 11);
    gui::SolverSnapshot snap;
    const auto wait_for = [&](bool on_device) {
        const auto t0 = std::chrono::steady_clock::now();
        while (std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20)) {
            if (solver.take_latest(snap) && snap.on_device == on_device && snap.slice_index == 11)
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return false;
    };
    solver.step_once(); // a flow that is not at rest
    ASSERT_TRUE(wait_for(false));
    solver.set_device_exchange(g.path.exchange);
    ASSERT_TRUE(wait_for(true)) << "no device publication";
    EXPECT_TRUE(snap.slice.empty());
    ASSERT_TRUE(g.path.target->update());
    const std::uint32_t w = g.path.target->width(), h = g.path.target->height();
    std::vector<float> device(w * h);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x)
            device[y * w + x] = g.path.exchange->value_at(x, y);

    solver.set_device_exchange(nullptr);
    ASSERT_TRUE(wait_for(false));
    ASSERT_EQ(snap.width, w);
    ASSERT_EQ(snap.height, h);
    int walls = 0, moving = 0;
    for (std::size_t k = 0; k < device.size(); ++k) {
        if (std::isnan(snap.slice[k])) {
            EXPECT_TRUE(std::isnan(device[k])) << k;
            ++walls;
            continue;
        }
        EXPECT_EQ(device[k], snap.slice[k]) << k;
        moving += snap.slice[k] > 0;
    }
    EXPECT_GT(walls, 0) << "the cavity's walls are masked on both paths";
    EXPECT_GT(moving, 0) << "the lid moves the fluid next to it";
}

} // namespace
} // namespace ll::render
