#include "cuda_gl_slice_target.hpp"

#include "render/gl/gl_state.hpp"
#include "solver/cuda/cuda_check.hpp"

#include <GL/glew.h>
// GLEW first: cuda_gl_interop.h pulls in GL headers of its own.
#include <cuda_gl_interop.h>

namespace ll::render::interop {
namespace {

cudaGraphicsResource_t as_resource(void* r) {
    return static_cast<cudaGraphicsResource_t>(r);
}

// Creates an R32F texture of w x h, leaving the GL binding state as it was.
GLuint make_r32f_texture(std::uint32_t w, std::uint32_t h) {
    gl::StateGuard guard;
    GLuint t = 0;
    glActiveTexture(GL_TEXTURE0);
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, GLsizei(w), GLsizei(h), 0, GL_RED, GL_FLOAT, nullptr);
    // Nearest: one flat texel per lattice node, as on the host path.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return t;
}

} // namespace

std::unique_ptr<CudaGlSliceTarget> CudaGlSliceTarget::create(DeviceSliceExchange& exchange,
                                                             std::string& why) {
    if (interop_forced_off(why)) return nullptr;
    // Is the current GL context on a CUDA device at all? Fails under Mesa and on the other GPU
    // of a hybrid laptop.
    unsigned int count = 0;
    int gl_devices[4] = {};
    cudaError_t e = cudaGLGetDevices(&count, gl_devices, 4, cudaGLDeviceListAll);
    if (e != cudaSuccess || count == 0) {
        why = std::string("the GL context is not on a CUDA device (") +
              (e != cudaSuccess ? cudaGetErrorString(e) : "cudaGLGetDevices found none") + ")";
        cudaGetLastError(); // clear the error so the solver's CUDA calls start clean
        return nullptr;
    }
    std::unique_ptr<CudaGlSliceTarget> t(new CudaGlSliceTarget(exchange));
    try {
        // A trial registration: WSL2 and some drivers report devices but refuse to register.
        t->allocate(1, 1);
    } catch (const CudaError& err) {
        why = std::string("CUDA cannot register a GL texture: ") + err.what();
        cudaGetLastError();
        return nullptr;
    }
    return t;
}

CudaGlSliceTarget::~CudaGlSliceTarget() {
    free_texture();
}

void CudaGlSliceTarget::free_texture() {
    if (resource_ != nullptr) {
        // The render stream's copies must be done before the texture goes away.
        cudaStreamSynchronize(static_cast<cudaStream_t>(exchange_.render_stream()));
        cudaGraphicsUnregisterResource(as_resource(resource_));
    }
    if (texture_ != 0) glDeleteTextures(1, &texture_);
    resource_ = nullptr;
    texture_ = 0;
    width_ = height_ = 0;
}

void CudaGlSliceTarget::allocate(std::uint32_t w, std::uint32_t h) {
    free_texture();
    texture_ = make_r32f_texture(w, h);
    cudaGraphicsResource_t r = nullptr;
    // WriteDiscard: CUDA overwrites the whole texture each time, so GL need not keep its old
    // contents coherent.
    LL_CUDA(cudaGraphicsGLRegisterImage(&r, texture_, GL_TEXTURE_2D,
                                        cudaGraphicsRegisterFlagsWriteDiscard));
    resource_ = r;
    width_ = w;
    height_ = h;
}

bool CudaGlSliceTarget::update() {
    const auto slice = exchange_.acquire();
    if (!slice) return false;
    if (slice->width != width_ || slice->height != height_) allocate(slice->width, slice->height);
    auto stream = static_cast<cudaStream_t>(exchange_.render_stream());
    cudaGraphicsResource_t r = as_resource(resource_);
    LL_CUDA(cudaGraphicsMapResources(1, &r, stream));
    cudaArray_t array = nullptr;
    LL_CUDA(cudaGraphicsSubResourceGetMappedArray(&array, r, 0, 0));
    const std::size_t row = std::size_t(width_) * sizeof(float);
    LL_CUDA(cudaMemcpy2DToArrayAsync(array, 0, 0, slice->values, row, row, height_,
                                     cudaMemcpyDeviceToDevice, stream));
    // Unmapping orders the copy before any later GL use of the texture.
    LL_CUDA(cudaGraphicsUnmapResources(1, &r, stream));
    exchange_.copied();
    slice_ = *slice;
    return true;
}

} // namespace ll::render::interop
