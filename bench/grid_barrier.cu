// What one step of a resident kernel (solver/engine/resident_steps.cuh) cannot go below: the
// grid barrier alone, and the barrier with a step's worth of L2 traffic per thread (9 reads, 1
// write), over grid shapes (docs/PERFORMANCE.md, session 6).
//   nvcc -O3 -arch=sm_90 -o grid_barrier bench/grid_barrier.cu && ./grid_barrier
#include <cooperative_groups.h>
#include <cstdio>

namespace {

constexpr int kSteps = 2000;
constexpr int kNodes = 37000; // cylinder2d's lattice

__global__ void barrier_steps(int steps, float* buffer, int touch) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    const int n = blockIdx.x * blockDim.x + threadIdx.x;
    for (int s = 0; s < steps; ++s) {
        if (touch && n < kNodes) {
            const float* src = buffer + (s & 1) * kNodes;
            float sum = 0;
            for (int q = 0; q < 9; ++q)
                sum += src[(n + q * 37) % kNodes];
            buffer[((s + 1) & 1) * kNodes + n] = 0.1f * sum;
        }
        grid.sync();
    }
}

} // namespace

int main() {
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    float* buffer = nullptr;
    cudaMalloc(&buffer, 2 * kNodes * sizeof(float));
    cudaMemset(buffer, 0, 2 * kNodes * sizeof(float));
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    for (int touch = 0; touch < 2; ++touch)
        for (int block : {128, 256, 512, 1024})
            for (int per_sm : {1, 2}) {
                if (block * per_sm > 2048) continue;
                int steps = kSteps;
                void* args[] = {&steps, &buffer, &touch};
                const dim3 grid(sms * per_sm);
                cudaLaunchCooperativeKernel((void*)barrier_steps, grid, block, args, 0, 0);
                cudaEventRecord(start);
                cudaLaunchCooperativeKernel((void*)barrier_steps, grid, block, args, 0, 0);
                cudaEventRecord(stop);
                cudaEventSynchronize(stop);
                float ms = 0;
                cudaEventElapsedTime(&ms, start, stop);
                std::printf("%-22s grid %4d x %4d: %.2f us per step %s\n",
                            touch ? "barrier + 9 loads" : "barrier only", grid.x, block,
                            ms * 1e3 / kSteps, cudaGetErrorString(cudaGetLastError()));
            }
}
