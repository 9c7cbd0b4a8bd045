// The x faces of a pull tile cut along x (docs/DESIGN.md, "The x faces"). Populations are
// stored x-fastest, so the columns at a cut across x hold one node per row: each population
// crossing the cut sits alone in its 32-byte sector, and copying 2x2x2 tiles' x halos cost an
// H200 88-90 us a step, three times what the same bytes cost contiguous (docs/PERFORMANCE.md,
// session 22). A pull tile whose rows are aligned (owned nodes at x = 0 .. own-1, the right
// halo at x = own, the left halo at the row's last node, nx - 1) therefore also keeps
//   sent:     what x = own-1 sends along c_x > 0 and x = 0 along c_x < 0, stored by the update
//             in its slot (where the state is read) and again in a face;
//   received: what x = 0 pulls along c_x > 0 and x = own-1 along c_x < 0, read by the update
//             from a face instead of the halo's slot, which no longer holds it,
// one value per row and direction, contiguous along y. The halo copy then moves whole sectors
// from a sent face to a received one. Elements follow the population arrays:
// base + (2 dir + kind) rows + row, kind 0 received, 1 sent.
#pragma once
#include "lattice.hpp"
#include "stencil.hpp"

namespace ll {

struct XFaces {
    std::uint32_t own = 0;  // 0: no faces; else the tile's owned nodes along x
    std::uint32_t rows = 0; // each face's room: the local lattice's rows, ny * nz, or more
    offset_t base = 0;      // the first face element, after the population arrays
};

enum class FaceKind : std::uint8_t { Received = 0, Sent = 1 };

// Elements the faces of a set of q populations add (directions with c_x = 0 keep their unused
// room: the index stays one multiply).
inline constexpr offset_t x_face_elements(const XFaces& f, int q) {
    return f.own == 0 ? 0 : offset_t(2) * offset_t(q) * f.rows;
}
// Where the faces start: after the population arrays, on a 128-byte line of 4-byte values.
inline constexpr offset_t x_face_base(offset_t population_elements) {
    return (population_elements + 31) / 32 * 32;
}

LL_HD offset_t x_face_element(const XFaces& f, int dir, FaceKind kind, offset_t row) {
    return f.base + (offset_t(dir) * 2 + offset_t(kind)) * f.rows + row;
}

// Coordinate c moved by d (-1, 0 or +1) on an axis of n nodes, wrapped as make_frame wraps (a
// tile that spans y or z keeps its own periodic wrap there).
LL_HD std::uint32_t step_coord(std::uint32_t c, int d, std::uint32_t n) {
    return d == 0 ? c : d > 0 ? (c == n - 1 ? 0u : c + 1) : (c == 0 ? n - 1 : c - 1);
}
// The row (y + ny z) of the node one step (dy, dz) from the frame's.
LL_HD offset_t face_row(const Dims& d, const NodeFrame& fr, int dy, int dz) {
    return offset_t(step_coord(fr.y, dy, d.ny)) + offset_t(d.ny) * step_coord(fr.z, dz, d.nz);
}

// Whether the slot of direction dir at column x lies in a received face: the halo columns that
// the edge nodes pull from, x = nx - 1 (the left halo) for c_x > 0 and x = own for c_x < 0.
template <class S>
LL_HD bool in_received_face(const XFaces& f, const Dims& d, std::uint32_t x, int dir) {
    const int cx = cvel<S>(dir, 0);
    return f.own != 0 && ((cx > 0 && x == d.nx - 1) || (cx < 0 && x == f.own));
}
// Whether node column x sends direction dir through a face: x = own - 1 for c_x > 0, 0 for
// c_x < 0.
template <class S>
LL_HD bool in_sent_face(const XFaces& f, std::uint32_t x, int dir) {
    const int cx = cvel<S>(dir, 0);
    return f.own != 0 && ((cx > 0 && x == f.own - 1) || (cx < 0 && x == 0));
}

// Whether a pull node at column x takes direction dir from a received face: it pulls along -c,
// so its source column is the left halo (nx - 1) for c_x > 0 exactly when x = 0, and x = own for
// c_x < 0 exactly when x = own - 1 (in_received_face of that column, without the wrap): the
// edge column that sends the opposite direction through a face.
template <class S>
LL_HD bool pulls_from_received_face(const XFaces& f, std::uint32_t x, int dir) {
    return in_sent_face<S>(f, x, opposite(dir));
}

} // namespace ll
