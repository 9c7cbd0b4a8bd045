// Session 22 scratch: what does the 2x2x2 x-face copy cost at best on this GPU?
// Eight 128^3 tiles with rows of 136 FP32 nodes (AoSoA, 32-node blocks, 19 directions), 130
// rows and 130 planes. Each receiving tile gets, for each of its 128x128 rows, 10 sectors (5
// populations from the left neighbour's x=127 sector, 5 from the right's x=0 sector) into its
// halo sector x=128..135. This is the copy the tiled engine runs after a 2x2x2 step.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <vector>

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e = (x);                                                                       \
        if (e != cudaSuccess) {                                                                    \
            printf("%s: %s\n", #x, cudaGetErrorString(e));                                         \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

constexpr int Q = 19, NX = 136, NY = 130, NZ = 130, T = 8;
constexpr long long NODES = (long long)NX * NY * NZ;
constexpr long long STORED = (NODES + 31) / 32 * 32 * Q; // floats per tile buffer
__host__ __device__ long long elem(long long n, int i) {
    return n / 32 * (Q * 32) + i * 32 + n % 32;
}

struct Run {
    unsigned src, dst;
    unsigned char sb, db;
};

__global__ void copy_runs(float** buf, const unsigned char* sb, const unsigned* src,
                          const unsigned char* db, const unsigned* dst, size_t count) {
    size_t j = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j >= count * 2) return;
    size_t k = j / 2;
    int lane = j % 2;
    const uint4* f = reinterpret_cast<const uint4*>(buf[sb[k]] + src[k]) + lane;
    uint4* t = reinterpret_cast<uint4*>(buf[db[k]] + dst[k]) + lane;
    *t = *f;
}
// One thread per run, 32 bytes as two vectors.
__global__ void copy_runs1(float** buf, const unsigned char* sb, const unsigned* src,
                           const unsigned char* db, const unsigned* dst, size_t count) {
    size_t k = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (k >= count) return;
    const uint4* f = reinterpret_cast<const uint4*>(buf[sb[k]] + src[k]);
    uint4* t = reinterpret_cast<uint4*>(buf[db[k]] + dst[k]);
    uint4 a = f[0], b = f[1];
    t[0] = a;
    t[1] = b;
}
__global__ void read_runs(float** buf, const unsigned char* sb, const unsigned* src, size_t count,
                          unsigned* sink) {
    size_t j = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j >= count * 2) return;
    size_t k = j / 2;
    uint4 v = reinterpret_cast<const uint4*>(buf[sb[k]] + src[k])[j % 2];
    if ((v.x ^ v.y ^ v.z ^ v.w) == 0x12345678u) sink[0] = 1;
}
__global__ void write_runs(float** buf, const unsigned char* db, const unsigned* dst,
                           size_t count) {
    size_t j = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j >= count * 2) return;
    size_t k = j / 2;
    reinterpret_cast<uint4*>(buf[db[k]] + dst[k])[j % 2] = make_uint4(k, 1, 2, 3);
}

