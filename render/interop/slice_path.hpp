// Which way slices reach the GL texture, decided once per GL context: CUDA-GL interop when
// the solver runs on a GPU and this GL context can share its memory, else the host copy
// (gl::HostSliceTarget). The note says which and why, for the UI and the logs.
#pragma once
#include "cuda_gl_slice_target.hpp"

#include <memory>
#include <string>

namespace ll::render::interop {

struct SlicePath {
    std::shared_ptr<DeviceSliceExchange> exchange; // give it to the solver thread
    std::unique_ptr<CudaGlSliceTarget> target;     // give it to the SliceView
    std::string note;                              // e.g. "host copy (glTexSubImage2D): …"
    bool interop() const { return target != nullptr; }
};

// `solver_on_gpu`: the solver's back end is CUDA (device slices exist); `force_host`: the
// user asked for the fallback (command-line option). LATTICELAB_INTEROP=off forces it too.
// Needs the GL context current.
SlicePath choose_slice_path(bool solver_on_gpu, bool force_host);

} // namespace ll::render::interop
