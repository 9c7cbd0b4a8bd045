#include "spare_slots.hpp"

#include "solver/core/flags.hpp"

#include <algorithm>

namespace ll {

SpareSlots::SpareSlots(std::vector<const Engine*> engines, const std::vector<TileFrame>& frames,
                       const Tiles& tiles, std::vector<std::vector<std::uint8_t>> flags,
                       std::uint32_t depth, int parities)
    : engines_(std::move(engines)), flags_(std::move(flags)), written_(engines_.size()) {
    for (std::size_t t = 0; t < engines_.size(); ++t) {
        const Engine* e = engines_[t];
        if (!e) continue;
        auto& written = written_[t];
        written.resize(std::size_t(e->population_sets()));
        std::vector<int> q;
        for (int k = 0; k < e->population_sets(); ++k)
            q.push_back(int(e->set_velocities(k).size()));
        // Only a node within a halo's depth of a cut reaches a halo node.
        for_each_border_node(frames[t], tiles, depth, [&](node_t x) {
            if (!is_updated(flags_[t][x])) return;
            for (int k = 0; k < int(q.size()); ++k)
                for (int i = 0; i < q[std::size_t(k)]; ++i)
                    for (int p = 0; p < parities; ++p) {
                        const std::uint64_t at = e->outgoing_element(k, x, i, p);
                        if (of_halo_node(int(t), k, at)) written[std::size_t(k)].push_back(at);
                    }
        });
        for (auto& w : written) {
            std::sort(w.begin(), w.end());
            w.erase(std::unique(w.begin(), w.end()), w.end());
        }
    }
}

bool SpareSlots::of_halo_node(int tile, int set, std::uint64_t e) const {
    const std::optional<node_t> n = engines_[std::size_t(tile)]->element_node(set, e);
    return n && node_type(flags_[std::size_t(tile)][*n]) == kHalo;
}

bool SpareSlots::operator()(int tile, int set, std::uint64_t e) const {
    const auto& written = written_[std::size_t(tile)][std::size_t(set)];
    return of_halo_node(tile, set, e) && !std::binary_search(written.begin(), written.end(), e);
}

} // namespace ll
