// Lets one definition of a formula serve both the CPU reference and CUDA kernels.
#pragma once

#if defined(__CUDACC__)
#define LL_HD __host__ __device__ __forceinline__
#else
#define LL_HD inline
#endif

// Rare paths (walls, field output) stay out of line so that the unrolled hot loop does not
// carry Q inlined copies of them: smaller kernels, faster builds, the same bulk speed.
#if defined(__CUDACC__)
#define LL_HD_NOINLINE __host__ __device__ __noinline__
#else
#define LL_HD_NOINLINE __attribute__((noinline))
#endif

// Full unrolling lets stencil tables fold into constants in every per-direction loop.
#if defined(__CUDA_ARCH__)
#define LL_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
#define LL_UNROLL // the host pass of nvcc runs no hot loops
#else
#define LL_UNROLL _Pragma("GCC unroll 32")
#endif

#include <cstdint>

namespace ll {
using node_t = std::uint32_t;   // a lattice node: lattices stay below 2^32 nodes
using offset_t = std::uint64_t; // a population's offset: node_t * Q can exceed 2^32
} // namespace ll
