#include "resident_neighbours.hpp"

#include <algorithm>

namespace ll {

namespace {
// The x-rows (y + ny * z) within kResidentReach rows of `row` along y and z, wrapped as the
// lattice wraps every step (shift_far).
template <class Visit>
void rows_within_reach(const Dims& d, std::uint64_t row, Visit&& visit) {
    const NodeFrame start = make_frame(d, node_t(row * d.nx));
    for (int dz = -kResidentReach; dz <= kResidentReach; ++dz)
        for (int dy = -kResidentReach; dy <= kResidentReach; ++dy)
            visit(std::uint64_t(shift_far(d, start, 0, dy, dz) / d.nx));
}
} // namespace

BlockNeighbours resident_block_neighbours(const Dims& d, std::uint32_t grid, std::uint32_t block) {
    const std::uint64_t nodes = d.nodes();
    BlockNeighbours out;
    out.first.push_back(0);
    std::vector<std::uint32_t> mine;
    for (std::uint32_t b = 0; b < grid; ++b) {
        mine.clear();
        const std::uint64_t lo = std::uint64_t(b) * block;
        const std::uint64_t end = std::min<std::uint64_t>(lo + block, nodes);
        for (std::uint64_t row = lo / d.nx; lo < end && row <= (end - 1) / d.nx; ++row)
            rows_within_reach(d, row, [&](std::uint64_t r) {
                const std::uint64_t from = r * d.nx / block, to = ((r + 1) * d.nx - 1) / block;
                for (std::uint64_t k = from; k <= to && k < grid; ++k)
                    if (k != b) mine.push_back(std::uint32_t(k));
            });
        std::sort(mine.begin(), mine.end());
        mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
        out.blocks.insert(out.blocks.end(), mine.begin(), mine.end());
        out.first.push_back(std::uint32_t(out.blocks.size()));
    }
    return out;
}

} // namespace ll
