// The CPU copy-bandwidth probe (issue 10): its two buffers together hold as many bytes as the
// lattice it is compared with, so that both sit at the same level of the memory hierarchy (a
// small run stays in the caches; a lattice a little larger than the last-level cache is not
// compared with a copy that fits in it), up to two 256 MiB buffers, far larger than caches.
#include "solver/engine/engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace ll {
namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

TEST(HostCopyProbe, SmallLatticeTakesTheSmallestBuffers) {
    // cavity2d size 8: 10 x 10 nodes of d2q9 fp32 pull, about 7 KB.
    EXPECT_EQ(host_copy_probe_bytes(lattice_bytes(ModelChoice{}, Dims{10, 10, 1})), 4096u);
}

TEST(HostCopyProbe, TwoBuffersHoldTheLattice) {
    for (double ws = 8192; ws < 1e10; ws *= 1.7) {
        const double held = 2.0 * double(host_copy_probe_bytes(ws));
        const double lattice = std::min(ws, 512.0 * kMiB);
        EXPECT_GE(held, lattice) << ws;
        EXPECT_LT(held, lattice + 2.0 * 4096) << ws; // rounded up to whole pages only
        EXPECT_EQ(host_copy_probe_bytes(ws) % 4096, 0u) << ws;
    }
}

// D2Q9 FP32 A-A at 1024^2 (38.7 MB) on a machine with a 32 MiB last-level cache: the lattice
// streams from DRAM, and so must the probe (its buffers used to be 2 x 8 MiB, which the cache
// held, and the ratio moved between 27 and 59 % from run to run).
TEST(HostCopyProbe, ALatticeLargerThanTheCacheIsComparedWithALargerCopy) {
    ModelChoice m{};
    m.scheme = Scheme::AA;
    const double lattice = lattice_bytes(m, Dims{1024, 1024, 1});
    EXPECT_GE(2.0 * double(host_copy_probe_bytes(lattice)), lattice);
    EXPECT_GT(2 * host_copy_probe_bytes(lattice), 32 * kMiB);
}

TEST(HostCopyProbe, LargeLatticeIsComparedWithDram) {
    EXPECT_EQ(host_copy_probe_bytes(512.0 * kMiB), 256 * kMiB);
    EXPECT_EQ(host_copy_probe_bytes(40e9), 256 * kMiB);
}

TEST(HostCopyProbe, MeasuredOncePerSize) {
    const double bw = host_copy_bandwidth(1e5);
    EXPECT_TRUE(std::isfinite(bw));
    EXPECT_GT(bw, 1e8); // 0.1 GB/s: any machine copies a cache-sized buffer faster
    EXPECT_EQ(host_copy_bandwidth(1e5 + 100), bw); // the same 13 pages: the cached figure
}

} // namespace
} // namespace ll
