// The CPU copy-bandwidth probe (issue 10): its buffers follow the lattice it is compared with,
// so that a small run stays small, while a lattice far larger than the caches is still compared
// with a DRAM-sized copy (two 256 MiB buffers, as before).
#include "solver/engine/engine.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ll {
namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

TEST(HostCopyProbe, SmallLatticeTakesTheSmallestBuffers) {
    // cavity2d size 8: 10 x 10 nodes of d2q9 fp32 pull, about 7 KB.
    EXPECT_EQ(host_copy_probe_bytes(lattice_bytes(ModelChoice{}, Dims{10, 10, 1})), 4096u);
}

TEST(HostCopyProbe, NeverLargerThanTheLattice) {
    for (double ws = 8192; ws < 1e10; ws *= 1.7) {
        const std::size_t bytes = host_copy_probe_bytes(ws);
        EXPECT_LE(2.0 * double(bytes), ws) << ws;
        EXPECT_GT(4.0 * double(bytes), std::min(ws, 512.0 * kMiB)) << ws; // at least half
    }
}

TEST(HostCopyProbe, LargeLatticeIsComparedWithDram) {
    EXPECT_EQ(host_copy_probe_bytes(512.0 * kMiB), 256 * kMiB);
    EXPECT_EQ(host_copy_probe_bytes(40e9), 256 * kMiB);
}

TEST(HostCopyProbe, MeasuredOncePerSize) {
    const double bw = host_copy_bandwidth(1e5);
    EXPECT_TRUE(std::isfinite(bw));
    EXPECT_GT(bw, 1e8); // 0.1 GB/s: any machine copies a cache-sized buffer faster
    EXPECT_EQ(host_copy_bandwidth(1.2e5), bw); // same 32 KiB buffers: the cached figure
}

} // namespace
} // namespace ll
