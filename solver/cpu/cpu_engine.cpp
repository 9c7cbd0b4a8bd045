#include "../engine.hpp"

namespace ll {
std::unique_ptr<Engine> make_cpu_engine_d2q9(const EngineConfig&);
std::unique_ptr<Engine> make_cpu_engine_d3q19(const EngineConfig&);
std::unique_ptr<Engine> make_cpu_engine_d3q27(const EngineConfig&);

std::unique_ptr<Engine> make_cpu_engine(const EngineConfig& cfg) {
    switch (cfg.model.stencil) {
    case StencilKind::D3Q19: return make_cpu_engine_d3q19(cfg);
    case StencilKind::D3Q27: return make_cpu_engine_d3q27(cfg);
    default: return make_cpu_engine_d2q9(cfg);
    }
}
} // namespace ll
