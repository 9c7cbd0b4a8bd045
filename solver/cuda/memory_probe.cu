// The lab's global-memory probe (solver/lab/memory_probe.hpp): Obrecht et al. 2010's kernel,
// which reads N words, notes the clock, writes them back and notes it again. The words are N
// arrays of one word per thread (structure of arrays, as the LBM kernels hold populations), so
// an aligned warp access is 32 consecutive words and a misaligned one is shifted by one word.
#include "../lab/memory_probe.hpp"
#include "cuda_buffer.hpp"
#include "device_properties.cuh"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace ll::lab {
namespace {

using cuda::DeviceBuffer;

struct RawWarp {
    long long t0, t1, t2;
    unsigned sm;
};

__device__ unsigned sm_id() {
    unsigned id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return id;
}

// One kernel per N, as Obrecht et al. generated theirs, so that the code is what an LBM kernel
// with N populations compiles to: N loads, then N stores, nothing else per word. W is an
// unsigned integer of the word's size (the probe moves bits). Timed: each warp notes t0, t1 and
// t2, and a fence makes t2 wait for the writes to land; untimed, the kernel is a plain copy
// with the same addressing (a fence per thread holds each warp's slot for a memory round trip,
// which a kernel's steady state does not pay).
template <class W, bool Timed, int N>
__global__ void probe_kernel(const W* __restrict__ src, W* __restrict__ dst, int misaligned_reads,
                             int misaligned_writes, long long pitch, RawWarp* warps) {
    extern __shared__ char occupancy_cap[]; // reserved only to limit blocks per SM
    const long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    long long t0 = 0, t1 = 0;
    if constexpr (Timed) t0 = clock64();
    W v[N];
#pragma unroll
    for (int j = 0; j < N; ++j)
        v[j] = src[j * pitch + t + (j < misaligned_reads ? 1 : 0)];
    if constexpr (Timed) {
        unsigned long long seen = 0;
#pragma unroll
        for (int j = 0; j < N; ++j)
            seen ^= (unsigned long long)v[j];
        // The store to shared memory waits for every loaded word, and the clock is not read
        // before a store: t1 comes once the reads have landed. (An empty asm taking `seen` only
        // orders the compiler's PTX; ptxas then hoisted the clock read above the loads' use.)
        __shared__ volatile unsigned long long sink;
        sink = seen;
        t1 = clock64();
    }
#pragma unroll
    for (int j = 0; j < N; ++j)
        dst[j * pitch + t + (j < misaligned_writes ? 1 : 0)] = v[j];
    if constexpr (Timed) {
        __threadfence(); // the writes are visible: t2 - t1 is the write time, not its issue
        const long long t2 = clock64();
        if ((threadIdx.x & 31) == 0) warps[t >> 5] = RawWarp{t0, t1, t2, sm_id()};
    }
    if (misaligned_reads < 0) occupancy_cap[0] = 0; // never: keeps the reservation referenced
}

// Reads `n` words: a one-wave probe's words (and the previous launch's writes, dirty in L2)
// leave L2 before the timed launch, their write-back done here rather than during it.
__global__ void read_through(const uint4* p, std::size_t n, unsigned* sink) {
    uint4 acc{0, 0, 0, 0};
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        const uint4 v = p[i];
        acc.x ^= v.x, acc.y ^= v.y, acc.z ^= v.z, acc.w ^= v.w;
    }
    if ((acc.x & acc.y & acc.z & acc.w) == 0xdeadbeefu) *sink = acc.x; // keeps the reads alive
}

// SM cycles per second: one thread spins for about 2 ms of the global timer (ns).
__global__ void clock_rate_kernel(long long* out) {
    unsigned long long g0, g;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
    const long long c0 = clock64();
    long long spins = 0; // bounded: a stalled global timer must not hang the probe
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g));
    } while (g - g0 < 2000000ull && ++spins < (1ll << 26));
    out[0] = clock64() - c0;
    out[1] = (long long)(g - g0);
}

double measure_sm_clock() {
    DeviceBuffer<long long> out(2);
    clock_rate_kernel<<<1, 1>>>(out.get());
    LL_CUDA(cudaGetLastError());
    long long h[2] = {0, 0};
    LL_CUDA(cudaMemcpy(h, out.get(), sizeof h, cudaMemcpyDeviceToHost));
    return h[1] > 0 ? double(h[0]) / (double(h[1]) * 1e-9) : 0.0;
}

