// Register-capped variants of the GPU bulk kernel (the `register_cap` key). Bailey et al. 2009
// capped their kernels' registers with nvcc's --maxrregcount so that more warps fit on an SM
// (32 registers: 33 % occupancy on the 8800 GTX), at the price of spills to local memory. Here
// the cap is a run-time choice among instantiations built with __maxnreg__(N), as the parity
// and the node list of a bulk launch are (kernels.cuh, cuda_launch_shape.cuh).
#pragma once
#include "engine.hpp"

#include <array>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace ll {

// The caps every capped kernel is built with: from the 8800 GTX's 32 to past what the D3Q19
// FP64 MRT kernel needs uncapped. 0 (the compiler's choice) is always offered as well.
inline constexpr std::array<int, 7> kRegisterCaps{32, 40, 48, 64, 80, 96, 128};
// The key's range: a thread has at most 255 registers on every GPU since Kepler.
inline constexpr int kMaxRegisterCap = 255;
// The kernels built with the caps, in words for help texts (IsothermalModel::has_register_caps
// says it in code; the GPU test checks both).
inline constexpr const char* kRegisterCappedKernels =
    "the isothermal d2q9 and d3q19 bgk and mrt kernels, pull and aa, soa, fp32 and fp64, on one "
    "domain";

// Whether node model M builds capped variants of its bulk kernel for layout L, scheme Sc and
// collision C: a model opts in with `template <Layout, Scheme, class> static constexpr bool
// has_register_caps()` (the isothermal model does, for a few kernels only, so that the CUDA
// build grows little); the others have the compiler's choice alone.
template <class M, Layout L, Scheme Sc, class C>
constexpr bool register_capped() {
    if constexpr (requires { M::template has_register_caps<L, Sc, C>(); })
        return M::template has_register_caps<L, Sc, C>();
    else
        return false;
}

// Calls f(std::integral_constant<int, cap>) when `cap` is one of kRegisterCaps; false if not.
template <class F>
bool with_register_cap(int cap, F&& f) {
    return [&]<std::size_t... k>(std::index_sequence<k...>) {
        return ((cap == kRegisterCaps[k]
                     ? (f(std::integral_constant<int, kRegisterCaps[k]>{}), true)
                     : false) ||
                ...);
    }
    (std::make_index_sequence<kRegisterCaps.size()>{});
}

// Empty when `cap` runs on the kernel of `cfg`, which offers the caps `offered` (0 always
// runs); otherwise the ConfigError message, naming the key, the value and what the kernel
// offers. `gpu`: the CUDA back end's kernel; else the CPU back end, which has no caps.
std::string register_cap_error(int cap, const EngineConfig& cfg, const std::vector<int>& offered,
                               bool gpu);

} // namespace ll
