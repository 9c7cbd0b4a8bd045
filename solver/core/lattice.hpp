// Lattice extent and per-node neighbour stepping with periodic wrap. Walls are nodes with wall
// flags inside the lattice, so wrapping never reaches undefined memory.
#pragma once
#include "host_device.hpp"

namespace ll {

struct Dims {
    std::uint32_t nx = 1, ny = 1, nz = 1;
    LL_HD node_t nodes() const { return node_t(nx) * ny * nz; }
};

// A node plus its +/-1 steps along each axis. Steps are stored as unsigned deltas: modular
// arithmetic makes n + delta land on the wrapped neighbour.
struct NodeFrame {
    node_t n;
    std::uint32_t x, y, z;
    node_t minus[3], plus[3];

    LL_HD node_t step(int axis, int c) const {
        return c > 0 ? plus[axis] : (c < 0 ? minus[axis] : node_t(0));
    }
    // Neighbour at an offset whose components are -1, 0 or +1.
    LL_HD node_t shift(int cx, int cy, int cz) const {
        return n + step(0, cx) + step(1, cy) + step(2, cz);
    }
};

LL_HD NodeFrame make_frame(const Dims& d, node_t n) {
    NodeFrame f;
    f.n = n;
    f.x = n % d.nx;
    const node_t t = n / d.nx;
    f.y = t % d.ny;
    f.z = t / d.ny;
    const node_t sy = d.nx, sz = node_t(d.nx) * d.ny;
    f.minus[0] = f.x == 0 ? node_t(d.nx - 1) : node_t(0) - 1u;
    f.plus[0] = f.x == d.nx - 1 ? node_t(0) - node_t(d.nx - 1) : 1u;
    f.minus[1] = f.y == 0 ? node_t(d.ny - 1) * sy : node_t(0) - sy;
    f.plus[1] = f.y == d.ny - 1 ? node_t(0) - node_t(d.ny - 1) * sy : sy;
    f.minus[2] = f.z == 0 ? node_t(d.nz - 1) * sz : node_t(0) - sz;
    f.plus[2] = f.z == d.nz - 1 ? node_t(0) - node_t(d.nz - 1) * sz : sz;
    return f;
}

// Any offset (components up to +/-2), used only on the rare wall-redirect path.
LL_HD node_t shift_far(const Dims& d, const NodeFrame& f, int dx, int dy, int dz) {
    const auto wrap = [](std::int64_t v, std::uint32_t n) {
        return std::uint32_t((v % std::int64_t(n) + std::int64_t(n)) % std::int64_t(n));
    };
    const std::uint32_t x = wrap(std::int64_t(f.x) + dx, d.nx);
    const std::uint32_t y = wrap(std::int64_t(f.y) + dy, d.ny);
    const std::uint32_t z = wrap(std::int64_t(f.z) + dz, d.nz);
    return x + node_t(d.nx) * (y + node_t(d.ny) * z);
}

} // namespace ll