void refuse(const std::string& field, long long value, const std::string& allowed) {
    throw std::invalid_argument(field + " = " + std::to_string(value) + ": must be " + allowed);
}

void check_spec(const MemoryProbeSpec& s, int max_blocks) {
    if (s.words < 1 || s.words > kMaxProbeWords)
        refuse("words", s.words, "1 to " + std::to_string(kMaxProbeWords));
    if (s.misaligned_reads < 0 || s.misaligned_reads > s.words)
        refuse("misaligned_reads", s.misaligned_reads,
               "0 to words (" + std::to_string(s.words) + ")");
    if (s.misaligned_writes < 0 || s.misaligned_writes > s.words)
        refuse("misaligned_writes", s.misaligned_writes,
               "0 to words (" + std::to_string(s.words) + ")");
    if (s.word_bytes != 2 && s.word_bytes != 4 && s.word_bytes != 8)
        refuse("word_bytes", s.word_bytes, "2, 4 or 8");
    const int max_block = max_probe_block(s.word_bytes, s.words, s.time_warps);
    if (s.block < 32 || s.block > max_block || s.block % 32 != 0)
        refuse("block", s.block,
               "a multiple of 32 from 32 to " + std::to_string(max_block) + " for " +
                   std::to_string(s.words) + " words of " + std::to_string(s.word_bytes) +
                   " bytes (the probe's registers)");
    if (s.blocks_per_sm < 1 || s.blocks_per_sm > max_blocks)
        refuse("blocks_per_sm", s.blocks_per_sm,
               "1 to " + std::to_string(max_blocks) + " for blocks of " + std::to_string(s.block) +
                   " threads on this GPU");
    if (s.threads < 0) refuse("threads", s.threads, "0 (one wave) or more");
}

// The kernel of N = words (1..kMaxProbeWords).
template <class W, bool Timed, int... Ns>
const void* kernel_of(int words, std::integer_sequence<int, Ns...>) {
    const void* k = nullptr;
    ((words == Ns + 1 ? (k = reinterpret_cast<const void*>(&probe_kernel<W, Timed, Ns + 1>))
                      : nullptr),
     ...);
    return k;
}

const void* kernel_for(int word_bytes, bool timed, int words) {
    const auto all = std::make_integer_sequence<int, kMaxProbeWords>{};
    switch (word_bytes * 2 + (timed ? 1 : 0)) {
    case 4:
        return kernel_of<unsigned short, false>(words, all);
    case 5:
        return kernel_of<unsigned short, true>(words, all);
    case 16:
        return kernel_of<unsigned long long, false>(words, all);
    case 17:
        return kernel_of<unsigned long long, true>(words, all);
    case 9:
        return kernel_of<unsigned, true>(words, all);
    default:
        return kernel_of<unsigned, false>(words, all);
    }
}

// The largest block the registers of `kernel` (one N, one word size) allow.
int kernel_max_block(const void* kernel) {
    cudaFuncAttributes attr{};
    LL_CUDA(cudaFuncGetAttributes(&attr, kernel));
    return attr.maxThreadsPerBlock;
}

// Dynamic shared memory that holds the kernel to `cap` resident blocks per SM (none where its
// registers and the SM's limits already do); `resident`: the blocks per SM then reached.
std::size_t cap_shared(const void* kernel, int block, int cap, int& resident) {
    const std::size_t smem = cuda::shared_bytes_capping(kernel, block, cap);
    LL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, block, smem));
    return smem;
}

// Each warp's times from its SM's first start. %smid need not be below the SM count, so the
// origins are keyed by the id itself.
std::vector<WarpTiming> warp_timings(const std::vector<RawWarp>& raw) {
    std::map<unsigned, long long> first;
    for (const RawWarp& w : raw) {
        const auto [it, added] = first.emplace(w.sm, w.t0);
        if (!added) it->second = std::min(it->second, w.t0);
    }
    std::vector<WarpTiming> out;
    out.reserve(raw.size());
    for (const RawWarp& w : raw)
        out.push_back({w.t0 - first[w.sm], w.t1 - w.t0, w.t2 - w.t1, int(w.sm)});
    return out;
}

} // namespace

int max_probe_block(int word_bytes, int words, bool timed) {
    return kernel_max_block(kernel_for(word_bytes, timed, words));
}

int probe_max_blocks_per_sm(int word_bytes, int words, int block, bool timed) {
    int natural = 0;
    LL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &natural, kernel_for(word_bytes, timed, words), block, 0));
    return natural;
}

