// The D2Q37 kernel bench's measurements, shared by `latticelab thermal-bench` and the lab's
// D2Q37 studies (app/lab/study_d2q37.cpp): an engine of one scheme and layout started from the
// rt2d state, on the GPU or the CPU, and one pass alone or full steps at a block size, each
// the median of repeated timings. What is timed are the one engine's own passes
// (Engine::time_pass; solver/models/d2q37/node_model.hpp): what is measured is what runs.
#pragma once
#include "solver/models/d2q37/rt2d.hpp"
#include "thermal_bench_report.hpp"

#include <memory>

namespace ll::cli {

struct D2Q37Timing {
    int launches = 20; // back-to-back launches per kernel measurement
    int steps = 20;    // steps per full-step measurement
    int repeats = 5;   // measurements per row (the median is kept)
    double flops_per_site = thermal::CollideFlops::per_site;
};

// The engine of rt.config's lattice and layout with `scheme`, on `backend` (Cuda or Cpu),
// started from rt's initial fields. Throws ConfigError for a lattice too large, and
// std::runtime_error naming why when the GPU is not usable.
std::unique_ptr<Engine> make_d2q37_bench(const thermal::Rt2dSetup& rt, thermal::D2Q37Scheme scheme,
                                         BackendKind backend);

// Kernel k of bench's step plan alone at `block` threads per block on an lx x ly lattice: the
// median seconds per launch, or `refused` where a function cannot start with `block` threads.
BenchRow time_d2q37_kernel(Engine& bench, thermal::D2Q37Kernel k, int block, int lx, int ly,
                           const D2Q37Timing& t);

// Full steps of bench's scheme (named `scheme` in the row) at `block` threads per block: the
// median seconds per step after a warm-up of two steps.
BenchRow time_d2q37_step(Engine& bench, thermal::D2Q37Scheme scheme, int block, int lx, int ly,
                         const D2Q37Timing& t);

} // namespace ll::cli
