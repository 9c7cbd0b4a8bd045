#include "vtk_writer.hpp"

#include "output_files.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <iomanip>
#include <sstream>

namespace ll {
namespace {

static_assert(std::endian::native == std::endian::little,
              "vtk_writer declares byte_order=\"LittleEndian\" and writes native bytes");

// Appends one raw block: its byte count as UInt64 (header_type), then the bytes.
void append_block(std::string& data, const void* bytes, std::uint64_t count) {
    const auto old = data.size();
    data.resize(old + sizeof(count) + count);
    std::memcpy(data.data() + old, &count, sizeof(count));
    if (count) std::memcpy(data.data() + old + sizeof(count), bytes, count);
}

void field_value(std::ostringstream& x, const char* type, const char* name,
                 const std::string& value) {
    x << "      <DataArray type=\"" << type << "\" Name=\"" << name
      << "\" NumberOfTuples=\"1\" format=\"ascii\">" << value << "</DataArray>\n";
}

std::string number(double v) {
    std::ostringstream s;
    s << std::setprecision(17) << v;
    return s.str();
}

std::string extent_text(const VtkExtent& e) {
    std::ostringstream t;
    for (int a = 0; a < 3; ++a)
        t << (a ? " " : "") << e.lo[a] << " " << e.hi[a];
    return t.str();
}

void placement(std::ostringstream& x, const SimulationSetup& setup) {
    const double h = setup.spacing;
    x << " Origin=\"" << number(setup.origin[0]) << " " << number(setup.origin[1]) << " "
      << number(setup.origin[2]) << "\" Spacing=\"" << number(h) << " " << number(h) << " "
      << number(h) << "\"";
}

} // namespace

VtkExtent whole_extent(const Dims& d) {
    return {{0, 0, 0}, {d.nx - 1, d.ny - 1, d.nz - 1}};
}

std::string vti_document(const SimulationSetup& setup, const MacroField& m, std::uint64_t steps,
                         const VtkExtent& e) {
    const Dims& d = setup.dims;
    const std::size_t nodes = d.nodes();
    if (m.rho.size() != nodes || m.ux.size() != nodes || m.uy.size() != nodes ||
        m.uz.size() != nodes)
        throw std::invalid_argument("vti_document: macro field does not match the lattice");

    // Binary payload first: the XML needs the offset of each array. Float32 arrays: half the
    // file of the solver's doubles, and more than a picture or a probe needs.
    std::vector<std::size_t> at; // the extent's nodes, x fastest
    for (std::uint32_t z = e.lo[2]; z <= e.hi[2]; ++z)
        for (std::uint32_t y = e.lo[1]; y <= e.hi[1]; ++y)
            for (std::uint32_t x = e.lo[0]; x <= e.hi[0]; ++x)
                at.push_back(x + std::size_t(d.nx) * (y + std::size_t(d.ny) * z));
    const auto floats = [&](const std::vector<double>& v) {
        std::vector<float> out(at.size());
        for (std::size_t k = 0; k < at.size(); ++k)
            out[k] = float(v[at[k]]);
        return out;
    };
    std::vector<float> velocity(3 * at.size());
    for (std::size_t k = 0; k < at.size(); ++k) {
        velocity[3 * k] = float(m.ux[at[k]]);
        velocity[3 * k + 1] = float(m.uy[at[k]]);
        velocity[3 * k + 2] = float(m.uz[at[k]]);
    }
    std::string data;
    append_block(data, velocity.data(), velocity.size() * sizeof(float));
    const std::size_t density_offset = data.size();
    const std::vector<float> rho = floats(m.rho);
    append_block(data, rho.data(), rho.size() * sizeof(float));
    const bool thermal = m.T.size() == nodes;
    const std::size_t temperature_offset = data.size();
    if (thermal) {
        const std::vector<float> T = floats(m.T);
        append_block(data, T.data(), T.size() * sizeof(float));
    }

    std::ostringstream x;
    const std::string extent = extent_text(e);
    x << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n"
      << "  <ImageData WholeExtent=\"" << extent << "\"";
    placement(x, setup);
    x << ">\n    <FieldData>\n";
    field_value(x, "Float64", "u_ref", number(setup.u_ref));
    field_value(x, "Float64", "tau", number(setup.flow.tau));
    field_value(x, "UInt64", "steps", std::to_string(steps));
    x << "    </FieldData>\n"
      << "    <Piece Extent=\"" << extent << "\">\n"
      << "      <PointData Vectors=\"velocity\" Scalars=\"density\">\n"
      << "        <DataArray type=\"Float32\" Name=\"velocity\" NumberOfComponents=\"3\" "
         "format=\"appended\" offset=\"0\"/>\n"
      << "        <DataArray type=\"Float32\" Name=\"density\" format=\"appended\" offset=\""
      << density_offset << "\"/>\n";
    if (thermal)
        x << "        <DataArray type=\"Float32\" Name=\"temperature\" format=\"appended\" "
             "offset=\""
          << temperature_offset << "\"/>\n";
    x << "      </PointData>\n"
      << "      <CellData/>\n"
      << "    </Piece>\n"
      << "  </ImageData>\n"
      << "  <AppendedData encoding=\"raw\">\n   _";
    std::string doc = x.str();
    doc += data;
    doc += "\n  </AppendedData>\n</VTKFile>\n";
    return doc;
}

std::string vti_document(const SimulationSetup& setup, const MacroField& m, std::uint64_t steps) {
    return vti_document(setup, m, steps, whole_extent(setup.dims));
}

std::vector<VtkExtent> piece_extents(const SimulationSetup& setup) {
    std::vector<VtkExtent> pieces;
    const Dims& d = setup.dims;
    for (int t = 0; t < setup.tiles.count(); ++t) {
        const Box b = tile_box(setup.tiles, d, t);
        VtkExtent e;
        const std::uint32_t n[3] = {d.nx, d.ny, d.nz};
        for (int a = 0; a < 3; ++a) {
            e.lo[a] = b.lo[a];
            e.hi[a] = std::min(b.hi[a], n[a] - 1); // shares a point layer with the next piece
        }
        pieces.push_back(e);
    }
    return pieces;
}

std::string pvti_document(const SimulationSetup& setup, bool thermal,
                          const std::vector<std::string>& sources) {
    const std::vector<VtkExtent> pieces = piece_extents(setup);
    if (sources.size() != pieces.size())
        throw std::invalid_argument("pvti_document: one source per piece");
    std::ostringstream x;
    x << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"PImageData\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n"
      << "  <PImageData WholeExtent=\"" << extent_text(whole_extent(setup.dims))
      << "\" GhostLevel=\"0\"";
    placement(x, setup);
    x << ">\n    <PPointData Vectors=\"velocity\" Scalars=\"density\">\n"
      << "      <PDataArray type=\"Float32\" Name=\"velocity\" NumberOfComponents=\"3\"/>\n"
      << "      <PDataArray type=\"Float32\" Name=\"density\"/>\n";
    if (thermal) x << "      <PDataArray type=\"Float32\" Name=\"temperature\"/>\n";
    x << "    </PPointData>\n";
    for (std::size_t k = 0; k < pieces.size(); ++k)
        x << "    <Piece Extent=\"" << extent_text(pieces[k]) << "\" Source=\"" << sources[k]
          << "\"/>\n";
    x << "  </PImageData>\n</VTKFile>\n";
    return x.str();
}

void write_vti(const std::filesystem::path& path, const SimulationSetup& setup, const MacroField& m,
               std::uint64_t steps) {
    write_output_file(path, vti_document(setup, m, steps));
}

} // namespace ll
