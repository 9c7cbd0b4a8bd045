// What CpuEngine<M> and CudaEngine<M> answer alike from the model alone: the halo exchange's
// view of the population sets (population_sets.hpp), from the DdQq addressing (HaloModel) or
// the model's own (OwnHaloModel). Other models keep Engine's refusals.
#pragma once
#include "engine.hpp"
#include "population_sets.hpp"

namespace ll {

template <NodeModel M>
class ModelEngine : public Engine {
public:
    int population_sets() const override {
        if constexpr (!ExchangesHalos<M>) return Engine::population_sets();
        return M::kSets;
    }
    std::vector<std::array<int, 3>> set_velocities(int set) const override {
        if constexpr (HaloModel<M>)
            return ll::set_velocities<M>(set);
        else if constexpr (OwnHaloModel<M>)
            return M::halo_velocities(set);
        else
            return Engine::set_velocities(set);
    }
    std::uint64_t outgoing_element(int set, node_t n, int i, int parity) const override {
        if constexpr (HaloModel<M>)
            return M::with_layout_scheme(config().model, [&](auto L, auto Sc) {
                return ll::outgoing_element<M, L(), Sc()>(config().dims, set, n, i, parity);
            });
        else if constexpr (OwnHaloModel<M>)
            return M::outgoing_element(config(), set, n, i, parity);
        else
            return Engine::outgoing_element(set, n, i, parity);
    }
    std::size_t element_bytes() const override { return sizeof(typename M::Store); }

protected:
    virtual const EngineConfig& config() const = 0;
};

} // namespace ll
