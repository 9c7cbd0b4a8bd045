// The 16-bit storage formats of solver/core/storage.hpp, checked against their definitions:
//   fp16s  IEEE 754 binary16 of g * 2^15: every one of the 65 536 codes decodes to
//          (-1)^s 2^(e-15) (1 + m/1024) (subnormal m 2^-24, e = 31 not finite), every finite
//          code encodes back to itself, midpoints round to even, 65 520 and up overflow
//   fp16c  (-1)^s 2^(e-14) (1 + m/2048) for e = 1..14, m 2^-24 for e = 0, e = 15 not finite
// and the precision each gives a population g = f - w: relative error <= 2^-11 (fp16s) and
// <= 2^-12 (fp16c) over the range that flows use; |g| >= 2 is stored as not finite so that
// a blow-up stays visible to the instability check; a time step's stochastic rounding picks a
// neighbouring code and is unbiased.
#include "solver/core/storage.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace ll {
namespace {

// The value a code stands for, from the format's definition (double, exact).
double fp16s_definition(std::uint16_t h) {
    const int e = (h >> 10) & 31, m = h & 1023;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 31) return m ? std::numeric_limits<double>::quiet_NaN() : sign * INFINITY;
    if (e == 0) return sign * std::ldexp(m, -24);
    return sign * std::ldexp(1.0 + m / 1024.0, e - 15);
}
double fp16c_definition(std::uint16_t h) {
    const int e = (h >> 11) & 15, m = h & 2047;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 15) return m ? std::numeric_limits<double>::quiet_NaN() : sign * INFINITY;
    if (e == 0) return sign * std::ldexp(m, -24);
    return sign * std::ldexp(1.0 + m / 2048.0, e - 14);
}

