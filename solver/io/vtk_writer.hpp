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

// The complete .vti document for `m` (one value per node of setup.dims, x fastest).
std::string vti_document(const SimulationSetup& setup, const MacroField& m, std::uint64_t steps);

// Writes vti_document() whole or not at all (see output_files.hpp); throws IoError.
void write_vti(const std::filesystem::path& path, const SimulationSetup& setup, const MacroField& m,
               std::uint64_t steps);

} // namespace ll
