// The shape of CudaEngine's launches (cuda_engine.cuh): which bulk kernel a step launches (its
// parity, its register cap) and the launch report of the kernels that bound a step, with the
// occupancy cap enforced through reserved dynamic shared memory. Free functions of the node
// model and the launch configuration: they hold no state, so what a launch depends on shows at
// every call, and the engine keeps only their result (its LaunchReport).
//
// [SECTION] kernels     the parity and register-cap variants of the bulk kernel
// [SECTION] occupancy   occupancy cap through reserved dynamic shared memory; the report of the
//                       binding kernel (node-update models) or pass (step plans)
#pragma once
#include "kernels.cuh"
#include "register_caps.hpp"
#include "solver/cuda/device_properties.cuh"
#include "step_plan.hpp"

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

namespace ll::cuda {

// ---- [SECTION] kernels ----

// Calls f(std::integral_constant<int, P>{}) for a step of parity P: 0 or 1 for the in-place
// schemes, always 0 for A-B ones, whose kernels compute the same for either, so that their
// parity-1 kernels are never built (a CUDA build's time is mostly kernel instantiations).
template <Scheme Sc, class F>
void with_parity(int parity, F&& f) {
    if constexpr (is_in_place(Sc))
        if (parity) return f(std::integral_constant<int, 1>{});
    f(std::integral_constant<int, 0>{});
}

// Calls f(std::integral_constant<FacePath, F>{}) with the face path of the kernels of a lattice
// whose x faces are `faces` (node_model.hpp, update_with): None or Faces for a faced scheme,
// Runtime for every other.
template <class M, Scheme Sc, class F>
decltype(auto) with_face_path(const XFaces& faces, F&& f) {
    if constexpr (kFacedScheme<M, Sc>) {
        if (faces.own != 0) return f(std::integral_constant<FacePath, FacePath::Faces>{});
        return f(std::integral_constant<FacePath, FacePath::None>{});
    } else {
        return f(std::integral_constant<FacePath, FacePath::Runtime>{});
    }
}

// The bulk kernel with `cap` registers (one of kRegisterCaps, which CudaEngine::set_launch
// checked) for a step of `parity`; an A-B scheme has parity 0 only.
template <class M>
using CappedKernel = void (*)(typename M::Args, node_t);
template <class M, Layout L, Scheme Sc, class C>
CappedKernel<M> capped_kernel(int cap, int parity) {
    CappedKernel<M> k = nullptr;
    with_register_cap(cap, [&](auto regs) {
        k = &step_bulk_capped<M, L, Sc, C, 0, regs()>;
        if constexpr (is_in_place(Sc))
            if (parity) k = &step_bulk_capped<M, L, Sc, C, 1, regs()>;
    });
    return k;
}

// The kernel a step launches now (for A-A and esoteric: the one of the current parity) on a
// lattice whose x faces are `faces`.
template <class M, Layout L, Scheme Sc, class C>
const void* kernel_for(const LaunchConfig& launch, int parity, const XFaces& faces) {
    if constexpr (Sc == Scheme::SharedX) {
        using Real = typename M::Real;
        using Store = typename M::Store;
        return reinterpret_cast<const void*>(&shared_x<typename M::Stencil, L, C, Real, Store>);
    } else {
        if constexpr (register_capped<M, L, Sc, C>())
            if (launch.register_cap)
                return reinterpret_cast<const void*>(
                    capped_kernel<M, L, Sc, C>(launch.register_cap, parity));
        const void* k = nullptr;
        with_parity<Sc>(parity, [&](auto P) {
            with_face_path<M, Sc>(faces, [&](auto F) {
                k = reinterpret_cast<const void*>(
                    &step_bulk<M, L, Sc, C, P(), BulkNodes::All, F()>);
            });
        });
        return k;
    }
}

// ---- [SECTION] occupancy ----

// Registers, blocks per SM and occupancy of `kernel` at the launch's block size, with at least
// `needed_smem` bytes of dynamic shared memory; with an occupancy cap, as many more as hold an
// SM to `blocks_per_sm_cap` blocks (reported as dynamic_shared_bytes, which every launch asks).
inline LaunchReport occupancy_for(const void* kernel, const LaunchConfig& launch,
                                  std::size_t needed_smem) {
    cudaFuncAttributes attr{};
    LL_CUDA(cudaFuncGetAttributes(&attr, kernel));
    const int block = launch.block_size;
    if (block > attr.maxThreadsPerBlock)
        throw ConfigError("block_size = " + std::to_string(block) + ": this kernel uses " +
                          std::to_string(attr.numRegs) + " registers per thread, so at most " +
                          std::to_string(attr.maxThreadsPerBlock) +
                          " threads fit in a block; use a multiple of 32 up to that");
    const int cap = launch.blocks_per_sm_cap;
    // Reserve shared memory so that at most `cap` blocks fit on one SM.
    std::size_t smem = needed_smem;
    if (cap > 0)
        smem = shared_bytes_capping(kernel, block, cap, needed_smem);
    else
        LL_CUDA(
            cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    LaunchReport r = function_launch_report(kernel, block, smem);
    if (r.blocks_per_sm == 0)
        throw ConfigError("block_size = " + std::to_string(block) +
                          ": no block of this size fits on an SM with the requested "
                          "occupancy cap; use a smaller block or a higher cap");
    r.dynamic_shared_bytes = int(cap > 0 ? smem : 0);
    return r;
}

// Of two kernels that alternate, the one that fits fewer warps on an SM (on a tie, the one
// with more registers): what their steps are bounded by.
inline LaunchReport binding(const LaunchReport& a, const LaunchReport& b) {
    if (b.theoretical_occupancy != a.theoretical_occupancy)
        return b.theoretical_occupancy < a.theoretical_occupancy ? b : a;
    return b.registers_per_thread > a.registers_per_thread ? b : a;
}

// Every launch variant of the bulk kernel (BulkNodes) with the reported one's shared
// memory, which enforces the occupancy cap. Parity 1 only where the scheme has it, so that
// A-B schemes instantiate no kernel they never launch.
template <class M, Layout L, Scheme Sc, class C, int Parity, FacePath F>
void share_launch_bytes_of(const LaunchReport& r) {
    const void* variants[] = {
        reinterpret_cast<const void*>(&step_bulk<M, L, Sc, C, Parity, BulkNodes::All, F>),
        reinterpret_cast<const void*>(&step_bulk<M, L, Sc, C, Parity, BulkNodes::AllButBorder, F>),
        reinterpret_cast<const void*>(&step_bulk<M, L, Sc, C, Parity, BulkNodes::Listed, F>)};
    for (const void* k : variants)
        LL_CUDA(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     r.dynamic_shared_bytes));
}
template <class M, Layout L, Scheme Sc, class C>
void share_launch_bytes(const LaunchReport& r, const XFaces& faces) {
    with_face_path<M, Sc>(faces, [&](auto F) {
        share_launch_bytes_of<M, L, Sc, C, 0, F()>(r);
        if constexpr (is_in_place(Sc)) share_launch_bytes_of<M, L, Sc, C, 1, F()>(r);
    });
}

// The report of a node-update model's step under `cfg`: its bulk kernel's (shared_x's with the
// rows it needs), whose shared memory every bulk launch variant then asks.
template <class M>
LaunchReport node_kernel_report(const EngineConfig& cfg) {
    LaunchReport r{};
    const XFaces faces = model_x_faces<M>(0, cfg);
    M::with_step(cfg.model, [&](auto L, auto Sc, auto C) {
        using Coll = typename decltype(C)::type;
        std::size_t needed = 0;
        if constexpr (Sc() == Scheme::SharedX)
            needed = shared_x_bytes<typename M::Stencil, typename M::Real>(cfg.launch.block_size);
        r = occupancy_for(kernel_for<M, L(), Sc(), Coll>(cfg.launch, 0, faces), cfg.launch, needed);
        // An in-place scheme alternates two kernels, which need the same shared-memory
        // setting; the report is the binding one (A-A's odd step: 80 registers against 48
        // for D3Q19 FP32 BGK), as Bailey et al. 2009 give A-A:2's.
        if constexpr (is_in_place(Sc()))
            r = binding(r, occupancy_for(kernel_for<M, L(), Sc(), Coll>(cfg.launch, 1, faces),
                                         cfg.launch, needed));
        if constexpr (Sc() != Scheme::SharedX) share_launch_bytes<M, L(), Sc(), Coll>(r, faces);
    });
    return r;
}

// A plan's report is its binding pass's: the lowest occupancy (D2Q37's collision, with its
// register count), and the smallest block limit of them all. The cap applies to every pass.
inline LaunchReport binding_pass_report(const std::vector<PlanPass>& passes,
                                        const LaunchConfig& launch) {
    LaunchReport r{};
    r.theoretical_occupancy = 2; // above any real one
    int max_threads = 1024;
    for (const PlanPass& p : passes) {
        const LaunchReport pass = occupancy_for(p.kernel, launch, 0);
        max_threads = std::min(max_threads, pass.max_threads_per_block);
        if (pass.theoretical_occupancy < r.theoretical_occupancy) r = pass;
    }
    r.max_threads_per_block = max_threads;
    return r;
}

} // namespace ll::cuda
