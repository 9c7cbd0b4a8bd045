// Where population i of node n lives: the only code that knows the data layout (seed 004,
// Fig. 2). SoA keeps a warp's reads of one direction contiguous; AoS keeps a node's Q values
// together, which suits CPU caches but splits every GPU warp access into Q strided pieces.
#pragma once
#include "host_device.hpp"

namespace ll {

enum class Layout : std::uint8_t { SoA, AoS };

template <Layout L>
LL_HD offset_t population_index(node_t n, int i, node_t nodes, int q) {
    if constexpr (L == Layout::SoA)
        return offset_t(i) * nodes + n;
    else
        return offset_t(n) * q + i;
}

} // namespace ll
