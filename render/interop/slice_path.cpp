#include "slice_path.hpp"

namespace ll::render::interop {

SlicePath choose_slice_path(bool solver_on_gpu, bool force_host) {
    SlicePath p;
    const std::string host = "host copy (glTexSubImage2D)";
    std::string why;
    // A user's explicit choice is reported first, even where interop could not work anyway.
    if (force_host) {
        p.note = host + ": interop switched off by the command line";
    } else if (interop_forced_off(why)) {
        p.note = host + ": " + why;
    } else if (!solver_on_gpu) {
        p.note = host + ": the solver runs on the CPU back end";
    } else if (p.exchange = DeviceSliceExchange::create(why); !p.exchange) {
        p.note = host + ": " + why;
    } else if (p.target = CudaGlSliceTarget::create(*p.exchange, why); !p.target) {
        p.exchange.reset();
        p.note = host + ": " + why;
    } else {
        p.note = std::string(p.target->path_name());
    }
    return p;
}

} // namespace ll::render::interop
