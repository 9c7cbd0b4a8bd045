// What a population is stored as, apart from what it is computed in: the only code that knows
// the number format in memory. Propagation (node_update.hpp) reads every population through
// load() and writes it through store(); the collisions and boundary rules see Real only.
//
// Memory holds the shifted population g = f - w (equilibrium.hpp; Lehmann et al. 2022):
//   fp16s       IEEE 754 binary16 of g * 2^15: the scale moves |g| < 2 into the format's range
//               (max 65504), keeps the 11-bit significand down to |g| ~ 2e-9 and, being a power
//               of two, adds no rounding. Hardware conversion on the GPU (cvt.f16.f32).
//   fp16c       our 16-bit format with one exponent bit less and one significand bit more than
//               binary16: sign, 4-bit exponent e, 11-bit fraction m; |g| = 2^(e-14) * 1.m for
//               e = 1..14 (up to 2), 2^-13 * 0.m for e = 0 (down to 2^-24), e = 15 not finite.
//               Twice binary16's precision over the range populations use. Decoding is one
//               shift and one multiply: the 15 bits sit where an FP32 exponent and fraction
//               would, and 2^113 moves FP32's bias (127) to ours (14).
//
// Out of range (|g| >= 2), rounding and its noise: docs/DESIGN.md, "Precision and storage".
// The hot path's cost per population, on the GPU: fp16s loads in 2 instructions and stores in 4
// (Codec<Fp16s>::encode_plain), fp16c in about 4 and 6.
#pragma once
#include "host_device.hpp"

#include <cmath>
#include <cstring>

#if defined(__CUDACC__)
#include <cuda_fp16.h>
#endif

namespace ll {

enum class Storage : std::uint8_t { FP64, FP32, FP16S, FP16C };

struct Fp16s {
    std::uint16_t bits;
};
struct Fp16c {
    std::uint16_t bits;
};

// ---- bit casts usable in host and device code ----
LL_HD std::uint32_t float_bits(float v) {
#if defined(__CUDA_ARCH__)
    return __float_as_uint(v);
#else
    std::uint32_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
#endif
}
LL_HD float bits_float(std::uint32_t b) {
#if defined(__CUDA_ARCH__)
    return __uint_as_float(b);
#else
    float v;
    std::memcpy(&v, &b, sizeof v);
    return v;
#endif
}

// |x| (one definition for host and device; a free operand modifier on the GPU).
LL_HD float magnitude(float x) {
#if defined(__CUDA_ARCH__)
    return fabsf(x);
#else
    return std::fabs(x);
#endif
}

// ---- FP32 -> a 16-bit float: sign, then exponent and fraction (F bits, exponent bias B) ----
// In integer arithmetic, subnormals included (no FP32 subnormal is ever formed, so no
// flush-to-zero setting can change a result). A value past the largest finite code gives `inf`
// (the all-ones exponent), NaN gives `nan`.
//   Nearest      round to nearest even: state import, and IEEE's rule for fp16s
//   TowardZero   truncation: what the GPU's cvt.rz does, after dithered_truncation()'s dither
// (Why a time step rounds stochastically instead: docs/DESIGN.md, "Precision and storage".)
enum class Rounding : std::uint8_t { Nearest, TowardZero };

// x without its `drop` low bits, rounded as R says.
template <Rounding R>
LL_HD std::uint32_t drop_bits(std::uint32_t x, int drop) {
    if constexpr (R == Rounding::TowardZero) return x >> drop;
    const std::uint32_t rest = x & ((1u << drop) - 1u), half = 1u << (drop - 1);
    const std::uint32_t kept = x >> drop;
    return kept + ((rest > half || (rest == half && (kept & 1u))) ? 1u : 0u);
}

template <int F, int B, std::uint32_t inf, std::uint32_t nan, Rounding R = Rounding::Nearest>
LL_HD std::uint16_t round_to_16(float v) {
    const std::uint32_t b = float_bits(v);
    const std::uint32_t sign = (b >> 16) & 0x8000u;
    const std::uint32_t mag = b & 0x7fffffffu;
    if (mag > 0x7f800000u) return std::uint16_t(sign | nan);
    const int e = int(mag >> 23); // FP32's biased exponent
    std::uint32_t code;
    if (e >= 128 - B) { // normal: rebias 127 -> B, drop 23 - F fraction bits
        code = drop_bits<R>(mag - (std::uint32_t(127 - B) << 23), 23 - F);
        if (code >= inf || e == 255) code = inf;
    } else { // subnormal k 2^(1 - B - F): k = M 2^-shift for the 24-bit significand M
        const int shift = 151 - B - F - e;
        if (shift > 24) return std::uint16_t(sign);
        code = drop_bits<R>((mag & 0x7fffffu) | 0x800000u, shift);
    }
    return std::uint16_t(sign | code);
}

// The stochastic rounding's noise for population i of `node` at time `step`: a different 32-bit
// value for each (only its top bits are used), the same on the CPU and the GPU (integer
// arithmetic), so runs stay reproducible and GPU == CPU. A per-node hash (Murmur3's finaliser
// constants), then one multiply per direction by an odd constant (i times the golden ratio,
// made odd; it folds to a constant in the unrolled loop): an odd factor permutes the 32-bit
// values, so each direction's noise is as uniform as the seed, and a product's top bits depend
// on every bit of the seed. The step's stores are the hot path.
LL_HD std::uint32_t node_seed(std::uint32_t node, std::uint32_t step) {
    std::uint32_t h = node * 0x9e3779b1u ^ step * 0x85ebca77u;
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    return h;
}
LL_HD std::uint32_t dither(std::uint32_t seed, int i) {
    return seed * (0x9e3779b9u * (2u * std::uint32_t(i) + 1u));
}

// ---- IEEE binary16 <-> FP32: the GPU's instructions, the same rounding on the host ----
// (A time step's stores round stochastically through round_to_16 on both.)
LL_HD std::uint16_t half_from_float(float v) {
#if defined(__CUDA_ARCH__)
    return __half_as_ushort(__float2half_rn(v));
#else
    return round_to_16<10, 15, 0x7c00u, 0x7e00u>(v);
#endif
}

LL_HD float half_to_float(std::uint16_t h) {
#if defined(__CUDA_ARCH__)
    return __half2float(__ushort_as_half(h));
#else
    const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
    const std::uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 31) return bits_float(sign | 0x7f800000u | (m << 13));
    if (e == 0) return bits_float(sign | float_bits(float(m) * 0x1p-24f));
    return bits_float(sign | ((e + 112u) << 23) | (m << 13));
#endif
}

