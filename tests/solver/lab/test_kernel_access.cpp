// The model's N, L and M per scheme (Obrecht et al. 2010): a population shifted along x is one
// word off alignment in structure of arrays; y and z shifts keep it aligned.
#include "solver/lab/kernel_access.hpp"

#include <gtest/gtest.h>

namespace ll::lab {
namespace {

KernelAccess access(StencilKind st, Scheme sc, std::optional<Storage> storage = {},
                    Layout layout = Layout::SoA, Precision p = Precision::FP32) {
    std::string why;
    const KernelAccess a = kernel_access({st, CollisionKind::BGK, sc, layout, p, storage}, why);
    EXPECT_TRUE(why.empty()) << why;
    return a;
}

// D3Q19 has 10 velocities with c_x != 0 (of 19), D2Q9 6 (of 9), D3Q27 18 (of 27).
TEST(KernelAccess, PullReadsMisalignedAndWritesAligned) {
    const KernelAccess a = access(StencilKind::D3Q19, Scheme::Pull);
    EXPECT_EQ(a.words, 19);
    EXPECT_EQ(a.parities, 1);
    EXPECT_EQ(a.misaligned_reads[0], 10);
    EXPECT_EQ(a.misaligned_writes[0], 0);
    EXPECT_EQ(access(StencilKind::D2Q9, Scheme::Pull).misaligned_reads[0], 6);
    EXPECT_EQ(access(StencilKind::D3Q27, Scheme::Pull).misaligned_reads[0], 18);
}

TEST(KernelAccess, PushWritesMisaligned) {
    const KernelAccess a = access(StencilKind::D3Q19, Scheme::Push);
    EXPECT_EQ(a.misaligned_reads[0], 0);
    EXPECT_EQ(a.misaligned_writes[0], 10);
}

// Obrecht et al. 2011's split scheme: the x shift at the read, y and z at the write.
TEST(KernelAccess, SplitShiftsXOnRead) {
    const KernelAccess a = access(StencilKind::D3Q19, Scheme::Split);
    EXPECT_EQ(a.misaligned_reads[0], 10);
    EXPECT_EQ(a.misaligned_writes[0], 0);
}

// Bailey et al. 2009's A-A: the even step stays on the node, the odd one reads and writes the
// neighbours.
TEST(KernelAccess, AAAlternatesAlignedAndShiftedSteps) {
    const KernelAccess a = access(StencilKind::D3Q19, Scheme::AA);
    EXPECT_EQ(a.parities, 2);
    EXPECT_EQ(a.misaligned_reads[0], 0);
    EXPECT_EQ(a.misaligned_writes[0], 0);
    EXPECT_EQ(a.misaligned_reads[1], 10);
    EXPECT_EQ(a.misaligned_writes[1], 10);
}

// Esoteric twist: each step reads the negative half of the pairs from the neighbour and writes
// the positive half to it; with c_x != 0 in 5 of each half for D3Q19.
TEST(KernelAccess, EsotericShiftsHalfEachWay) {
    const KernelAccess a = access(StencilKind::D3Q19, Scheme::Esoteric);
    EXPECT_EQ(a.parities, 2);
    for (int p = 0; p < 2; ++p) {
        EXPECT_EQ(a.misaligned_reads[p], 5) << "parity " << p;
        EXPECT_EQ(a.misaligned_writes[p], 5) << "parity " << p;
    }
}

TEST(KernelAccess, SharedXKeepsGlobalAccessAligned) {
    const KernelAccess a = access(StencilKind::D3Q19, Scheme::SharedX);
    EXPECT_EQ(a.misaligned_reads[0] + a.misaligned_writes[0], 0);
}

TEST(KernelAccess, WordBytesFollowTheStorage) {
    EXPECT_EQ(access(StencilKind::D3Q19, Scheme::AA).word_bytes, 4);
    EXPECT_EQ(access(StencilKind::D3Q19, Scheme::AA, Storage::FP16S).word_bytes, 2);
    EXPECT_EQ(access(StencilKind::D3Q19, Scheme::AA, {}, Layout::SoA, Precision::FP64).word_bytes,
              8);
}

// A warp of AoSoA reads one line per direction as SoA's does: the same counts.
TEST(KernelAccess, AoSoACountsAsSoA) {
    const KernelAccess soa = access(StencilKind::D3Q19, Scheme::Pull);
    const KernelAccess tiles = access(StencilKind::D3Q19, Scheme::Pull, {}, Layout::AoSoA);
    EXPECT_EQ(tiles.misaligned_reads[0], soa.misaligned_reads[0]);
    EXPECT_EQ(tiles.misaligned_writes[0], soa.misaligned_writes[0]);
    EXPECT_EQ(tiles.word_bytes, soa.word_bytes);
}

TEST(KernelAccess, SaysWhyWhereTheModelDoesNotApply) {
    std::string why;
    kernel_access(
        {StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull, Layout::AoS, Precision::FP32, {}},
        why);
    EXPECT_NE(why.find("AoS"), std::string::npos) << why;
    kernel_access(
        {StencilKind::D2Q37, CollisionKind::BGK, Scheme::Pull, Layout::SoA, Precision::FP64, {}},
        why);
    EXPECT_NE(why.find("thermal"), std::string::npos) << why;
}

} // namespace
} // namespace ll::lab
