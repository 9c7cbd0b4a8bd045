// Lets one definition of a formula serve both the CPU reference and CUDA kernels.
#pragma once

#if defined(__CUDACC__)
#define LL_HD __host__ __device__ __forceinline__
#else
#define LL_HD inline
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
