// Propagation schemes: where the pre-collision population f_i(x, t) is read from (its
// "incoming" slot) and where the post-collision f*_i(x, t) is written (its "outgoing" slot).
// Every scheme satisfies outgoing(x, i, t) == incoming(x + c_i, i, t + 1), which is streaming;
// each scheme's slots are tabled in docs/DESIGN.md (A-A: Bailey et al. 2009). A-B schemes read
// buffer A and write buffer B, then swap; in-place schemes use one buffer.
#pragma once
#include "stencil.hpp"

namespace ll {

enum class Scheme : std::uint8_t { Push, Pull, Split, AA, Esoteric, SharedX };

LL_HD constexpr bool is_in_place(Scheme s) { return s == Scheme::AA || s == Scheme::Esoteric; }

// Whether a bounce-back's reflection may be copied, before a step, into the slot a near-wall
// node's gather reads (wall ghosts, engine/wall_ghosts.hpp). In pull that slot, (x - c_i, i),
// belongs to the wall node and is read by x alone, and every reflection is read from the fluid
// node's own slot (x, opp i), which no copy writes: the copies neither race nor clobber. The
// other schemes' slots were not worked through.
LL_HD constexpr bool wall_ghosts_exact(Scheme s) {
    return s == Scheme::Pull;
}

// A population slot relative to a node: node offset (components in -1..1) and direction slot.
struct Slot {
    int d[3];
    int dir;
};

template <class S, Scheme Sc>
struct Addressing {
    LL_HD static Slot at(int dx, int dy, int dz, int dir) { return {{dx, dy, dz}, dir}; }
    LL_HD static int cx(int i) { return cvel<S>(i, 0); }
    LL_HD static int cy(int i) { return cvel<S>(i, 1); }
    LL_HD static int cz(int i) { return cvel<S>(i, 2); }
    // The first direction of each opposite pair is the "positive" one (stencil.hpp ordering).
    LL_HD static int positive_of(int i) { return (i & 1) ? i : i - 1; }

    LL_HD static Slot incoming(int i, int parity) {
        if constexpr (Sc == Scheme::Push) return at(0, 0, 0, i);
        if constexpr (Sc == Scheme::Pull || Sc == Scheme::SharedX)
            return at(-cx(i), -cy(i), -cz(i), i);
        if constexpr (Sc == Scheme::Split) return at(-cx(i), 0, 0, i);
        if constexpr (Sc == Scheme::AA)
            return parity == 0 ? at(0, 0, 0, i) : at(-cx(i), -cy(i), -cz(i), opposite(i));
        if constexpr (Sc == Scheme::Esoteric) {
            if (i == 0) return at(0, 0, 0, 0);
            const int p = positive_of(i), o = p + 1;
            if (i == p) return at(0, 0, 0, parity ? p : o);
            return at(cx(p), cy(p), cz(p), parity ? o : p);
        }
        return at(0, 0, 0, i);
    }

    LL_HD static Slot outgoing(int i, int parity) {
        if constexpr (Sc == Scheme::Push) return at(cx(i), cy(i), cz(i), i);
        if constexpr (Sc == Scheme::Pull || Sc == Scheme::SharedX) return at(0, 0, 0, i);
        if constexpr (Sc == Scheme::Split) return at(0, cy(i), cz(i), i);
        if constexpr (Sc == Scheme::AA)
            return parity == 0 ? at(0, 0, 0, opposite(i)) : at(cx(i), cy(i), cz(i), i);
        if constexpr (Sc == Scheme::Esoteric) {
            if (i == 0) return at(0, 0, 0, 0);
            const int p = positive_of(i), o = p + 1;
            if (i == p) return at(cx(p), cy(p), cz(p), parity ? o : p);
            return at(0, 0, 0, parity ? p : o);
        }
        return at(0, 0, 0, i);
    }
};

} // namespace ll
