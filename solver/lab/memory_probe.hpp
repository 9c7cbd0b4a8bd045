// The global-memory micro-benchmark of Obrecht et al. 2010 (VECPAR, "Global memory access
// modelling"): every thread reads N words, L of them one word off alignment, then writes N
// words, M of them off alignment, and each warp notes the SM clock before the reads (t0),
// after them (t1) and after the writes (t2). The same kernel, run over many waves, is the
// data-transfer benchmark of Obrecht et al. 2011 (CAMWA, Code 1) and the misaligned-read
// against misaligned-write copies of Calore et al. 2016 (Fig. 4). Plain C++: the CUDA side is
// solver/cuda/memory_probe.cu; builds without CUDA throw std::runtime_error.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ll::lab {

inline constexpr int kMaxProbeWords = 40; // the paper's sweeps reach N = 39

struct MemoryProbeSpec {
    int words = 19;            // N: words a thread reads, then writes (1..kMaxProbeWords)
    int misaligned_reads = 0;  // L: the first L of them are read one word past alignment
    int misaligned_writes = 0; // M: the first M are written one word past alignment
    int word_bytes = 4;        // 2, 4 or 8 (16-bit storage, FP32, FP64)
    int block = 32;            // threads per block (the paper: one warp)
    int blocks_per_sm = 8;     // resident blocks per SM: k = blocks_per_sm x block / 32 warps
    // Threads in all; 0: one wave, SMs x blocks_per_sm x block, whose warps are all timed
    // (Figs. 2-4, 7, 8). A larger count is the steady state of a kernel over a lattice.
    std::int64_t threads = 0;
    bool time_warps = true; // note t0, t1, t2 per warp (one record per warp)
};

// One warp's clock readings, in SM cycles. start: t0 less the earliest t0 on its SM (the launch
// delay of Obrecht et al.'s Fig. 2); read: t1 - t0; write: t2 - t1 (after a memory fence, so
// the writes have landed). Untimed probes (time_warps false) run without clocks and fence: a
// plain copy, what a kernel's steady state moves. Timed probes evict L2 before each launch, so
// their reads come from DRAM.
struct WarpTiming {
    std::int64_t start = 0, read = 0, write = 0;
    int sm = 0;
};

struct MemoryProbeResult {
    std::vector<WarpTiming> warps; // time_warps only
    double seconds = 0;            // the launch, CUDA events, median of the repeats
    double sm_clock_hz = 0;        // SM cycles per second, measured beside the probe
    int sms = 0;                   // multiprocessors
    int warps_per_sm = 0;          // k: resident warps per SM the launch achieved
    std::int64_t threads = 0;
    double bytes = 0; // read + written, per launch
    double bytes_per_s() const { return seconds > 0 ? bytes / seconds : 0; }
};

// Refuses a spec outside the device's limits with std::invalid_argument naming the field and
// the allowed range (words, misaligned counts, word bytes, block, blocks per SM, memory).
MemoryProbeResult run_memory_probe(const MemoryProbeSpec& spec, int repeats = 3);

// The largest block the probe runs for `words` words of `word_bytes` (its registers decide; 0
// without a GPU).
int max_probe_block(int word_bytes, int words, bool time_warps);

// The most blocks of `block` threads the probe for `words` words of `word_bytes` keeps on one
// SM at once: its registers and the SM's limits (0 without a GPU). A spec asking for more is
// refused.
int probe_max_blocks_per_sm(int word_bytes, int words, int block, bool time_warps);

// The most blocks of `block` threads one SM holds at once (0 without a GPU).
int max_blocks_per_sm(int block);

} // namespace ll::lab