int max_blocks_per_sm(int block) {
    const cudaDeviceProp& p = cuda::device_properties();
    return std::min(p.maxBlocksPerMultiProcessor,
                    p.maxThreadsPerMultiProcessor / std::max(block, 1));
}

MemoryProbeResult run_memory_probe(const MemoryProbeSpec& s, int repeats) {
    check_spec(s, max_blocks_per_sm(s.block));
    const cudaDeviceProp& p = cuda::device_properties();
    const void* kernel = kernel_for(s.word_bytes, s.time_warps, s.words);
    int resident = 0;
    const std::size_t smem = cap_shared(kernel, s.block, s.blocks_per_sm, resident);
    if (resident != s.blocks_per_sm)
        refuse("blocks_per_sm", s.blocks_per_sm,
               "at most " + std::to_string(resident) + " for " + std::to_string(s.words) +
                   " words of " + std::to_string(s.word_bytes) + " bytes in blocks of " +
                   std::to_string(s.block) + " threads (the probe's registers and this GPU)");
    MemoryProbeResult r;
    r.sms = p.multiProcessorCount;
    r.warps_per_sm = resident * s.block / 32;
    const long long wave = (long long)r.sms * resident * s.block;
    const long long blocks = (std::max<long long>(s.threads, wave) + s.block - 1) / s.block;
    r.threads = blocks * s.block;
    const long long pitch = r.threads + 32; // room for the misaligned word after the last
    const std::size_t bytes = std::size_t(pitch) * std::size_t(s.words) * std::size_t(s.word_bytes);
    const std::size_t flush_bytes = s.time_warps ? 2 * std::size_t(p.l2CacheSize) : 0;
    const std::size_t records = s.time_warps ? std::size_t(r.threads / 32) : 0;
    const std::size_t spare = std::size_t(64) << 20; // the context, the timer, the clock probe
    std::size_t free = 0, total = 0;
    LL_CUDA(cudaMemGetInfo(&free, &total));
    const std::size_t fixed = flush_bytes + records * sizeof(RawWarp) + spare;
    if (2 * bytes + fixed > free) {
        const std::size_t room = free > fixed ? (free - fixed) / 2 : 0;
        refuse("threads", s.threads,
               "at most " + std::to_string(room / s.word_bytes / s.words) +
                   " at words = " + std::to_string(s.words) + " (the GPU's free memory)");
    }
    DeviceBuffer<unsigned char> src(bytes), dst(bytes);
    LL_CUDA(cudaMemset(src.get(), 1, bytes));
    DeviceBuffer<RawWarp> raw(records);
    // A one-wave probe's words fit in L2, where the previous launch left them; the paper's GPU
    // had no L2 for global memory. Reading twice L2's size before each timed launch evicts
    // them, so that the warps' reads come from DRAM.
    DeviceBuffer<uint4> flush(flush_bytes / sizeof(uint4));
    DeviceBuffer<unsigned> sink(1);
    if (s.time_warps) LL_CUDA(cudaMemset(flush.get(), 0, flush_bytes));
    cuda::StreamTimer timer;
    std::vector<double> seconds;
    for (int k = 0; k <= std::max(repeats, 1); ++k) { // the first launch warms up
        if (s.time_warps) read_through<<<2 * r.sms, 1024>>>(flush.get(), flush.size(), sink.get());
        timer.start(nullptr);
        const void* in = src.get();
        void* out = dst.get();
        int l = s.misaligned_reads, m = s.misaligned_writes;
        long long pitch_ = pitch;
        RawWarp* w = s.time_warps ? raw.get() : nullptr;
        void* args[] = {&in, &out, &l, &m, &pitch_, &w};
        LL_CUDA(cudaLaunchKernel(kernel, dim3(unsigned(blocks)), dim3(unsigned(s.block)), args,
                                 smem, nullptr));
        const double t = timer.seconds(nullptr);
        if (k > 0) seconds.push_back(t);
    }
    std::sort(seconds.begin(), seconds.end());
    r.seconds = seconds[seconds.size() / 2];
    r.bytes = 2.0 * double(r.threads) * s.words * s.word_bytes;
    r.sm_clock_hz = measure_sm_clock();
    if (s.time_warps) {
        std::vector<RawWarp> host(std::size_t(r.threads / 32));
        LL_CUDA(cudaMemcpy(host.data(), raw.get(), host.size() * sizeof(RawWarp),
                           cudaMemcpyDeviceToHost));
        r.warps = warp_timings(host);
    }
    return r;
}

} // namespace ll::lab
