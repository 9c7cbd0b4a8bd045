// A back end's view of one lattice, for every model: CpuEngine<M> and CudaEngine<M>
// (cpu_engine.hpp, cuda_engine.cuh) implement it around a node model M (node_model.hpp);
// models/registry.hpp builds them. The canonical state (double, pre-collision, walls applied:
// set 0 as f[n * Q0 + i], then set 1, ...) is the exchange format (docs/DESIGN.md).
#pragma once
#include "solver/core/x_faces.hpp"
#include "solver/field_types.hpp"
#include "solver/models/boussinesq/settings.hpp"
#include "solver/options.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ll {

// What the thermal D2Q37 model (stencil d2q37) needs beyond FlowParams; the isothermal
// engines ignore it. Model units: c_s = 1, T0 = 1 (solver/models/d2q37/model.hpp).
struct ThermalParams {
    double gravity = 0;             // |g|, pointing to -y
    double T_bottom = 1, T_top = 1; // fixed-temperature walls below row 0 and above the top row
    // One propagate+collide kernel (the fast path); false: Calore et al. 2016's separate
    // propagate, bc and collide kernels. ModelChoice::scheme picks push or pull for both.
    bool fused = true;
    // Bounce-back walls (no heat through them) instead of the fixed temperatures above.
    bool adiabatic_bottom = false, adiabatic_top = false;
    bool operator==(const ThermalParams&) const = default;
};

// The Boussinesq double-population model (solver/models/boussinesq/): the flow on the
// ModelChoice's d2q9 | d3q19 with the buoyancy force, plus a temperature population. The
// flags carry each wall's thermal class (thermal_wall() in core/flags.hpp). Off for every other
// model.
struct BoussinesqParams {
    bool enabled = false;
    thermal::boussinesq::TemperatureStencil temperature =
        thermal::boussinesq::TemperatureStencil::Reduced;
    thermal::boussinesq::ThermalSettings settings;
};

// Where an engine's lattice lies when it is one tile of a larger lattice (solver/domain/,
// docs/DESIGN.md "Scale-out"): the tile's box [lo, hi) in the whole lattice, plus halo[a]
// layers of other tiles' nodes (kHalo in the flags) on both sides of every cut axis a. Models
// whose boundaries are nodes (DdQq) need none of it; D2Q37, whose periodic x and walls are
// passes of its own, reads which of its edges are cuts. Default: the whole lattice.
struct TilePlace {
    Dims whole{0, 0, 0}; // no nodes: this engine runs the whole lattice
    std::uint32_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    std::uint32_t halo[3] = {0, 0, 0};
    // The local coordinate of lo[a]: halo[a], or 0 along x where the rows are aligned (the left
    // halo then takes the row's last nodes; TileFrame in domain/halo_plan.hpp).
    std::uint32_t origin[3] = {0, 0, 0};
    bool x_faces = true; // x faces where x_faces_of() finds them (LATTICELAB_X_FACES=0: none)
    bool is_tile() const { return whole.nodes() != 0; }
    // The tile's side `side` (0: low, 1: high) along axis a is the whole lattice's edge.
    bool on_edge(int a, int side) const {
        const std::uint32_t n[3] = {whole.nx, whole.ny, whole.nz};
        return !is_tile() || (side == 0 ? lo[a] == 0 : hi[a] == n[a]);
    }
};

struct EngineConfig {
    Dims dims;
    ModelChoice model;
    FlowParams flow;
    LaunchConfig launch;
    ThermalParams thermal;
    BoussinesqParams boussinesq{};
    TilePlace tile{};
    // SoA arrays spaced by padded_soa_stride (core/layout.hpp): the CPU engine's choice.
    bool soa_padded = false;
};

// SoA's distance between population arrays for this configuration, in nodes.
// (A lattice whose padded stride passes 2^32 - 1, within 32 nodes of 2^32, keeps its nodes:
// the stride is 32 bits wide.)
inline node_t population_stride(const EngineConfig& c) {
    const offset_t padded = padded_soa_stride(c.dims.nodes());
    return c.soa_padded && padded <= 0xffffffffu ? node_t(padded) : c.dims.nodes();
}

// The x faces (core/x_faces.hpp) of a set of q populations: a pull tile cut along x whose rows
// are aligned (its owned nodes start each row) keeps them after its population arrays, unless
// its place says not to. None elsewhere. Only a model that says so (kXFaces) stores them.
XFaces x_faces_of(const EngineConfig& c, int q);

