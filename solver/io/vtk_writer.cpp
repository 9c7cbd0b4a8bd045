#include "vtk_writer.hpp"

#include "output_files.hpp"

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

} // namespace

std::string vti_document(const SimulationSetup& setup, const MacroField& m, std::uint64_t steps) {
    const Dims& d = setup.dims;
    const std::size_t nodes = d.nodes();
    if (m.rho.size() != nodes || m.ux.size() != nodes || m.uy.size() != nodes ||
        m.uz.size() != nodes)
        throw std::invalid_argument("vti_document: macro field does not match the lattice");

    // Binary payload first: the XML needs the offset of each array. Float32 arrays: half the
    // file of the solver's doubles, and more than a picture or a probe needs.
    std::vector<float> velocity(3 * nodes);
    for (std::size_t n = 0; n < nodes; ++n) {
        velocity[3 * n] = m.ux[n];
        velocity[3 * n + 1] = m.uy[n];
        velocity[3 * n + 2] = m.uz[n];
    }
    std::string data;
    append_block(data, velocity.data(), velocity.size() * sizeof(float));
    const std::size_t density_offset = data.size();
    const std::vector<float> rho(m.rho.begin(), m.rho.end());
    append_block(data, rho.data(), nodes * sizeof(float));
    const bool thermal = m.T.size() == nodes;
    const std::size_t temperature_offset = data.size();
    if (thermal) {
        const std::vector<float> T(m.T.begin(), m.T.end());
        append_block(data, T.data(), nodes * sizeof(float));
    }

    const double h = setup.spacing;
    std::ostringstream x;
    const std::string extent = "0 " + std::to_string(d.nx - 1) + " 0 " + std::to_string(d.ny - 1) +
                               " 0 " + std::to_string(d.nz - 1);
    x << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n"
      << "  <ImageData WholeExtent=\"" << extent << "\" Origin=\"" << number(setup.origin[0]) << " "
      << number(setup.origin[1]) << " " << number(setup.origin[2]) << "\" Spacing=\"" << number(h)
      << " " << number(h) << " " << number(h) << "\">\n"
      << "    <FieldData>\n";
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

void write_vti(const std::filesystem::path& path, const SimulationSetup& setup, const MacroField& m,
               std::uint64_t steps) {
    write_output_file(path, vti_document(setup, m, steps));
}

} // namespace ll
