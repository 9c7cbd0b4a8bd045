// The lab's memory probe (Obrecht et al. 2010's micro-benchmark) on a real GPU: the warps it
// times, what it moves, and the specs it refuses. No timing is asserted (speed is measured in
// `latticelab lab`, not in tests).
#include "solver/lab/memory_probe.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

namespace ll::lab {
namespace {

TEST(MemoryProbe, OneWaveTimesEveryWarpFromItsSMsFirstStart) {
    LL_REQUIRE_GPU();
    MemoryProbeSpec s; // N = 19, k = 8 one-warp blocks per SM: the paper's set-up
    const MemoryProbeResult r = run_memory_probe(s, 1);
    ASSERT_GT(r.sms, 0);
    EXPECT_EQ(r.threads, std::int64_t(r.sms) * 8 * 32);
    ASSERT_EQ(r.warps.size(), std::size_t(r.sms) * 8);
    EXPECT_EQ(r.warps_per_sm, 8);
    EXPECT_DOUBLE_EQ(r.bytes, 2.0 * double(r.threads) * 19 * 4);
    std::set<int> started_first;
    for (const WarpTiming& w : r.warps) {
        EXPECT_GE(w.start, 0);
        EXPECT_GT(w.read, 0);
        EXPECT_GT(w.write, 0);
        ASSERT_GE(w.sm, 0);
        ASSERT_LT(w.sm, r.sms);
        if (w.start == 0) started_first.insert(w.sm);
    }
    std::set<int> used;
    for (const WarpTiming& w : r.warps)
        used.insert(w.sm);
    EXPECT_EQ(started_first, used); // each SM's clock origin is its first warp
    EXPECT_GT(r.sm_clock_hz, 1e8);
    EXPECT_GT(r.seconds, 0);
}

// Every k the memory study sweeps is reached exactly: one wave of k one-warp blocks per SM.
// (The first occupancy cap left out the SM's per-block reservation: from k = 15 on, the SMs
// held one block fewer, and the wave's last blocks waited for a second one.)
TEST(MemoryProbe, ReachesEveryBlocksPerSmItIsAskedFor) {
    LL_REQUIRE_GPU();
    const int most = probe_max_blocks_per_sm(4, 19, 32, true);
    ASSERT_GE(most, 8);
    for (int k = 1; k <= most; ++k) {
        MemoryProbeSpec s;
        s.blocks_per_sm = k;
        const MemoryProbeResult r = run_memory_probe(s, 1);
        EXPECT_EQ(r.warps_per_sm, k) << "k = " << k;
        EXPECT_EQ(r.warps.size(), std::size_t(r.sms) * k) << "k = " << k;
    }
    MemoryProbeSpec s;
    s.blocks_per_sm = most + 1;
    EXPECT_THROW(run_memory_probe(s, 1), std::invalid_argument);
}

TEST(MemoryProbe, SteadyStateCoversTheThreadsAskedFor) {
    LL_REQUIRE_GPU();
    MemoryProbeSpec s;
    s.words = 4;
    s.word_bytes = 8;
    s.block = 256;
    s.blocks_per_sm = 2;
    s.misaligned_reads = 4;
    s.threads = 1'000'000;
    s.time_warps = false;
    const MemoryProbeResult r = run_memory_probe(s, 2);
    EXPECT_GE(r.threads, 1'000'000);
    EXPECT_LT(r.threads, 1'000'000 + 256);
    EXPECT_TRUE(r.warps.empty());
    EXPECT_EQ(r.warps_per_sm, 16); // the shared-memory reservation holds it to 2 blocks of 8 warps
    EXPECT_GT(r.bytes_per_s(), 0);
}

TEST(MemoryProbe, RefusesSpecsOutsideTheDevicesLimitsNamingTheField) {
    LL_REQUIRE_GPU();
    const auto refused = [](MemoryProbeSpec s, const std::string& field) {
        try {
            run_memory_probe(s, 1);
            ADD_FAILURE() << field << ": accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_EQ(std::string(e.what()).rfind(field + " = ", 0), 0u) << e.what();
        }
    };
    MemoryProbeSpec s;
    s.words = kMaxProbeWords + 1;
    refused(s, "words");
    s = {};
    s.misaligned_reads = 20;
    refused(s, "misaligned_reads");
    s = {};
    s.word_bytes = 3;
    refused(s, "word_bytes");
    s = {};
    s.block = 48;
    refused(s, "block");
    s = {};
    s.blocks_per_sm = max_blocks_per_sm(32) + 1;
    refused(s, "blocks_per_sm");
    s = {};
    s.threads = std::int64_t(1) << 42; // more than any GPU's memory holds
    s.time_warps = false;
    refused(s, "threads");
}

} // namespace
} // namespace ll::lab
