// Our .vti files as the tests read them: vtkXMLImageDataReader (tests/cli/vti_reader.py uses it
// through python3-vtk9; here its C++ self, reading from memory). The input decides a small
// lattice and every bit of what vti_document() writes:
//   byte 0        bit 0: 3D, bit 1: thermal (a temperature array)
//   bytes 1-3     nx = 1 + b % 6, ny = 1 + b % 5, nz = 1 + b % 4 (1 in 2D)
//   8 bytes each  origin x, y, z, spacing, u_ref, tau (doubles; inputs with a value that is not
//                 finite are skipped: the presets never place a lattice at NaN)
//   8 bytes       steps
//   4 bytes each  the float fields, array after array: rho, ux, uy, uz (and T), any bit pattern:
//                 NaN payloads, infinities, denormals, -0
// Missing bytes read as zero. The document must read back without a VTK error or warning, with
// the same extent, origin, spacing, field data and arrays, every value bit for bit.
#include "solver/io/vtk_writer.hpp"
#include "support.hpp"

#include <vtkCommand.h>
#include <vtkDataArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLImageDataReader.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <optional>

namespace {

// The fuzz input read front to back; zeros once it runs out.
class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
    template <class T>
    T value() {
        unsigned char raw[sizeof(T)] = {};
        for (auto& b : raw)
            b = byte();
        T v;
        std::memcpy(&v, raw, sizeof v);
        return v;
    }

private:
    const std::uint8_t* data_;
    std::size_t size_, at_ = 0;
};

struct Case {
    ll::SimulationSetup setup;
    ll::MacroField m;
    std::uint64_t steps = 0;
};

std::optional<Case> decode(Bytes in) {
    Case c;
    const std::uint8_t shape = in.byte();
    const bool three_d = shape & 1, thermal = shape & 2;
    ll::Dims& d = c.setup.dims;
    d.nx = 1 + in.byte() % 6;
    d.ny = 1 + in.byte() % 5;
    d.nz = 1 + in.byte() % 4;
    if (!three_d) d.nz = 1;
    double* placement[] = {&c.setup.origin[0], &c.setup.origin[1], &c.setup.origin[2],
                           &c.setup.spacing,   &c.setup.u_ref,     &c.setup.flow.tau};
    for (double* v : placement)
        if (!std::isfinite(*v = in.value<double>())) return std::nullopt;
    c.steps = in.value<std::uint64_t>();
    // Float32 values (what a VTI holds) in MacroField's doubles: the round trip is exact.
    std::vector<double>* fields[] = {&c.m.rho, &c.m.ux, &c.m.uy, &c.m.uz, &c.m.T};
    for (std::vector<double>* f : fields) {
        if (f == &c.m.T && !thermal) break;
        for (std::size_t n = 0; n < d.nodes(); ++n)
            f->push_back(double(in.value<float>()));
    }
    return c;
}

// VTK reports problems through ErrorEvent / WarningEvent; with an observer it prints nothing.
class Complaints : public vtkCommand {
public:
    static Complaints* New() { return new Complaints; }
    void Execute(vtkObject*, unsigned long, void* text) override {
        heard += text ? static_cast<const char*>(text) : "(no text)";
    }
    std::string heard;
};

template <class T>
bool same_bits(T a, T b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

std::string bits_text(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g (0x%016llx)", v,
                  static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(v)));
    return buf;
}

[[noreturn]] void report(const char* what, double wrote, double read) {
    ll::fuzz::finding(std::string(what) + ": wrote " + bits_text(wrote) + ", read " +
                      bits_text(read));
}

std::string bits_text(float v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.9g (0x%08x)", double(v), std::bit_cast<std::uint32_t>(v));
    return buf;
}

void expect_same(const char* what, double wrote, double read) {
    if (!same_bits(wrote, read)) report(what, wrote, read);
}

// Origin and spacing compare as numbers: VTK reads Origin="-0 ..." as +0 (it is not ours to
// keep a sign that places nothing differently).
void expect_equal(const char* what, double wrote, double read) {
    if (wrote != read) report(what, wrote, read);
}

void check_geometry(const Case& c, vtkImageData* image) {
    int dims[3];
    image->GetDimensions(dims);
    const ll::Dims& d = c.setup.dims;
    if (dims[0] != int(d.nx) || dims[1] != int(d.ny) || dims[2] != int(d.nz))
        ll::fuzz::finding("dimensions: wrote " + std::to_string(d.nx) + " x " +
                          std::to_string(d.ny) + " x " + std::to_string(d.nz) + ", read " +
                          std::to_string(dims[0]) + " x " + std::to_string(dims[1]) + " x " +
                          std::to_string(dims[2]));
    const double* origin = image->GetOrigin();
    const double* spacing = image->GetSpacing();
    for (int a = 0; a < 3; ++a) {
        expect_equal("origin", c.setup.origin[a], origin[a]);
        expect_equal("spacing", c.setup.spacing, spacing[a]);
    }
}

