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
                return ll::outgoing_element<M, L(), Sc()>(config(), set, n, i, parity);
            });
        else if constexpr (OwnHaloModel<M>)
            return M::outgoing_element(config(), set, n, i, parity);
        else
            return Engine::outgoing_element(set, n, i, parity);
    }
    std::size_t element_bytes() const override { return sizeof(typename M::Store); }
    std::uint64_t stored_elements(int set) const override {
        if constexpr (ExchangesHalos<M>) return set_elements<M>(set, config());
        return Engine::stored_elements(set);
    }
    std::optional<node_t> element_node(int set, std::uint64_t e) const override {
        if constexpr (HaloModel<M>)
            return M::with_layout_scheme(config().model, [&](auto L, auto) {
                return ll::element_node<M, L()>(config(), set, e);
            });
        else
            return Engine::element_node(set, e);
    }

    // A model that makes its own equilibrium (EquilibriumFromFields) starts where the lattice
    // lives: the fields are checked here, and each engine writes every updated node's
    // start_node (start_from_fields). Others start from the host's canonical state.
    void import_equilibrium(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags,
                            const std::vector<double>& rho, const std::vector<double>& u,
                            const std::vector<double>& T) override {
        if constexpr (!EquilibriumFromFields<M>) {
            Engine::import_equilibrium(cfg, flags, rho, u, T);
        } else {
            check_equilibrium_fields(config().dims.nodes(), rho, u, T, M::kHasTemperature);
            start_from_fields(rho.data(), u.data(), M::kHasTemperature ? T.data() : nullptr);
        }
    }

protected:
    virtual const EngineConfig& config() const = 0;
    // rho and T: a value a node, u three; T null where the model has none. Called only for
    // models of EquilibriumFromFields, after the check.
    virtual void start_from_fields(const double* rho, const double* u, const double* T) = 0;
};

} // namespace ll
