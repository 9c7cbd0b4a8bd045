#include "sector_copies.hpp"

#include <algorithm>
#include <tuple>

namespace ll {
namespace {

// An element of one tile's set that a copy names, ordered so that a sorted list can be searched.
struct Named {
    int tile, set;
    std::uint64_t e;
    auto operator<=>(const Named&) const = default;
};

// The spare elements that some copy reads, or writes in the other parity: a run may not write
// them. (A run's other slots must be spare anyway, and a destination of the run's own parity in
// its sector is one of its own copies.) Keeping only these keeps the list short: pull's
// sources are owned slots, and it has one parity.
std::vector<Named> named_slots(const std::vector<HaloCopy>& copies, const SectorRules& rules) {
    const bool parities = std::any_of(copies.begin(), copies.end(), [&](const HaloCopy& c) {
        return c.parity != copies.front().parity;
    });
    std::vector<Named> named;
    for (const HaloCopy& c : copies) {
        if (rules.spare(c.from_tile, c.set, c.from)) named.push_back({c.from_tile, c.set, c.from});
        if (parities && rules.spare(c.to_tile, c.set, c.to))
            named.push_back({c.to_tile, c.set, c.to});
    }
    std::sort(named.begin(), named.end());
    named.erase(std::unique(named.begin(), named.end()), named.end());
    return named;
}

// Copies [first, last) land in one sector of one tile's set in one parity. They form a run if
// they come from one tile at one distance, the run's span fits both buffers, and every element
// of the span that they do not name is spare and named by no other copy.
bool forms_run(const HaloCopy* first, const HaloCopy* last, const SectorRules& rules,
               const std::vector<Named>& named, HaloCopy& run) {
    const std::uint64_t base = first->to / rules.width * rules.width;
    const std::uint64_t lead = first->to - base; // elements before the first in its sector
    if (first->from < lead) return false;
    run = *first;
    run.to = base;
    run.from = first->from - lead;
    if (run.to + rules.width > rules.stored(run.to_tile, run.set) ||
        run.from + rules.width > rules.stored(run.from_tile, run.set))
        return false;
    for (const HaloCopy* c = first; c != last; ++c)
        if (c->from_tile != run.from_tile || c->from - run.from != c->to - run.to) return false;
    const HaloCopy* c = first;
    for (std::uint64_t e = base; e < base + rules.width; ++e) {
        if (c != last && c->to == e) {
            ++c;
            continue;
        }
        const Named s{run.to_tile, run.set, e};
        if (!rules.spare(run.to_tile, run.set, e) ||
            std::binary_search(named.begin(), named.end(), s))
            return false;
    }
    return c == last; // no element named twice
}

} // namespace

HaloCopies gather_sectors(std::vector<HaloCopy> copies, const SectorRules& rules) {
    HaloCopies out;
    out.width = std::max<std::uint32_t>(rules.width, 1);
    if (out.width == 1) {
        out.elements = std::move(copies);
        return out;
    }
    const std::vector<Named> named = named_slots(copies, rules);
    const auto order = [](const HaloCopy& a, const HaloCopy& b) {
        return std::tie(a.parity, a.to_tile, a.set, a.to) <
               std::tie(b.parity, b.to_tile, b.set, b.to);
    };
    std::sort(copies.begin(), copies.end(), order);
    const auto sector = [&](const HaloCopy& c) {
        return std::make_tuple(c.parity, c.to_tile, c.set, c.to / out.width);
    };
    for (std::size_t a = 0; a < copies.size();) {
        std::size_t b = a + 1;
        while (b < copies.size() && sector(copies[b]) == sector(copies[a]))
            ++b;
        HaloCopy run;
        if (forms_run(&copies[a], &copies[a] + (b - a), rules, named, run))
            out.runs.push_back(run);
        else
            out.elements.insert(out.elements.end(), copies.begin() + std::ptrdiff_t(a),
                                copies.begin() + std::ptrdiff_t(b));
        a = b;
    }
    return out;
}

} // namespace ll