// Macroscopic fields of the whole lattice, x fastest, then y, then z. T: temperature, filled
// by thermal engines only (empty otherwise): T / T0 for d2q37, theta = T - T0 for the
// Boussinesq model (in units of its temperature difference).
struct MacroField {
    std::vector<double> rho, ux, uy, uz, T;
};

// What the back end can say about how its kernel runs (GPU only; CPU leaves zeros).
struct LaunchReport {
    int block_size = 0;
    int max_threads_per_block = 0;
    int registers_per_thread = 0;
    int local_bytes_per_thread = 0; // local memory: stack frame and register spills
    int blocks_per_sm = 0;
    double theoretical_occupancy = 0; // active warps / maximum warps per SM
    int dynamic_shared_bytes = 0;     // reserved to enforce blocks_per_sm_cap
    // A small lattice's resident kernel (0 where steps are launched, or before the first batch):
    // its blocks are block_size threads, widened where some SMs would hold one more than others.
    int resident_blocks = 0;
    int resident_block_size = 0;
};

struct DeviceInfo {
    std::string backend;     // "cpu" or "cuda"
    std::string device;      // e.g. "NVIDIA H100 80GB HBM3" or "2 OpenMP threads"
    double memory_bytes = 0; // device memory (GPU) or 0
};

// Launch resources of one CUDA function at a block size (cudaFuncGetAttributes and the
// occupancy calculator), for the kernel bench.
struct KernelResources {
    std::string function;          // the pass, numbered when it launches several functions
    int registers = 0;             // per thread
    int local_bytes = 0;           // local memory per thread: stack frame and register spills
    int max_threads_per_block = 0; // what the registers allow
    int blocks_per_sm = 0;         // resident blocks at this block size
    double occupancy = 0;          // resident warps / the SM's maximum
    bool launchable() const { return blocks_per_sm > 0; }
};

