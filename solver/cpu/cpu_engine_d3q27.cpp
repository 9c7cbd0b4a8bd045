// One translation unit per stencil keeps the CPU build parallel.
#include "cpu_engine.hpp"

namespace ll {
LL_CPU_ENGINE_FACTORY(d3q27, D3Q27)
} // namespace ll
