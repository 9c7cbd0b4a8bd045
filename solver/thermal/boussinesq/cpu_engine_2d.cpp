// CPU engines for D2Q9 flow with a D2Q5 or D2Q9 temperature population, FP32 and FP64.
#include "cpu_engine.hpp"

namespace ll::thermal::boussinesq {

std::unique_ptr<Engine> make_cpu_engine_2d(const Config& cfg) {
    const bool fp64 = cfg.model.precision == Precision::FP64;
    if (cfg.temperature == TemperatureStencil::Flow) {
        if (fp64) return std::make_unique<CpuEngine<D2Q9, D2Q9, double>>(cfg);
        return std::make_unique<CpuEngine<D2Q9, D2Q9, float>>(cfg);
    }
    if (fp64) return std::make_unique<CpuEngine<D2Q9, D2Q5, double>>(cfg);
    return std::make_unique<CpuEngine<D2Q9, D2Q5, float>>(cfg);
}

} // namespace ll::thermal::boussinesq
