// The memory pattern of a D3Q19 pull step without its physics: what the layout alone lets a
// GPU reach, against cudaMemcpy (docs/PERFORMANCE.md, session 6). Each thread reads its 19
// populations from the neighbours they come from and writes 19 at its own node, with a
// minimal relaxation between; variants change only where the values live and how they move:
//   soa          population i of node n at i * stride + n (LatticeLab's SoA; stride = nodes,
//                or nodes + pad to stagger the 19 arrays' starts)
//   streaming    SoA with evict-first stores (__stcs)
//   flags        SoA plus the flag byte per node the solver reads first
//   aosoa32      tiles of 32 nodes, the tile's 19 populations one after another (a warp's
//                read of one direction is still one 128-byte line; a tile's 19 lines are
//                neighbours in DRAM)
// with and without an occupancy cap (dynamic shared memory), at 256³ in FP32.
//   nvcc -O3 -arch=sm_90 -o pull_pattern bench/pull_pattern.cu && ./pull_pattern
#include <cstdio>
#include <utility>

namespace {

constexpr int kSide = 256;
constexpr int kQ = 19;
constexpr int kRepeats = 20;
__constant__ int cx[kQ] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
__constant__ int cy[kQ] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
__constant__ int cz[kQ] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};

enum Pattern { kSoA, kStreaming, kFlags, kAoSoA32 };

template <Pattern P>
__device__ long slot(long node, int i, long stride) {
    if constexpr (P == kAoSoA32)
        return (node / 32) * (kQ * 32) + i * 32 + node % 32;
    else
        return i * stride + node;
}

template <Pattern P>
__global__ void pull_step(const float* src, float* dst, const unsigned char* flags, long stride) {
    extern __shared__ char occupancy_cap[]; // only reserved, to cap blocks per SM
    const long n = long(blockIdx.x) * blockDim.x + threadIdx.x;
    if constexpr (P == kFlags)
        if (flags[n] == 7) return; // never true: the load is what counts
    const int x = n % kSide, y = (n / kSide) % kSide, z = n / (kSide * kSide);
    float f[kQ], sum = 0;
#pragma unroll
    for (int i = 0; i < kQ; ++i) {
        const int xs = (x - cx[i] + kSide) % kSide, ys = (y - cy[i] + kSide) % kSide,
                  zs = (z - cz[i] + kSide) % kSide;
        f[i] = src[slot<P>(xs + kSide * (ys + long(kSide) * zs), i, stride)];
        sum += f[i];
    }
    const float mean = sum / kQ;
#pragma unroll
    for (int i = 0; i < kQ; ++i) {
        const float v = f[i] + 0.5f * (mean - f[i]);
        if constexpr (P == kStreaming)
            __stcs(dst + slot<P>(n, i, stride), v);
        else
            dst[slot<P>(n, i, stride)] = v;
    }
}

struct Bench {
    long nodes = long(kSide) * kSide * kSide;
    float *a = nullptr, *b = nullptr;
    unsigned char* flags = nullptr;
    cudaEvent_t start, stop;
    double copy_gbs = 0;

    Bench() {
        const size_t bytes = (nodes + 4096) * kQ * sizeof(float);
        cudaMalloc(&a, bytes);
        cudaMalloc(&b, bytes);
        cudaMalloc(&flags, nodes);
        cudaMemset(a, 0, bytes);
        cudaMemset(b, 0, bytes);
        cudaMemset(flags, 1, nodes);
        cudaEventCreate(&start);
        cudaEventCreate(&stop);
        copy_gbs = time_gbs([&] {
            cudaMemcpy(b, a, nodes * kQ * sizeof(float), cudaMemcpyDeviceToDevice);
        });
        std::printf("cudaMemcpy: %.0f GB/s (read + write)\n", copy_gbs);
    }
    template <class Launch>
    double time_gbs(Launch launch) {
        launch();
        cudaEventRecord(start);
        for (int r = 0; r < kRepeats; ++r)
            launch();
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        return 2.0 * nodes * kQ * sizeof(float) * kRepeats / (ms * 1e-3) / 1e9;
    }
    template <Pattern P>
    void run(const char* name, long pad, int block, size_t cap_bytes) {
        auto kernel = pull_step<P>;
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
        int blocks_per_sm = 0;
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, kernel, block, cap_bytes);
        const double gbs = time_gbs([&] {
            kernel<<<nodes / block, block, cap_bytes>>>(a, b, flags, nodes + pad);
            std::swap(a, b);
        });
        std::printf("%-12s pad %5ld block %4d warps/SM %2d: %5.0f GB/s %5.1f %% of copy %s\n", name,
                    pad, block, blocks_per_sm * block / 32, gbs, 100 * gbs / copy_gbs,
                    cudaGetErrorString(cudaGetLastError()));
    }
};

} // namespace

int main() {
    Bench bench;
    for (int block : {128, 256, 512}) {
        bench.run<kSoA>("soa", 0, block, 0);
        bench.run<kSoA>("soa", 160, block, 0);
        bench.run<kStreaming>("streaming", 0, block, 0);
        bench.run<kFlags>("flags", 0, block, 0);
        bench.run<kAoSoA32>("aosoa32", 0, block, 0);
    }
    for (int blocks : {5, 4, 3, 2}) { // 40, 32, 24 and 16 warps per SM in blocks of 256
        int per_sm = 0;
        cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0);
        const size_t cap = size_t(per_sm) / (blocks + 1) + 1;
        bench.run<kSoA>("soa", 0, 256, cap);
        bench.run<kFlags>("flags", 0, 256, cap);
        bench.run<kAoSoA32>("aosoa32", 0, 256, cap);
    }
}
