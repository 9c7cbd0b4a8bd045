// Built without CUDA: interop is never available, and create() says so; the caller uses the
// host-copy path. The other members exist only to satisfy the linker: no object is ever made.
#include "cuda_gl_slice_target.hpp"

namespace ll::render::interop {

std::unique_ptr<CudaGlSliceTarget> CudaGlSliceTarget::create(DeviceSliceExchange&,
                                                             std::string& why) {
    if (!interop_forced_off(why)) why = "this build has no CUDA back end (configured without nvcc)";
    return nullptr;
}
CudaGlSliceTarget::~CudaGlSliceTarget() = default;
bool CudaGlSliceTarget::update() {
    return false;
}

} // namespace ll::render::interop
