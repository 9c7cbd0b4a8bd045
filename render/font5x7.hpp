// A tiny built-in 5x7 bitmap font for image labels (tick values, field names, units), drawn
// for LatticeLab. Lower-case letters are drawn as capitals; unknown characters as a box.
#pragma once
#include <cstdint>

namespace ll::render {

constexpr int kGlyphWidth = 5, kGlyphHeight = 7, kGlyphAdvance = 6;

// Seven rows, top first; bit 4 is the leftmost column. Returns a hollow box for characters
// the font does not have.
const std::uint8_t* glyph_rows(char c);

} // namespace ll::render
