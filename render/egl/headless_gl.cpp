#include "headless_gl.hpp"

#include "render/gl/gl_loader.hpp"

#include <GL/glew.h>
// GLEW first: it must precede any other GL header.
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <stdexcept>

namespace ll::render::egl {
namespace {

std::string egl_error_text(EGLint e) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "EGL error 0x%04x", unsigned(e));
    return buf;
}

template <class Fn>
Fn egl_function(const char* name) {
    return reinterpret_cast<Fn>(eglGetProcAddress(name));
}

} // namespace

std::unique_ptr<HeadlessGl> HeadlessGl::create(std::string& why) {
    const auto query_devices = egl_function<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
    const auto platform_display =
        egl_function<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
    if (!query_devices || !platform_display) {
        why = "EGL has no device platform (EGL_EXT_device_enumeration / platform_device)";
        return nullptr;
    }
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (!query_devices(16, devices, &count) || count == 0) {
        why = "EGL found no device";
        return nullptr;
    }
    std::unique_ptr<HeadlessGl> gl(new HeadlessGl());
    // The first device that gives a 3.3+ core context; on the GPU machine that is the GPU.
    const EGLint versions[][2] = {{4, 5}, {3, 3}};
    for (EGLint d = 0; d < count && !gl->context_; ++d) {
        EGLDisplay display = platform_display(EGL_PLATFORM_DEVICE_EXT, devices[d], nullptr);
        EGLint major = 0, minor = 0;
        if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) continue;
        eglBindAPI(EGL_OPENGL_API);
        const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
        EGLConfig config = nullptr;
        EGLint configs = 0;
        eglChooseConfig(display, config_attributes, &config, 1, &configs);
        for (const auto& v : versions) {
            const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                         v[0],
                                         EGL_CONTEXT_MINOR_VERSION,
                                         v[1],
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                         EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                         EGL_NONE};
            EGLContext context =
                eglCreateContext(display, configs ? config : nullptr, EGL_NO_CONTEXT, attributes);
            if (context == EGL_NO_CONTEXT) continue;
            // Surfaceless: drawing goes to framebuffer objects only.
            if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
                eglDestroyContext(display, context);
                continue;
            }
            gl->display_ = display;
            gl->context_ = context;
            gl->description_ = "EGL " + std::to_string(major) + "." + std::to_string(minor) + " " +
                               eglQueryString(display, EGL_VENDOR);
            break;
        }
        if (!gl->context_) eglTerminate(display);
    }
    if (!gl->context_) {
        why = "no EGL device gives an OpenGL 3.3 core context without a surface (" +
              egl_error_text(eglGetError()) + ")";
        return nullptr;
    }
    std::string loader_why;
    if (!gl::init_gl_loader(loader_why)) {
        why = "GL entry points: " + loader_why;
        return nullptr;
    }
    gl->description_ += ", GL " + gl::gl_description();
    return gl;
}

HeadlessGl::~HeadlessGl() {
    if (!context_) return;
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
    eglTerminate(display_);
}

OffscreenFramebuffer::OffscreenFramebuffer(int width, int height) : width_(width), height_(height) {
    glGenTextures(1, &color_);
    glBindTexture(GL_TEXTURE_2D, color_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_, 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        glDeleteFramebuffers(1, &fbo_);
        glDeleteTextures(1, &color_);
        throw std::runtime_error("offscreen framebuffer " + std::to_string(width) + " x " +
                                 std::to_string(height) + " is incomplete");
    }
}

OffscreenFramebuffer::~OffscreenFramebuffer() {
    glDeleteFramebuffers(1, &fbo_);
    glDeleteTextures(1, &color_);
}

void OffscreenFramebuffer::bind() {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glViewport(0, 0, width_, height_);
}

Image OffscreenFramebuffer::read() const {
    std::vector<std::uint8_t> rgba(std::size_t(width_) * height_ * 4);
    GLint previous = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(previous));
    Image img(width_, height_, Rgb{0, 0, 0});
    // GL's rows run bottom-up; Image's top-down.
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
            const std::uint8_t* p = &rgba[(std::size_t(height_ - 1 - y) * width_ + x) * 4];
            img.set(x, y, Rgb{p[0], p[1], p[2]});
        }
    return img;
}

} // namespace ll::render::egl