class Engine {
public:
    virtual ~Engine() = default;
    // Advances `steps` time steps; returns the seconds they took (GPU: CUDA events).
    virtual double step(int steps) = 0;
    virtual void export_state(std::vector<double>& f) = 0;
    virtual void import_state(const std::vector<double>& f) = 0;
    // The equilibrium of per-node fields (rho, u: 3 per node, T where the model has one) as
    // the state of configuration `cfg` (equilibrium_state, models/registry.hpp). A tiled engine
    // makes it tile by tile, so that no process holds the whole lattice's populations.
    virtual void import_equilibrium(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags,
                                    const std::vector<double>& rho, const std::vector<double>& u,
                                    const std::vector<double>& T);
    // Node types with near-wall bits already marked (mark_near_wall).
    virtual void set_flags(const std::vector<std::uint8_t>& flags) = 0;
    virtual void set_flow(const FlowParams& flow) = 0;
    // Throws ConfigError when the launch shape is impossible on this device.
    virtual void set_launch(const LaunchConfig& launch) = 0;
    virtual LaunchReport launch_report() const = 0;
    // The register caps (LaunchConfig::register_cap, engine/register_caps.hpp) the kernel of
    // this configuration is built with; empty where it has the compiler's choice only.
    virtual std::vector<int> register_caps() const { return {}; }
    virtual void read_macro(MacroField& out) = 0;
    // One derived field over a region into `out`, which holds region_size() floats in
    // `space`. The CPU engine has host memory only; the CUDA engine writes device memory
    // directly (for the visualiser) or stages through it for host callers.
    virtual void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                            MemorySpace space) = 0;
    // Number of updated nodes whose density or velocity is not finite (an unstable flow).
    virtual std::uint64_t count_nonfinite() = 0;
    virtual const DeviceInfo& device() const = 0;
    // Copy bandwidth in bytes/s (read + write counted), the denominator of every "% of copy
    // bandwidth" figure: device-to-device on a GPU (measured once per device), host memcpy
    // over a working set the size of this lattice on the CPU (host_copy_bandwidth); cached.
    virtual double copy_bandwidth() = 0;
    // The copy bandwidth measured again now where it moves, and kept: a shared machine's host
    // memory bandwidth changes within minutes, so the CPU bench probes it beside every repeat.
    // A GPU's does not move; its cached figure.
    virtual double copy_bandwidth_now() { return copy_bandwidth(); }

    // The kernel bench (engines of models with a step plan, engine/step_plan.hpp; the others
    // have no passes): the passes of one step by name, in order; the resources of a pass's
    // CUDA functions at a block size (none on the CPU); and the seconds per launch of one pass
    // alone at a block size (whatever the other passes allow; the CPU runs it on every OpenMP
    // thread), timed over `launches` back-to-back launches after a warm-up. The state is
    // reused as it is (no swap): the flow stays put.
    virtual std::vector<std::string> step_passes() const { return {}; }
    virtual std::vector<KernelResources> pass_resources(const std::string& pass,
                                                        int block_size) const;
    virtual double time_pass(const std::string& pass, int block_size, int launches);

    // ---- Halo exchange (solver/domain/; docs/DESIGN.md, "Scale-out") ----
    // Engines of models with a halo exchange (ExchangesHalos in population_sets.hpp: the DdQq
    // addressing, or the model's own) answer these; others throw ConfigError naming what is
    // missing.
    // The population sets and each set's velocities c_i.
    virtual int population_sets() const;
    virtual std::vector<std::array<int, 3>> set_velocities(int set) const;
    // The element of set `set`'s buffer where node n's post-collision population i lands in a
    // step of parity `parity`, which is where the next step's reader at n + c_i finds it (the
    // streaming identity of core/scheme.hpp). Elements count stored populations.
    virtual std::uint64_t outgoing_element(int set, node_t n, int i, int parity) const;
    virtual std::size_t element_bytes() const;
    // The elements of set `set`'s buffer, and the node whose populations element e holds: none
    // where no node uses it, or where the model does not say (0 elements and none by default).
    // The device exchange copies whole sectors where the slots beside a halo slot are spare
    // (domain/spare_slots.hpp, domain/sector_copies.hpp).
    virtual std::uint64_t stored_elements(int) const { return 0; }
    virtual std::optional<node_t> element_node(int, std::uint64_t) const { return std::nullopt; }
    // A list of elements of one set, registered once; pack() copies them, in the list's order,
    // into `out` (element_bytes() each) from the buffer the next step reads, unpack() back.
    // With host memory both are complete when they return; with device memory they are queued
    // on `stream` (nullptr: stream_handle(), after the queued steps).
    virtual int add_halo_list(int set, std::vector<std::uint64_t> elements);
    virtual void clear_halo_lists() {}
    // For the exchange of several tiles on GPUs without waiting between steps
    // (domain/device_exchange.hpp): steps queued on the engine's stream (the CPU runs them at
    // once), a wait for them, the stream (nullptr on the CPU) and the device buffer of a set
    // that the next step reads.
    virtual void start_steps(int steps) { step(steps); }
    virtual void finish_steps() {}
    virtual void* stream_handle() { return nullptr; }
    virtual void* current_set(int) { return nullptr; }
    virtual void pack(int list, void* out, MemorySpace space, void* stream);
    virtual void unpack(int list, const void* in, MemorySpace space, void* stream);
    // Border first (seed 004's overlap, Calore et al. 2016): a tile's GPU engine updates the
    // nodes within a halo depth of its cuts (kBorderBit, mark_tile_border) apart from the rest,
    // so that what they send can move while the rest updates. start_border() queues the
    // border's update of the next step (on border_stream_handle()), start_interior() the rest
    // beside it on stream_handle(), which joins the border and ends the step. Engines that
    // cannot split (the CPU, step plans) answer false and step whole with start_steps().
    virtual bool splits_steps() const { return false; }
    virtual void start_border() {}
    virtual void start_interior() {}
    // The stream whose work queued so far includes the border's update: what an exchange waits
    // for between start_border() and start_interior() (the tile's stream where steps don't split).
    virtual void* border_stream_handle() { return stream_handle(); }
};

// The engines of the configuration's model (models/registry.cpp picks the compiled instance).
// ConfigError when the model cannot run the configuration.
std::unique_ptr<Engine> make_cpu_engine(const EngineConfig& cfg);

