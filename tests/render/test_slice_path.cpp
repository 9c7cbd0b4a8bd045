// Which path a slice takes to the GL texture, and that the fallback works. Runs everywhere:
// in CI (Mesa llvmpipe, no GPU) interop is unavailable and the host copy must be chosen with
// the reason; LATTICELAB_INTEROP=off must force the host copy even where interop works (the
// GPU machine), and the picture drawn through the forced fallback must be a real one.
#include "render/egl/headless_gl.hpp"
#include "render/gl/slice_view.hpp"
#include "render/interop/slice_path.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

namespace ll::render {
namespace {

struct EnvGuard {
    explicit EnvGuard(const char* value) { setenv("LATTICELAB_INTEROP", value, 1); }
    ~EnvGuard() { unsetenv("LATTICELAB_INTEROP"); }
};

// HeadlessGl::create also loads the GL entry points.
std::unique_ptr<egl::HeadlessGl> context_or_skip(std::string& why) {
    return egl::HeadlessGl::create(why);
}

TEST(SlicePath, EnvironmentVariableForcesTheHostCopy) {
    std::string why;
    auto context = context_or_skip(why);
    if (!context) GTEST_SKIP() << "no headless GL: " << why;
    for (const char* value : {"off", "0", "OFF", "no"}) {
        EnvGuard env(value);
        const interop::SlicePath p = interop::choose_slice_path(true, false);
        EXPECT_FALSE(p.interop()) << value;
        EXPECT_EQ(p.exchange, nullptr) << value;
        EXPECT_NE(p.note.find("host copy"), std::string::npos) << p.note;
        EXPECT_NE(p.note.find(std::string("LATTICELAB_INTEROP=") + value), std::string::npos)
            << p.note;
    }
    // Other values leave the choice to the hardware.
    EnvGuard env("on");
    const interop::SlicePath p = interop::choose_slice_path(true, false);
    EXPECT_EQ(p.note.find("LATTICELAB_INTEROP"), std::string::npos) << p.note;
}

TEST(SlicePath, CommandLineAndCpuBackEndTakeTheHostCopy) {
    std::string why;
    auto context = context_or_skip(why);
    if (!context) GTEST_SKIP() << "no headless GL: " << why;
    const interop::SlicePath forced = interop::choose_slice_path(true, true);
    EXPECT_FALSE(forced.interop());
    EXPECT_NE(forced.note.find("command line"), std::string::npos) << forced.note;
    const interop::SlicePath cpu = interop::choose_slice_path(false, false);
    EXPECT_FALSE(cpu.interop());
    EXPECT_NE(cpu.note.find("CPU back end"), std::string::npos) << cpu.note;
}

// Without a CUDA device (CI) the reason must say so; with one, interop must be chosen unless
// the GL context is elsewhere (Mesa), and the note must say why not.
TEST(SlicePath, AutomaticChoiceExplainsItself) {
    std::string why;
    auto context = context_or_skip(why);
    if (!context) GTEST_SKIP() << "no headless GL: " << why;
    const interop::SlicePath p = interop::choose_slice_path(true, false);
    std::printf("GL: %s\nslice path: %s\n", context->description().c_str(), p.note.c_str());
    if (p.interop()) {
        EXPECT_NE(p.note.find("interop"), std::string::npos);
        EXPECT_NE(p.exchange, nullptr);
    } else {
        EXPECT_NE(p.note.find("host copy ("), std::string::npos);
        EXPECT_GT(p.note.size(), std::string("host copy (glTexSubImage2D): ").size())
            << "the fallback must give its reason";
    }
}

// The forced fallback draws: a slice uploaded through the host copy shows up in the pixels.
TEST(SlicePath, ForcedFallbackDrawsThePicture) {
    std::string why;
    auto context = context_or_skip(why);
    if (!context) GTEST_SKIP() << "no headless GL: " << why;
    EnvGuard env("off");
    interop::SlicePath p = interop::choose_slice_path(true, false);
    ASSERT_FALSE(p.interop());
    gl::SliceView view;
    ASSERT_TRUE(view.init(why)) << why;
    std::vector<float> half(16 * 8, 0.0f);
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 8; x < 16; ++x)
            half[y * 16 + x] = 1.0f;
    view.upload(half.data(), 16, 8);
    view.set_range({0, 1});
    EXPECT_NE(std::string(view.target().path_name()).find("host copy"), std::string::npos);
    egl::OffscreenFramebuffer fb(32, 16);
    fb.bind();
    view.draw(32, 16, 1.0f);
    const Image img = fb.read();
    view.release();
    const Rgb lo = map_color(ColorMap::Viridis, 0.0f), hi = map_color(ColorMap::Viridis, 1.0f);
    EXPECT_NEAR(img.get(2, 8).g, lo.g, 4);
    EXPECT_NEAR(img.get(29, 8).g, hi.g, 4);
}

} // namespace
} // namespace ll::render
