// An OpenGL context with no window system: EGL's device platform (one EGLDevice per GPU, or
// Mesa's software device), no surface. This is what lets render/ draw on the GPU machine and
// in CI without Qt or X. The context is current on the creating thread while the object lives.
#pragma once
#include "render/image.hpp"

#include <memory>
#include <string>

namespace ll::render::egl {

class HeadlessGl {
public:
    // nullptr with `why` when no EGL device or no GL 3.3+ core context can be had.
    static std::unique_ptr<HeadlessGl> create(std::string& why);
    ~HeadlessGl();
    HeadlessGl(const HeadlessGl&) = delete;
    HeadlessGl& operator=(const HeadlessGl&) = delete;

    // "EGL 1.5 Mesa Project, GL 4.5 (Core Profile) Mesa 22.3.6 / llvmpipe"
    const std::string& description() const { return description_; }

private:
    HeadlessGl() = default;
    void* display_ = nullptr; // EGLDisplay, kept opaque so EGL headers stay in the .cpp
    void* context_ = nullptr; // EGLContext
    std::string description_;
};

// An RGBA8 framebuffer object to draw into; read() returns the picture top row first.
// Needs a current context with GL entry points loaded (gl::init_gl_loader).
class OffscreenFramebuffer {
public:
    OffscreenFramebuffer(int width, int height);
    ~OffscreenFramebuffer();
    OffscreenFramebuffer(const OffscreenFramebuffer&) = delete;
    OffscreenFramebuffer& operator=(const OffscreenFramebuffer&) = delete;
    // Binds it and sets the viewport to cover it.
    void bind();
    Image read() const;
    int width() const { return width_; }
    int height() const { return height_; }

private:
    int width_, height_;
    unsigned fbo_ = 0, color_ = 0;
};

} // namespace ll::render::egl
