// VTK XML ImageData (.vti) output that ParaView and vtkXMLImageDataReader open: point arrays
// `velocity` (3 x Float32) and `density` (Float32) in lattice units, plus `temperature`
// (Float32, T0 = 1) in thermal runs; field data `u_ref`, `tau` and `steps`, and the
// scenario's physical placement (origin, spacing) so that, e.g., the cavity is the unit square. The
// arrays are stored as raw appended binary data with UInt64 block headers: compact, exact, and read
// without base64 decoding.
#pragma once
#include "../simulation.hpp"

#include <filesystem>
#include <string>

namespace ll {

// Nodes [lo, hi] per axis (inclusive, VTK's extents).
struct VtkExtent {
    std::uint32_t lo[3], hi[3];
};
VtkExtent whole_extent(const Dims& d);

// The complete .vti document for `m` (one value per node of setup.dims, x fastest), over the
// whole lattice or one extent of it (a piece of a .pvti).
std::string vti_document(const SimulationSetup& setup, const MacroField& m, std::uint64_t steps);
std::string vti_document(const SimulationSetup& setup, const MacroField& m, std::uint64_t steps,
                         const VtkExtent& extent);

// A lattice in subdomains as ParaView's parallel ImageData: one piece per tile of
// setup.tiles, each extended by the first point layer of the next tile, since point data
// pieces must share their boundary points to leave no gap.
std::vector<VtkExtent> piece_extents(const SimulationSetup& setup);
// The .pvti that names the pieces' files (`sources`, relative to it, in tile order).
std::string pvti_document(const SimulationSetup& setup, bool thermal,
                          const std::vector<std::string>& sources);

// Writes vti_document() whole or not at all (see output_files.hpp); throws IoError.
void write_vti(const std::filesystem::path& path, const SimulationSetup& setup, const MacroField& m,
               std::uint64_t steps);

} // namespace ll