bool same(double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

TEST(StorageCodec, EveryFp16sCodeDecodesToItsDefinitionAndBack) {
    for (unsigned h = 0; h < 65536; ++h) {
        const double want = fp16s_definition(std::uint16_t(h));
        const float got = half_to_float(std::uint16_t(h));
        ASSERT_TRUE(same(got, want)) << std::hex << h << ": " << got << " != " << want;
        if (std::isfinite(want)) {
            ASSERT_EQ(half_from_float(got), h) << std::hex << h;
        }
    }
}

TEST(StorageCodec, EveryFp16cCodeDecodesToItsDefinitionAndBack) {
    for (unsigned h = 0; h < 65536; ++h) {
        const double want = fp16c_definition(std::uint16_t(h));
        const float got = fp16c_to_float(std::uint16_t(h));
        ASSERT_TRUE(same(got, want)) << std::hex << h << ": " << got << " != " << want;
        if (std::isfinite(want)) {
            ASSERT_EQ(fp16c_from_float(got), h) << std::hex << h;
        }
    }
}

// Halfway between two neighbouring codes rounds to the even one; a hair above rounds up.
template <class Decode, class Encode>
void check_rounding(Decode decode, Encode encode, unsigned last_finite) {
    for (unsigned h = 0; h < last_finite; ++h) {
        const double lo = decode(std::uint16_t(h)), hi = decode(std::uint16_t(h + 1));
        const float mid = float(0.5 * (lo + hi)); // exact: neighbours differ in one bit
        const unsigned even = (h & 1) ? h + 1 : h;
        ASSERT_EQ(encode(mid), even) << std::hex << h;
        ASSERT_EQ(encode(std::nextafter(mid, INFINITY)), h + 1) << std::hex << h;
        ASSERT_EQ(encode(std::nextafter(mid, 0.0f)), h) << std::hex << h;
    }
}

TEST(StorageCodec, MidpointsRoundToEven) {
    check_rounding(fp16s_definition, half_from_float, 0x7bfe);
    check_rounding(fp16c_definition, fp16c_from_float, 0x77fe);
}

TEST(StorageCodec, OverflowAndNanStayNotFinite) {
    EXPECT_EQ(half_from_float(65519.0f), 0x7bff);
    EXPECT_EQ(half_from_float(65520.0f), 0x7c00);
    EXPECT_EQ(half_from_float(-1e30f), 0xfc00);
    EXPECT_TRUE(std::isnan(half_to_float(half_from_float(NAN))));
    EXPECT_TRUE(std::isinf(fp16c_to_float(fp16c_from_float(2.0f))));
    EXPECT_TRUE(std::isinf(fp16c_to_float(fp16c_from_float(-1e30f))));
    EXPECT_TRUE(std::isnan(fp16c_to_float(fp16c_from_float(NAN))));
    EXPECT_FALSE(std::isfinite(Codec<Fp16s>::decode<float>(Codec<Fp16s>::encode(2.5f))));
    EXPECT_FALSE(std::isfinite(Codec<Fp16c>::decode<float>(Codec<Fp16c>::encode(2.5f))));
}

// The precision a shifted population keeps, over |g| from 2^-13 (below any flow's resolved
// deviation at u ~ 0.01) to 1.99: the relative error of one store and load.
template <class Store>
double worst_relative_error(double lo) {
    double worst = 0;
    for (double g = lo; g < 1.99; g *= 1.0007) {
        for (const double v : {g, -g}) {
            const float back = Codec<Store>::template decode<float>(
                Codec<Store>::template encode<float>(float(v)));
            worst = std::max(worst, std::abs(back - v) / std::abs(v));
        }
    }
    return worst;
}

TEST(StorageCodec, PrecisionOfAStoredPopulation) {
    const double s = worst_relative_error<Fp16s>(std::ldexp(1.0, -13));
    const double c = worst_relative_error<Fp16c>(std::ldexp(1.0, -13));
    std::printf("worst relative error of one store, 2^-13 <= |g| < 1.99: fp16s %.3e (2^-11 = "
                "%.3e), fp16c %.3e (2^-12 = %.3e)\n",
                s, std::ldexp(1.0, -11), c, std::ldexp(1.0, -12));
    EXPECT_LE(s, std::ldexp(1.0, -11));
    EXPECT_LE(c, std::ldexp(1.0, -12));
    // fp16s keeps its full precision much further down, thanks to the 2^15 scale.
    EXPECT_LE(worst_relative_error<Fp16s>(std::ldexp(1.0, -28)), std::ldexp(1.0, -11));
}

// A time step's stores round stochastically: always to one of the two neighbouring codes, up
// with probability equal to the dropped fraction, so the mean over many draws is the value.
template <class Store>
void check_stochastic(float v) {
    const float lo = Codec<Store>::template decode<float>(Codec<Store>::template encode<float>(v));
    double sum = 0;
    const int n = 200000;
    for (int k = 0; k < n; ++k) {
        const float r = Codec<Store>::template decode<float>(
            Codec<Store>::template encode<float>(v, dither(node_seed(std::uint32_t(k), 7), 3)));
        ASSERT_LE(std::abs(r - v), std::abs(v) * 0x1p-10) << v << " -> " << r << " (" << lo << ")";
        sum += r;
    }
    // The mean's own noise: one ulp / sqrt(n) at most (v within 1.99 of the range's top).
    EXPECT_NEAR(sum / n, v, std::abs(v) * 0x1p-10 / std::sqrt(double(n)) * 3) << v;
}

TEST(StorageCodec, StochasticRoundingIsUnbiased) {
    for (float v : {0.0123456f, -0.3333f, 1.2345e-3f, 2.5e-4f, 1.5f}) {
        check_stochastic<Fp16s>(v);
        check_stochastic<Fp16c>(v);
    }
    // Exactly representable values stay exact, whatever the noise.
    for (std::uint32_t noise : {0u, 0x80000000u, 0xffffffffu}) {
        EXPECT_EQ(Codec<Fp16s>::encode(0.25f, noise).bits, Codec<Fp16s>::encode(0.25f).bits);
        EXPECT_EQ(Codec<Fp16c>::encode(-0.375f, noise).bits, Codec<Fp16c>::encode(-0.375f).bits);
    }
    // Overflow and NaN stay not finite under any noise.
    EXPECT_TRUE(std::isinf(Codec<Fp16c>::decode<float>(Codec<Fp16c>::encode(3.0f, 0xffffffffu))));
    EXPECT_TRUE(std::isnan(Codec<Fp16s>::decode<float>(Codec<Fp16s>::encode(NAN, 12345u))));
}

TEST(StorageCodec, WiderFormatsAreTheValueItself) {
    EXPECT_EQ(Codec<float>::decode<float>(Codec<float>::encode(0.1f)), 0.1f);
    EXPECT_EQ(Codec<double>::decode<double>(Codec<double>::encode(0.1)), 0.1);
}

} // namespace
} // namespace ll
