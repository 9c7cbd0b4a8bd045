// One translation unit per stencil keeps the CPU build parallel.
#include "cpu_engine.hpp"

namespace ll {
LL_CPU_ENGINE_FACTORY(d2q9, D2Q9)
} // namespace ll
