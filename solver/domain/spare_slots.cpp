#include "spare_slots.hpp"

#include "solver/core/flags.hpp"

#include <algorithm>

namespace ll {

namespace {

// The (set, direction, parity) whose outgoing value a node stores in another node's slot. The
// addressing shifts every node alike (core/scheme.hpp), so node 0 answers for all; pull has
// none, and an engine that does not name its slots' nodes (element_node) none either.
std::vector<SpareSlots::Outgoing> stored_away(const Engine& e, int parities) {
    std::vector<SpareSlots::Outgoing> away;
    for (int k = 0; k < e.population_sets(); ++k)
        for (int i = 0; i < int(e.set_velocities(k).size()); ++i)
            for (int p = 0; p < parities; ++p) {
                const std::optional<node_t> n = e.element_node(k, e.outgoing_element(k, 0, i, p));
                if (n && *n != 0) away.push_back({k, i, p});
            }
    return away;
}

} // namespace

SpareSlots::SpareSlots(std::vector<const Engine*> engines, const std::vector<TileFrame>& frames,
                       const Tiles& tiles, std::vector<std::vector<std::uint8_t>> flags,
                       std::uint32_t depth, int parities)
    : engines_(std::move(engines)), flags_(std::move(flags)), written_(engines_.size()) {
    for (std::size_t t = 0; t < engines_.size(); ++t) {
        const Engine* e = engines_[t];
        if (!e) continue;
        auto& written = written_[t];
        written.resize(std::size_t(e->population_sets()));
        const std::vector<Outgoing> away = stored_away(*e, parities);
        if (away.empty()) continue; // every node writes only its own slots
        // Only a node within a halo's depth of a cut reaches a halo node.
        for_each_border_node(frames[t], tiles, depth, [&](node_t x) {
            if (!is_updated(flags_[t][x])) return;
            for (const Outgoing& o : away) {
                const std::uint64_t at = e->outgoing_element(o.set, x, o.i, o.parity);
                if (of_halo_node(int(t), o.set, at)) written[std::size_t(o.set)].push_back(at);
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
