// The D2Q37 thermal engine's interface: a lattice with periodic x and walls at top and
// bottom, started from (rho, u, T) fields, stepped, and read back as fields or populations.
// It is separate from ll::Engine (isothermal, one stencil table per build) for now;
// docs/DESIGN.md ("Thermal D2Q37") says how it will plug in.
#pragma once
#include "lattice.hpp"
#include "solver/field_types.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ll::thermal {

struct D2Q37Config {
    int lx = 64, ly = 128;
    D2Q37Params params;
    D2Q37Scheme scheme = D2Q37Scheme::PullFused;
    int block_size = 128; // CUDA threads per block along y (seed 004 Fig. 5, 6)
};

// Hydrodynamic fields (rho, u_H, T_H; model units, model.hpp) of an lx x ly lattice, node
// x + lx * y: the layout of ll::MacroField, so a temperature slice is one more field.
struct ThermalFields {
    int lx = 0, ly = 0;
    std::vector<double> rho, ux, uy, T;
    void resize(int nx, int ny);
};

class D2Q37Engine {
public:
    virtual ~D2Q37Engine() = default;
    // Advances `steps` time steps; returns the seconds they took (GPU: CUDA events).
    virtual double step(int steps) = 0;
    virtual void read_fields(ThermalFields& out) = 0;
    // One derived field (fields.hpp) over a region of the lx x ly x 1 lattice into `out`, which
    // holds region_size() floats in `space`. The CPU engine has host memory only (it throws
    // std::invalid_argument for Device); the CUDA engine computes the field on the GPU and
    // writes device memory directly, or stages it for a host caller.
    virtual void read_field(FieldKind kind, const FieldRegion& region, float* out,
                            MemorySpace space) = 0;
    // Nodes whose rho, u or T is not finite (fields.hpp, finite_node), counted where the
    // state lives.
    virtual std::uint64_t count_nonfinite() = 0;
    // Canonical state: pre-collision populations, bc applied, f[node * Q + i], node x + lx*y.
    virtual void export_state(std::vector<double>& f) = 0;
    // Takes a canonical state; the bc rule is applied to the wall directions first.
    virtual void import_state(const std::vector<double>& f) = 0;
    virtual const D2Q37Config& config() const = 0;
    virtual std::string device() const = 0; // "cpu: N OpenMP threads" or the GPU's name

    // Starts from the local equilibrium of the given hydrodynamic fields.
    void init(const ThermalFields& fields);
    std::uint64_t steps_done() const { return steps_; }
    Dims dims() const { return {std::uint32_t(config().lx), std::uint32_t(config().ly), 1}; }

protected:
    std::uint64_t steps_ = 0;
};

// Throws std::invalid_argument with the field and the allowed range for a bad config.
void validate(const D2Q37Config& cfg);
std::unique_ptr<D2Q37Engine> make_d2q37_cpu_engine(const D2Q37Config& cfg);
// nullptr with `why` set when CUDA is not compiled in or no GPU is usable.
std::unique_ptr<D2Q37Engine> make_d2q37_cuda_engine(const D2Q37Config& cfg, std::string& why);

// ---- host helpers shared by both engines (state.cpp) ----
std::vector<double> equilibrium_state(const D2Q37Params& p, const ThermalFields& fields);
// Canonical state -> the scheme's state array (interior only), after applying the bc rule.
void canonical_to_storage(D2Q37Scheme scheme, const Grid& g, const D2Q37Params& p,
                          std::vector<double> f, std::vector<double>& a);
// The scheme's state array -> canonical state; runs pbc on `a` (it only rewrites halos).
void storage_to_canonical(D2Q37Scheme scheme, const Grid& g, const D2Q37Params& p,
                          std::vector<double>& a, std::vector<double>& f);
// Applies the wall rule to a canonical state in place (the directions entering through it).
void apply_walls(const Grid& g, const D2Q37Params& p, std::vector<double>& f);
void pbc_host(const Grid& g, double* a, bool parallel = true);
// Fields of the canonical state.
void fields_of(const Grid& g, const D2Q37Params& p, const std::vector<double>& f,
               ThermalFields& out);

} // namespace ll::thermal