// Stochastic rounding to binary16 as dither-then-truncate: the noise's top 13 bits added below
// the 10 fraction bits a normal half keeps, then the GPU's truncating conversion (cvt.rz).
// Below binary16's normal range (|x| < 2^-14, |f - w| < 2e-9 with fp16s' scale) the dither
// covers part of the dropped bits only; nothing a flow resolves lives there. Valid for
// |x| < 65504, the largest half: a dithered value then stays below 65536 and truncates to at
// most 65504.
LL_HD std::uint16_t dithered_truncation(float x, std::uint32_t noise) {
    const float d = bits_float(float_bits(x) + (noise >> 19));
#if defined(__CUDA_ARCH__)
    return __half_as_ushort(__float2half_rz(d));
#else
    return round_to_16<10, 15, 0x7c00u, 0x7e00u, Rounding::TowardZero>(d);
#endif
}
// A time step's rounding to binary16: dithered truncation below 65504; from there on, and for
// Inf and NaN, round to nearest (truncation never reaches infinity; 65520 and up give Inf, NaN
// gives NaN). Both conversions and a select, no branch; Codec<Fp16s>::encode_plain() is the
// first alone, for nodes whose values are all below 65504.
LL_HD std::uint16_t stochastic_half(float x, std::uint32_t noise) {
    const std::uint16_t down = dithered_truncation(x, noise), nearest = half_from_float(x);
    return magnitude(x) < 65504.0f ? down : nearest; // false for NaN
}

// ---- fp16c <-> FP32 (the format is described at the top) ----
// Decoding in two steps, so that a node's loads can share the rare second one (Propagation::
// gather): the code sign-extended and shifted puts the sign in bit 31 and the 15 other bits in
// 26..12, under FP32's exponent and fraction; times 2^113 (exact: a power of two, FP32
// subnormals kept) that is the value for every finite code, and 2 <= |r| < 4 for e = 15.
LL_HD float fp16c_to_float_finite(std::uint16_t h) {
    const std::uint32_t t = std::uint32_t(std::int32_t(std::int16_t(h))) << 12;
    return bits_float(t & 0x87fff000u) * 0x1p113f;
}
// The second step: e = 15 becomes Inf (m = 0) or NaN, with its sign and fraction.
LL_HD float fp16c_finish(float r) {
    return magnitude(r) < 2.0f ? r : bits_float(float_bits(r) | 0x7f800000u);
}
LL_HD float fp16c_to_float(std::uint16_t h) {
    return fp16c_finish(fp16c_to_float_finite(h));
}

LL_HD std::uint16_t fp16c_from_float(float v) {
    return round_to_16<11, 14, 0x7800u, 0x7fffu>(v); // |g| >= 2: Inf
}

