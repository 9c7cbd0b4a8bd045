#include "kernel_access.hpp"

#include "solver/dispatch.hpp"
#include "solver/models/registry.hpp"

namespace ll::lab {
namespace {

// The shared-memory scheme moves populations along x inside a block, so its global reads and
// writes stay aligned; the others' x shifts reach global memory.
template <class S, Scheme Sc>
KernelAccess counts(int word_bytes) {
    KernelAccess a;
    a.words = S::Q;
    a.word_bytes = word_bytes;
    a.parities = is_in_place(Sc) ? 2 : 1;
    for (int p = 0; p < a.parities; ++p)
        for (int i = 0; i < S::Q; ++i) {
            if (Sc == Scheme::SharedX) continue;
            a.misaligned_reads[p] += Addressing<S, Sc>::incoming(i, p).d[0] != 0;
            a.misaligned_writes[p] += Addressing<S, Sc>::outgoing(i, p).d[0] != 0;
        }
    return a;
}

} // namespace

KernelAccess kernel_access(const ModelChoice& m, std::string& why) {
    EngineConfig cfg;
    cfg.model = m;
    why = std::string(model_traits(cfg).access_model_gap);
    if (!why.empty()) return {};
    // AoSoA's warps read as SoA's do (one line per direction, a shifted read two); only AoS
    // strides them.
    if (m.layout == Layout::AoS) {
        why = "with AoS a warp's access to one population is strided by Q words, not shifted";
        return {};
    }
    const int bytes = int(bytes_per_value(stored_as(m)));
    return with_stencil(m.stencil, [&](auto s) {
        using S = typename decltype(s)::type;
        return with_scheme(m.scheme,
                           [&](auto sc) { return counts<S, decltype(sc)::value>(bytes); });
    });
}

} // namespace ll::lab