vtkDataArray* array_of(vtkFieldData* data, const char* name, int components, vtkIdType tuples) {
    vtkDataArray* a = data ? data->GetArray(name) : nullptr;
    if (!a) ll::fuzz::finding(std::string("array '") + name + "' did not come back");
    if (a->GetNumberOfComponents() != components || a->GetNumberOfTuples() != tuples)
        ll::fuzz::finding(std::string("array '") + name +
                          "': " + std::to_string(a->GetNumberOfComponents()) + " components x " +
                          std::to_string(a->GetNumberOfTuples()) + " tuples, expected " +
                          std::to_string(components) + " x " + std::to_string(tuples));
    return a;
}

void check_field_data(const Case& c, vtkFieldData* data) {
    expect_same("u_ref", c.setup.u_ref, array_of(data, "u_ref", 1, 1)->GetComponent(0, 0));
    expect_same("tau", c.setup.flow.tau, array_of(data, "tau", 1, 1)->GetComponent(0, 0));
    // GetComponent would round a step count above 2^53 through a double: read the raw value.
    vtkDataArray* steps = array_of(data, "steps", 1, 1);
    if (steps->GetDataType() != VTK_TYPE_UINT64) ll::fuzz::finding("steps: not read as UInt64");
    const auto read = *static_cast<const std::uint64_t*>(steps->GetVoidPointer(0));
    if (read != c.steps)
        ll::fuzz::finding("steps: wrote " + std::to_string(c.steps) + ", read " +
                          std::to_string(read));
}

// `component` of `name` must hold `wrote`, node by node, bit for bit, as Float32.
void check_values(vtkDataArray* a, const char* name, int component,
                  const std::vector<double>& wrote) {
    if (a->GetDataType() != VTK_FLOAT) ll::fuzz::finding(std::string(name) + ": not Float32");
    const auto* read = static_cast<const float*>(a->GetVoidPointer(0));
    const int stride = a->GetNumberOfComponents();
    for (std::size_t n = 0; n < wrote.size(); ++n) {
        const float r = read[n * std::size_t(stride) + std::size_t(component)];
        if (!same_bits(float(wrote[n]), r))
            ll::fuzz::finding(std::string(name) + "[" + std::to_string(n) + "]." +
                              std::to_string(component) + ": wrote " + bits_text(float(wrote[n])) +
                              ", read " + bits_text(r));
    }
}

void check_point_data(const Case& c, vtkPointData* points) {
    const auto nodes = vtkIdType(c.setup.dims.nodes());
    const bool thermal = !c.m.T.empty();
    if (!points || points->GetNumberOfArrays() != (thermal ? 3 : 2))
        ll::fuzz::finding("point data: expected " + std::to_string(thermal ? 3 : 2) + " arrays");
    vtkDataArray* velocity = array_of(points, "velocity", 3, nodes);
    check_values(velocity, "velocity", 0, c.m.ux);
    check_values(velocity, "velocity", 1, c.m.uy);
    check_values(velocity, "velocity", 2, c.m.uz);
    check_values(array_of(points, "density", 1, nodes), "density", 0, c.m.rho);
    if (thermal) check_values(array_of(points, "temperature", 1, nodes), "temperature", 0, c.m.T);
}

void round_trip(const Case& c) {
    const std::string doc = ll::vti_document(c.setup, c.m, c.steps);
    vtkNew<vtkXMLImageDataReader> reader;
    vtkNew<Complaints> complaints;
    reader->AddObserver(vtkCommand::ErrorEvent, complaints);
    reader->AddObserver(vtkCommand::WarningEvent, complaints);
    reader->ReadFromInputStringOn();
    reader->SetInputString(doc);
    reader->Update();
    if (!complaints->heard.empty())
        ll::fuzz::finding("vtkXMLImageDataReader complained: " + complaints->heard);
    vtkImageData* image = reader->GetOutput();
    if (!image) ll::fuzz::finding("vtkXMLImageDataReader returned no image");
    check_geometry(c, image);
    check_field_data(c, image->GetFieldData());
    check_point_data(c, image->GetPointData());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::optional<Case> c = decode(Bytes(data, size));
    if (!c) return 0;
    round_trip(*c);
    return 0;
}