// Stochastic rounding to fp16c, the decoder run backwards: w = |v| 2^-113 holds the code's 15
// bits where FP32 keeps its exponent and top 11 fraction bits (|v| >= 2^-13, w normal and exact),
// or, below 2^-13, is the FP32 subnormal |v| 2^36 (rounded to nearest there, 2^-12 of the code's
// step: no bias that matters), whose bits are the subnormal code times 2^12. So one add of the
// noise's top 12 bits and one shift round every magnitude, with no branch. w is clamped at
// 2^-112, the code of infinity (|v| >= 2, or a dithered value reaching 2); the clamp also takes
// NaN there (fminf returns the number), so NaN is stored as infinity: not finite either. Needs
// FP32 subnormals, which neither the GPU (no --ftz) nor the CPU (no DAZ/FTZ) flushes.
LL_HD std::uint16_t fp16c_stochastic(float v, std::uint32_t noise) {
    const float scaled = magnitude(v) * 0x1p-113f;
#if defined(__CUDA_ARCH__)
    const float w = fminf(scaled, 0x1p-112f);
#else
    const float w = scaled < 0x1p-112f ? scaled : 0x1p-112f; // fminf's result, NaN included
#endif
    const std::uint32_t code = (float_bits(w) + (noise >> 20)) >> 12;
    return std::uint16_t(((float_bits(v) >> 16) & 0x8000u) | code);
}

// ---- load and store: what Propagation calls ----
template <class Store>
struct Codec {                                // double and float: the value itself
    static constexpr bool kPlainPath = false; // see Codec<Fp16s>
    static constexpr bool kPlainLoad = false; // see Codec<Fp16c>
    template <class Real>
    LL_HD static Real decode(Store s) {
        return Real(s);
    }
    template <class Real>
    LL_HD static Store encode(Real v) {
        return Store(v);
    }
    template <class Real>
    LL_HD static Store encode(Real v, std::uint32_t) {
        return Store(v);
    }
};
template <>
struct Codec<Fp16s> {
    template <class Real>
    LL_HD static Real decode(Fp16s s) {
        return Real(half_to_float(s.bits) * 0x1p-15f);
    }
    template <class Real>
    LL_HD static Fp16s encode(Real v) {
        return {half_from_float(float(v) * 0x1p15f)};
    }
    template <class Real>
    LL_HD static Fp16s encode(Real v, std::uint32_t noise) {
        return {stochastic_half(float(v) * 0x1p15f, noise)};
    }
    static constexpr bool kPlainLoad = false; // decode is two instructions already
    // What encode(v, noise) is for |v| < 65504 2^-15 (exact: 2 - 2^-10), without the select
    // for the rest: Propagation::scatter checks a node's values once and then stores them all
    // this way (four instructions per population instead of six).
    static constexpr bool kPlainPath = true;
    template <class Real>
    LL_HD static bool plain(Real v) {
        return magnitude(float(v)) < 0x1.ffcp0f;
    }
    template <class Real>
    LL_HD static Fp16s encode_plain(Real v, std::uint32_t noise) {
        return {dithered_truncation(float(v) * 0x1p15f, noise)};
    }
};
template <>
struct Codec<Fp16c> {
    static constexpr bool kPlainPath = false; // encode is branch-free already
    template <class Real>
    LL_HD static Real decode(Fp16c s) {
        return Real(fp16c_to_float(s.bits));
    }
    // decode() in two steps (fp16c_to_float): Propagation::gather decodes a node's values with
    // the first, and runs the second on all of them only when one is 2 or more (an e = 15 code;
    // never in a flow that has not blown up): three instructions per load instead of eight.
    static constexpr bool kPlainLoad = true;
    template <class Real>
    LL_HD static Real decode_plain(Fp16c s) {
        return Real(fp16c_to_float_finite(s.bits));
    }
    template <class Real>
    LL_HD static bool loaded_plain(Real v) {
        return magnitude(float(v)) < 2.0f;
    }
    template <class Real>
    LL_HD static Real finish(Real v) {
        return Real(fp16c_finish(float(v)));
    }
    template <class Real>
    LL_HD static Fp16c encode(Real v) {
        return {fp16c_from_float(float(v))};
    }
    template <class Real>
    LL_HD static Fp16c encode(Real v, std::uint32_t noise) {
        return {fp16c_stochastic(float(v), noise)};
    }
};

template <class Real, class Store>
LL_HD Real load(const Store* mem, offset_t k) {
    return Codec<Store>::template decode<Real>(mem[k]);
}
// Rounded to nearest (a state being loaded), or stochastically with `noise` (a time step).
template <class Store, class Real>
LL_HD void store(Store* mem, offset_t k, Real v) {
    mem[k] = Codec<Store>::template encode<Real>(v);
}
template <class Store, class Real>
LL_HD void store(Store* mem, offset_t k, Real v, std::uint32_t noise) {
    mem[k] = Codec<Store>::template encode<Real>(v, noise);
}

} // namespace ll