int main() {
    std::vector<float*> h(T);
    for (auto& p : h)
        CK(cudaMalloc(&p, STORED * 4));
    float** dbuf;
    CK(cudaMalloc(&dbuf, T * sizeof(float*)));
    CK(cudaMemcpy(dbuf, h.data(), T * sizeof(float*), cudaMemcpyHostToDevice));
    char* flush;
    CK(cudaMalloc(&flush, 256 << 20));
    unsigned* sink;
    CK(cudaMalloc(&sink, 4));
    // D3Q19: 5 directions with cx=+1 and 5 with cx=-1 (which i they are does not matter here).
    const int plus[5] = {1, 7, 9, 11, 13}, minus[5] = {2, 8, 10, 12, 14};
    auto build = [&](int order) {
        std::vector<Run> r;
        for (int t = 0; t < T; ++t) {
            int s = t ^ 1; // the x neighbour (2 tiles along x: both sides the same tile)
            for (int z = 1; z <= 128; ++z)
                for (int y = 1; y <= 128; ++y) {
                    long long row = (long long)NX * (y + (long long)NY * z);
                    for (int k = 0; k < 5; ++k) {
                        // arrives at x=-1 (stored at 135) from sender x=127: sender 120..127
                        r.push_back({unsigned(elem(row + 120, plus[k])),
                                     unsigned(elem(row + 128, plus[k])), (unsigned char)s,
                                     (unsigned char)t});
                        r.push_back({unsigned(elem(row + 0, minus[k])),
                                     unsigned(elem(row + 128, minus[k])), (unsigned char)s,
                                     (unsigned char)t});
                    }
                }
        }
        if (order == 1) // by sender's row, then direction: the present order within a tile
            std::stable_sort(r.begin(), r.end(), [](const Run& a, const Run& b) {
                return std::make_pair(a.db, a.dst) < std::make_pair(b.db, b.dst);
            });
        if (order == 2) // direction-major: consecutive runs one row apart
            std::stable_sort(r.begin(), r.end(), [](const Run& a, const Run& b) {
                return std::make_tuple(a.db, a.dst % (Q * 32), a.dst) <
                       std::make_tuple(b.db, b.dst % (Q * 32), b.dst);
            });
        if (order == 3) { // contiguous control: the same count of sectors, one after the other
            for (size_t k = 0; k < r.size(); ++k) {
                r[k].src = unsigned(k * 8 % (STORED - 8));
                r[k].dst = unsigned(k * 8 % (STORED - 8));
            }
        }
        return r;
    };
    const char* names[] = {"x faces, built order", "x faces, by receiver slot",
                           "x faces, direction-major", "contiguous sectors (control)"};
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int gran : {0, 32, 64, 128}) {
        if (gran) CK(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, gran));
        size_t g = 0;
        CK(cudaDeviceGetLimit(&g, cudaLimitMaxL2FetchGranularity));
        for (int order = 0; order < 4; ++order) {
            std::vector<Run> r = build(order);
            size_t n = r.size();
            std::vector<unsigned char> sb(n), db(n);
            std::vector<unsigned> src(n), dst(n);
            for (size_t k = 0; k < n; ++k) {
                sb[k] = r[k].sb;
                db[k] = r[k].db;
                src[k] = r[k].src;
                dst[k] = r[k].dst;
            }
            unsigned char *dsb, *ddb;
            unsigned *dsrc, *ddst;
            CK(cudaMalloc(&dsb, n));
            CK(cudaMalloc(&ddb, n));
            CK(cudaMalloc(&dsrc, n * 4));
            CK(cudaMalloc(&ddst, n * 4));
            CK(cudaMemcpy(dsb, sb.data(), n, cudaMemcpyHostToDevice));
            CK(cudaMemcpy(ddb, db.data(), n, cudaMemcpyHostToDevice));
            CK(cudaMemcpy(dsrc, src.data(), n * 4, cudaMemcpyHostToDevice));
            CK(cudaMemcpy(ddst, dst.data(), n * 4, cudaMemcpyHostToDevice));
            for (int kind = 0; kind < 4; ++kind) {
                std::vector<float> ms;
                for (int rep = 0; rep < 15; ++rep) {
                    CK(cudaMemset(flush, rep, 256 << 20));
                    CK(cudaEventRecord(a));
                    int threads = 256;
                    if (kind == 0)
                        copy_runs<<<(n * 2 + 255) / 256, threads>>>(dbuf, dsb, dsrc, ddb, ddst, n);
                    if (kind == 1)
                        copy_runs1<<<(n + 255) / 256, threads>>>(dbuf, dsb, dsrc, ddb, ddst, n);
                    if (kind == 2)
                        read_runs<<<(n * 2 + 255) / 256, threads>>>(dbuf, dsb, dsrc, n, sink);
                    if (kind == 3) write_runs<<<(n * 2 + 255) / 256, threads>>>(dbuf, ddb, ddst, n);
                    CK(cudaEventRecord(b));
                    CK(cudaEventSynchronize(b));
                    float t;
                    CK(cudaEventElapsedTime(&t, a, b));
                    ms.push_back(t);
                }
                std::sort(ms.begin(), ms.end());
                const char* kn[] = {"copy 2 thr/run", "copy 1 thr/run", "read only", "write only"};
                printf(
                    "fetch %3zu | %-30s | %-15s | %zu runs | median %.1f us | min %.1f us | %.0f "
                    "GB/s sectors\n",
                    g, names[order], kn[kind], n, ms[7] * 1e3, ms[0] * 1e3,
                    n * 32.0 * (kind < 2 ? 2 : 1) / (ms[7] * 1e-3) / 1e9);
            }
            CK(cudaFree(dsb));
            CK(cudaFree(ddb));
            CK(cudaFree(dsrc));
            CK(cudaFree(ddst));
        }
    }
    // Reference: a contiguous device-to-device copy of 1 GiB (read + write counted).
    return 0;
}
