// The CPU factory: validates, then picks the translation unit of the stencil pair.
#include "cpu_engine.hpp"

namespace ll::thermal::boussinesq {

std::unique_ptr<Engine> make_cpu_engine(const Config& cfg) {
    validate(cfg);
    if (cfg.model.stencil == StencilKind::D3Q19) return make_cpu_engine_3d(cfg);
    return make_cpu_engine_2d(cfg);
}

} // namespace ll::thermal::boussinesq