// The CUDA engine; returns nullptr and sets `why` when no usable GPU is present or CUDA was
// not compiled in. Throws ConfigError for impossible requests (lattice larger than memory).
std::unique_ptr<Engine> make_cuda_engine(const EngineConfig& cfg, std::string& why);
// The CUDA engine on GPU `device` (>= 0), which every later call makes current first; device
// < 0: on the current GPU, as make_cuda_engine.
std::unique_ptr<Engine> make_cuda_engine_on(const EngineConfig& cfg, int device, std::string& why);
bool cuda_compiled_in();
// Makes GPU `index` modulo the device count current for this thread's later engines (one GPU
// per MPI rank by its local rank); nothing without CUDA or a GPU.
void select_cuda_device(int index);
// GPUs CUDA can use (0 without CUDA or a GPU).
int cuda_device_count();
// True when CUDA is compiled in and a device is usable; otherwise `why` says what is missing.
bool cuda_device_present(std::string& why);
// Host memcpy bandwidth (bytes/s, read + write) over a working set of about `working_set`
// bytes (the lattice's lattice_bytes()), copied by all the OpenMP threads the CPU back end runs
// with, one chunk each: the most a streaming CPU step over that lattice can move. The probe's
// two buffers together hold as many bytes as the lattice, so that both live at the same level
// of the memory hierarchy: a small run stays in the caches, a lattice a little larger than the
// last-level cache is not compared with a copy that fits in it, and one far larger is compared
// with DRAM (host_copy_probe_bytes). Measured once per probe size and thread count, and cached;
// `again` measures it anew and keeps the new figure.
double host_copy_bandwidth(double working_set, bool again = false);
// The size of each of the probe's two buffers: half the working set, rounded up to whole 4 KiB
// pages, at least 4 KiB and at most 256 MiB (far larger than caches).
std::size_t host_copy_probe_bytes(double working_set);

// ---- host utilities shared by all engines ----
// An on/off switch from the environment (LATTICELAB_WALL_LANE and the like): unset, "auto" or
// "1" is on, "0" is off; anything else throws ConfigError naming the variable, its value and
// what each setting does.
bool env_switch(const char* name, const std::string& on_means, const std::string& off_means);
// Sets kNearWallBit on updated nodes with a half-way wall among their stencil neighbours.
void mark_near_wall(StencilKind stencil, const Dims& dims, std::vector<std::uint8_t>& flags);
// Sets kNearWallBit (and clears kWallGhostBit) on every updated node of each run of `group`
// consecutive nodes (aligned: nodes g * group ... g * group + group - 1) that holds a node of
// the near-wall list (in_wall_list; wall ghosts need none): the GPU's
// near-wall list then takes whole 32-byte sectors of a population array (group = 32 bytes /
// the stored value's size, SoA), and the bulk kernel none of them. A node at an x wall is one
// per x-row, so without this each of its sectors was written by both kernels, which costs the
// DRAM a read for every partial write (docs/DESIGN.md, "The x faces"). The extra nodes have no
// wall among their neighbours, so the list computes for them what the bulk would, bit for bit.
void widen_near_wall_to_sectors(std::size_t group, std::vector<std::uint8_t>& flags);
// The group widen_near_wall_to_sectors takes for this model on a lattice of `nodes` nodes whose
// stored values are `value_bytes` wide, or 1 for none. Only where it was measured to pay (H200,
// 2026-11-27): SoA and AoSoA, 4- or 8-byte values (with 16-bit ones a sector is 16 nodes, and
// the longer list cost the box 0.8 %), the schemes that were measured (pull, whose stores are
// its own slots: +1.9 to +6.7 %; A-A and esoteric: +0 to +1.6 %), and, in SoA, only where
// every population array starts on a group (nodes a multiple of it); else the groups miss the
// sectors. AoSoA's tiles of 32 nodes always start on one.
std::size_t wall_sector_group(const ModelChoice& model, std::size_t value_bytes, node_t nodes);
// visit(begin, end) for each aligned run of `group` consecutive nodes of `nodes` (the last one
// may be shorter; group < 2: runs of one node), the runs in parallel (OpenMP, in the host
// code, so that the CUDA units including this header see no pragma): what
// widen_near_wall_to_sectors and mark_wall_sectors walk, a run being a 32-byte sector of a
// population array.
void for_each_node_group(std::size_t group, std::size_t nodes,
                         const std::function<void(std::size_t, std::size_t)>& visit);
// Sets kBorderBit on the updated nodes of a tile (`place`, whose local lattice is `dims`) that
// lie within place.halo[a] nodes of a cut along axis a: those whose populations cross to other
// tiles, or which read what crosses from them.
void mark_tile_border(const TilePlace& place, const Dims& dims, std::vector<std::uint8_t>& flags);
// Throws ConfigError unless rho holds `nodes` values, u 3 per node and T one per node
// (none where the model has no temperature and T is empty): Engine::import_equilibrium's fields.
void check_equilibrium_fields(node_t nodes, const std::vector<double>& rho,
                              const std::vector<double>& u, const std::vector<double>& T,
                              bool needs_T);
// Canonical equilibrium state for given density and velocity fields (u: 3 per node).
std::vector<double> equilibrium_state(StencilKind stencil, const std::vector<double>& rho,
                                      const std::vector<double>& u);

} // namespace ll
