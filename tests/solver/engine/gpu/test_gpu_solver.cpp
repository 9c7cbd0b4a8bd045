// GPU back end against the CPU reference. Runs on the GPU machine (scripts/gpu-check); without
// a usable GPU every test here is skipped with the reason.
//
// [SECTION] a test box with every boundary rule
// [SECTION] GPU == CPU for every stencil x scheme x layout x precision x collision, and in each
//           16-bit storage format (fp16s, fp16c) within FP32's tolerance
// [SECTION] state kept across switches, launch shapes, occupancy cap, bad input
#include "solver/scenario/scenario.hpp"
#include "support/flow_fields.hpp"
#include "support/start_state.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#if LATTICELAB_HAS_CUDA
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace ll::test {
namespace {

constexpr double kURef = 0.05;

// A periodic box with half-way walls (an obstacle), a moving wall, a free-slip wall, on-grid
// walls and an inlet/outlet pair, with a swirling initial flow: every rule in one lattice. Its
// node count is no multiple of 32, so AoSoA's last tile is partly empty.
SimulationSetup test_box(StencilKind stencil, Precision precision, CollisionKind collision) {
    SimulationSetup s;
    const bool three_d = dimensions(stencil) == 3;
    s.dims = three_d ? Dims{20, 18, 15} : Dims{48, 39, 1};
    s.model = {stencil, collision, Scheme::Pull, Layout::SoA, precision, {}};
    s.flow.tau = 0.7;
    s.flow.wall_u[0] = kURef;
    s.flow.inlet_u[0] = kURef;
    s.flow.force[1] = 1e-6;
    const std::size_t n = s.dims.nodes();
    s.flags.assign(n, kFluid);
    s.rho.assign(n, 1.0);
    s.u.assign(3 * n, 0.0);
    for (std::uint32_t z = 0; z < s.dims.nz; ++z)
        for (std::uint32_t y = 0; y < s.dims.ny; ++y)
            for (std::uint32_t x = 0; x < s.dims.nx; ++x) {
                const std::size_t k = x + std::size_t(s.dims.nx) * (y + std::size_t(s.dims.ny) * z);
                const double dx = x - 0.4 * s.dims.nx, dy = y - 0.5 * s.dims.ny;
                std::uint8_t f = kFluid;
                if (dx * dx + dy * dy < 16) f = kSolid;
                if (y == 0) f = kMovingWall;
                if (y == s.dims.ny - 1) f = kFreeSlip;
                if (y == s.dims.ny - 2 && x > 30 % s.dims.nx) f = kWallOnGrid;
                if (x == 0 && y > 0 && y < s.dims.ny - 2) f = kInlet;
                if (x == s.dims.nx - 1 && y > 0 && y < s.dims.ny - 2) f = kOutlet;
                s.flags[k] = f;
                s.u[3 * k] = kURef * std::sin(0.3 * y + 0.1 * z);
                s.u[3 * k + 1] = kURef * std::cos(0.2 * x);
                s.u[3 * k + 2] = three_d ? 0.5 * kURef * std::sin(0.25 * x) : 0.0;
                s.rho[k] = 1.0 + 0.01 * std::sin(0.15 * (x + y + z));
            }
    return s;
}

// Velocities in double (from the populations): float output cannot resolve FP64 agreement.
FlowField run(SimulationSetup s, BackendKind backend, int steps) {
    auto sim = Simulation::create(std::move(s), backend);
    sim->step(steps);
    return flow_field(*sim);
}

// Tolerances of the acceptance criteria: 1e-5 u_ref in FP32, 1e-12 u_ref in FP64.
double tolerance(Precision p) {
    return (p == Precision::FP32 ? 1e-5 : 1e-12) * kURef;
}

struct Case {
    StencilKind stencil;
    Precision precision;
    CollisionKind collision;
    std::optional<Storage> storage; // 16-bit storage, computed in FP32
};

// The 16-bit formats are held to FP32's tolerance: their TUs are built without FMA
// contraction (solver/CMakeLists.txt), so the GPU rounds exactly as the CPU does and no FP32
// ulp can flip a 16-bit rounding.
std::vector<Case> all_cases() {
    std::vector<Case> v;
    for (auto st : {StencilKind::D2Q9, StencilKind::D3Q19, StencilKind::D3Q27})
        for (auto c : {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT}) {
            if (c == CollisionKind::MRT && st == StencilKind::D3Q27) continue;
            for (auto p : {Precision::FP32, Precision::FP64})
                v.push_back({st, p, c, {}});
            for (auto s : {Storage::FP16S, Storage::FP16C})
                v.push_back({st, Precision::FP32, c, s});
        }
    return v;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
    const Case& c = info.param;
    return std::string(to_string(c.stencil)) + "_" +
           std::string(c.storage ? to_string(*c.storage) : to_string(c.precision)) + "_" +
           std::string(to_string(c.collision));
}

class GpuMatchesCpu : public testing::TestWithParam<Case> {};

// Every scheme and layout on the GPU against the CPU reference (pull, SoA), after an even and
// an odd number of steps so that both parities of the in-place schemes are checked.
TEST_P(GpuMatchesCpu, EverySchemeAndLayout) {
    LL_REQUIRE_GPU();
    const Case c = GetParam();
    const auto box = [&c] {
        SimulationSetup s = test_box(c.stencil, c.precision, c.collision);
        s.model.storage = c.storage;
        return s;
    };
    for (int steps : {200, 201}) {
        const auto ref = run(box(), BackendKind::Cpu, steps);
        for (Scheme sc : {Scheme::Push, Scheme::Pull, Scheme::Split, Scheme::AA, Scheme::Esoteric,
                          Scheme::SharedX})
            for (Layout l : {Layout::SoA, Layout::AoS, Layout::AoSoA}) {
                SimulationSetup s = box();
                s.model.scheme = sc;
                s.model.layout = l;
                if (l == Layout::AoSoA && !aosoa_offered(s.model)) continue; // not built
                s.launch.block_size = 64; // several blocks per x-row for shared_x
                const auto gpu = run(s, BackendKind::Cuda, steps);
                EXPECT_LE(max_velocity_difference(gpu, ref), tolerance(c.precision))
                    << to_string(sc) << "/" << to_string(l) << " after " << steps << " steps";
            }
    }
}
INSTANTIATE_TEST_SUITE_P(AllModels, GpuMatchesCpu, testing::ValuesIn(all_cases()), case_name);

TEST(GpuSolver, SwitchingSchemeLayoutAndLaunchKeepsTheFlow) {
    LL_REQUIRE_GPU();
    const auto base = test_box(StencilKind::D3Q19, Precision::FP32, CollisionKind::MRT);
    const auto ref = run(base, BackendKind::Cuda, 300);
    auto sim = Simulation::create(base, BackendKind::Cuda);
    sim->step(100);
    ModelChoice m = base.model;
    m.scheme = Scheme::Esoteric;
    m.layout = Layout::AoS;
    sim->set_model(m);
    sim->set_launch({128, 2});
    sim->step(101);
    m.scheme = Scheme::AA;
    m.layout = Layout::SoA;
    sim->set_model(m);
    sim->set_launch({512, 0});
    sim->step(99);
    EXPECT_LE(max_velocity_difference(flow_field(*sim), ref), tolerance(Precision::FP32));
}

// Small lattices replay batches of steps as a CUDA graph (LATTICELAB_CUDA_GRAPHS, default on;
// these lattices are small, float or double, one domain): bit for bit what launching every step
// computes, with graphs captured at both parities (A-A) and both buffers current (pull),
// replayed, and dropped when the parameters, the launch or the nodes change. Every scheme of
// the DdQq kernels, FP32 and FP64, and D2Q37's passes.
std::vector<double> stepped_with_changes(SimulationSetup s, const char* graphs,
                                         const char* resident = "0",
                                         const char* neighbour_sync = "1") {
    const ScopedEnv env("LATTICELAB_CUDA_GRAPHS", graphs);
    const ScopedEnv resident_env("LATTICELAB_RESIDENT", resident);
    const ScopedEnv sync_env("LATTICELAB_NEIGHBOUR_SYNC", neighbour_sync);
    auto sim = Simulation::create(s, BackendKind::Cuda);
    sim->step(1);  // odd parity, the second buffer current
    sim->step(32); // captured there
    sim->step(1);  // back: the graph no longer matches
    sim->step(33); // captured again, then a single step
    sim->step(64); // replayed twice
    FlowParams flow = s.flow;
    flow.tau *= 1.1;
    sim->set_flow(flow);
    sim->step(64);
    LaunchConfig launch = s.launch;
    launch.block_size = 128;
    sim->set_launch(launch);
    sim->step(33);
    launch.blocks_per_sm_cap = 2; // only the launch's shared memory changes: a new wave's size
    sim->set_launch(launch);
    sim->step(33);
    if (s.model.stencil != StencilKind::D2Q37) {
        const node_t inside = s.dims.nx * (s.dims.ny / 2) + s.dims.nx / 2 + 5;
        sim->set_node_types({{inside, kSolid}});
        sim->step(40);
    }
    std::vector<double> f;
    sim->export_state(f);
    return f;
}

// Two canonical states of setup `s` bit for bit equal; else `what`, with the largest difference.
void expect_same_state(const std::vector<double>& a, const std::vector<double>& b,
                       const SimulationSetup& s, const std::string& what) {
    ASSERT_EQ(a.size(), b.size());
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::abs(a[i] - b[i]));
    EXPECT_TRUE(a == b) << to_string(s.model.stencil) << " " << to_string(s.model.collision) << " "
                        << to_string(s.model.scheme) << " " << to_string(s.model.precision) << ": "
                        << what << " by up to " << worst;
}

TEST(GpuSolver, StepGraphsComputeWhatLaunchesCompute) {
    LL_REQUIRE_GPU();
    std::vector<SimulationSetup> setups;
    for (Precision p : {Precision::FP32, Precision::FP64})
        for (Scheme sc : {Scheme::Pull, Scheme::AA, Scheme::Esoteric, Scheme::SharedX}) {
            SimulationSetup s = test_box(StencilKind::D2Q9, p, CollisionKind::TRT);
            s.model.scheme = sc;
            setups.push_back(s);
        }
    setups.push_back(build_scenario("rt2d", {{"size", "64"}}));
    for (const SimulationSetup& s : setups) {
        const auto replayed = stepped_with_changes(s, "1");
        const auto launched = stepped_with_changes(s, "0");
        ASSERT_EQ(replayed.size(), launched.size());
        EXPECT_TRUE(replayed == launched)
            << to_string(s.model.stencil) << " " << to_string(s.model.scheme) << " "
            << to_string(s.model.precision) << ": graph replays differ from launched steps";
    }
}

// Small lattices run batches of steps in one resident kernel (LATTICELAB_RESIDENT, default
// on; resident_steps.cuh): bit for bit what launching every step computes, over the same
// changes, for every scheme but shared_x (which launches), FP32 and FP64, D2Q9 and D3Q19, and
// the Boussinesq model's two population sets, and BGK, TRT and MRT (whose dense transform once
// contracted differently inside the resident kernel: 7e-8 in FP32; with its wall reflections
// inline, D2Q9 TRT pull differed by one FP64 ulp until the units were built without FMA
// contraction). The test box's walls and the solid node added mid-run send near-wall nodes
// through the inline walls. Both ways of waiting between steps: for the neighbouring blocks
// (the default; a block that went on too early would read a neighbour's old values) and for
// the whole grid.
TEST(GpuSolver, ResidentStepsComputeWhatLaunchesCompute) {
    LL_REQUIRE_GPU();
    std::vector<SimulationSetup> setups;
    for (Precision p : {Precision::FP32, Precision::FP64})
        for (Scheme sc :
             {Scheme::Pull, Scheme::Push, Scheme::Split, Scheme::AA, Scheme::Esoteric}) {
            SimulationSetup s = test_box(StencilKind::D2Q9, p, CollisionKind::TRT);
            s.model.scheme = sc;
            setups.push_back(s);
        }
    for (CollisionKind c : {CollisionKind::BGK, CollisionKind::TRT, CollisionKind::MRT})
        for (Scheme sc : {Scheme::Pull, Scheme::AA}) {
            SimulationSetup s = test_box(StencilKind::D3Q19, Precision::FP32, c);
            s.model.scheme = sc;
            setups.push_back(s);
        }
    setups.push_back(build_scenario("heated_cavity2d", {{"size", "48"}}));
    for (const SimulationSetup& s : setups) {
        const auto launched = stepped_with_changes(s, "0", "0");
        expect_same_state(stepped_with_changes(s, "0", "1"), launched, s,
                          "resident steps waiting for their neighbours differ from launched steps");
        expect_same_state(stepped_with_changes(s, "0", "1", "0"), launched, s,
                          "resident steps waiting for the whole grid differ from launched steps");
    }
}

// Closed cavities (every x-row starts and ends next to a wall, the lid moves): every scheme,
// both layouts, FP32, FP64 and 16-bit storage, BGK, TRT and MRT, and the Boussinesq model's two
// population sets, each stepped 41 times with the environment switch `name` set to `value`
// (graphs and resident kernels off, so that every step launches the bulk and wall kernels).
std::vector<SimulationSetup> closed_cavities() {
    std::vector<SimulationSetup> setups;
    for (const char* scheme : {"push", "pull", "split", "aa", "esoteric", "shared_x"})
        for (const char* precision : {"fp32", "fp64"})
            setups.push_back(build_scenario(
                "cavity2d", {{"size", "40"}, {"scheme", scheme}, {"precision", precision}}));
    for (const char* collision : {"bgk", "trt", "mrt"})
        for (const char* scheme : {"pull", "aa", "esoteric"})
            setups.push_back(build_scenario(
                "cavity3d", {{"size", "24"}, {"scheme", scheme}, {"collision", collision}}));
    setups.push_back(build_scenario("cavity3d", {{"size", "24"}, {"layout", "aos"}}));
    // AoSoA: 25^3 nodes, so the last tile is partly empty and groups straddle rows.
    for (const char* scheme : {"pull", "aa", "esoteric"})
        setups.push_back(
            build_scenario("cavity3d", {{"size", "23"}, {"scheme", scheme}, {"layout", "aosoa"}}));
    setups.push_back(
        build_scenario("cavity2d", {{"size", "40"}, {"layout", "aosoa"}, {"precision", "fp64"}}));
    setups.push_back(build_scenario("cavity3d", {{"size", "24"}, {"storage", "fp16s"}}));
    setups.push_back(build_scenario("heated_cavity2d", {{"size", "48"}}));
    return setups;
}
std::vector<double> cavity_state(const SimulationSetup& s, const char* name, const char* value) {
    const ScopedEnv graphs("LATTICELAB_CUDA_GRAPHS", "0");
    const ScopedEnv resident("LATTICELAB_RESIDENT", "0");
    const ScopedEnv walls(name, value);
    auto sim = Simulation::create(s, BackendKind::Cuda);
    sim->step(41);
    std::vector<double> f;
    sim->export_state(f);
    return f;
}

// Every closed cavity with the environment switch `name` on and off: the same state, bit for bit.
void expect_switch_keeps_state(const char* name, const char* what) {
    for (const SimulationSetup& s : closed_cavities())
        expect_same_state(cavity_state(s, name, "1"), cavity_state(s, name, "0"), s, what);
}

// The near-wall list kernel runs beside the bulk kernel on a second stream, joined before the
// step ends (LATTICELAB_WALL_LANE, default on; CudaEngine::walls_beside): the same kernels as
// queued one after the other, so bit for bit the same state, unless the lane's fork or join
// were missing (a race that a busy GPU shows).
TEST(GpuSolver, WallsBesideTheBulkComputeWhatWallsAfterItCompute) {
    LL_REQUIRE_GPU();
    expect_switch_keeps_state("LATTICELAB_WALL_LANE",
                              "walls beside the bulk differ from walls after it");
}

// The near-wall list in whole 32-byte sectors (LATTICELAB_WALL_SECTORS, default on): the nodes
// it adds have no wall among their neighbours, so the list computes for them what the bulk
// kernel would, bit for bit (26^3 and 50^2 lattices: FP32 and FP64 groups both apply).
TEST(GpuSolver, WallListInWholeSectorsComputesWhatTheNarrowListComputes) {
    LL_REQUIRE_GPU();
    expect_switch_keeps_state("LATTICELAB_WALL_SECTORS",
                              "the list in whole sectors differs from the list of wall neighbours");
}

// Wall ghosts (LATTICELAB_WALL_GHOSTS, default on; engine/wall_ghosts.hpp): before a pull
// step the bounce-back reflections are copied where the gather reads them, and the bulk kernel
// updates the nodes next to those walls, bit for bit what the near-wall list computes (the
// pull cavities take them, FP32 and FP64, SoA, AoS and AoSoA; the others ignore the switch).
TEST(GpuSolver, WallGhostsComputeWhatTheWallListComputes) {
    LL_REQUIRE_GPU();
    expect_switch_keeps_state("LATTICELAB_WALL_GHOSTS",
                              "wall ghosts differ from the near-wall list");
}

// Wall sector fill (LATTICELAB_WALL_FILL, default on; wall_ghosts.hpp, mark_wall_sectors):
// with wall ghosts, the bulk pull pass stores zeros in the slots of the walls that share a
// 32-byte sector with updated nodes; nothing reads them, so the state is the same bit for bit.
TEST(GpuSolver, WallSectorFillKeepsTheState) {
    LL_REQUIRE_GPU();
    expect_switch_keeps_state("LATTICELAB_WALL_FILL",
                              "filling the walls' sectors changes the flow");
}

TEST(GpuSolver, BadResidentSettingIsRefusedNamingTheValues) {
    LL_REQUIRE_GPU();
    const ScopedEnv env("LATTICELAB_RESIDENT", "on");
    try {
        Simulation::create(test_box(StencilKind::D2Q9, Precision::FP32, CollisionKind::BGK),
                           BackendKind::Cuda);
        ADD_FAILURE() << "LATTICELAB_RESIDENT=on was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("LATTICELAB_RESIDENT = 'on'"), std::string::npos)
            << e.what();
    }
}

TEST(GpuSolver, BadGraphSettingIsRefusedNamingTheValues) {
    LL_REQUIRE_GPU();
    const ScopedEnv env("LATTICELAB_CUDA_GRAPHS", "yes");
    try {
        Simulation::create(test_box(StencilKind::D2Q9, Precision::FP32, CollisionKind::BGK),
                           BackendKind::Cuda);
        ADD_FAILURE() << "LATTICELAB_CUDA_GRAPHS=yes was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("auto or 1"), std::string::npos) << e.what();
    }
}

// The GPU builds the start state from the fields in a kernel (import_equilibrium): the state
// the host makes and uploads, within one rounding of the stored type.
TEST(GpuSolver, StartStateFromFieldsIsTheHostsCanonicalState) {
    LL_REQUIRE_GPU();
    for (const StartCase& c : start_cases())
        EXPECT_LE(start_state_difference(c, BackendKind::Cuda), c.gpu_tolerance) << c.scenario;
}

// Every block size the kernel can launch gives the same flow; larger ones are refused with a
// message that names the register-limited maximum.
TEST(GpuSolver, EveryBlockSizeGivesTheSameFlow) {
    LL_REQUIRE_GPU();
    auto s = test_box(StencilKind::D3Q19, Precision::FP32, CollisionKind::BGK);
    const auto ref = run(s, BackendKind::Cuda, 50);
    for (Scheme sc : {Scheme::Pull, Scheme::SharedX, Scheme::Esoteric}) {
        s.model.scheme = sc;
        s.launch.block_size = 32;
        const int limit =
            Simulation::create(s, BackendKind::Cuda)->launch_report().max_threads_per_block;
        for (int block = 32; block <= 1024; block += 32) {
            s.launch.block_size = block;
            if (block > limit) {
                EXPECT_THROW(run(s, BackendKind::Cuda, 1), ConfigError) << block;
                continue;
            }
            if (block % 96 != 32 && block != limit) continue; // a spread of sizes, and the limit
            EXPECT_LE(max_velocity_difference(run(s, BackendKind::Cuda, 50), ref),
                      tolerance(Precision::FP32))
                << "block " << block << " " << to_string(sc);
        }
    }
}

TEST(GpuSolver, OccupancyCapLimitsBlocksPerSm) {
    LL_REQUIRE_GPU();
    auto s = test_box(StencilKind::D3Q19, Precision::FP32, CollisionKind::BGK);
    s.launch = {128, 0};
    auto sim = Simulation::create(s, BackendKind::Cuda);
    const LaunchReport free = sim->launch_report();
    EXPECT_GT(free.registers_per_thread, 0);
    EXPECT_GT(free.blocks_per_sm, 2);
    for (int cap : {1, 2, 4}) {
        sim->set_launch({128, cap});
        const LaunchReport r = sim->launch_report();
        EXPECT_LE(r.blocks_per_sm, cap) << "cap " << cap;
        EXPECT_GE(r.blocks_per_sm, 1);
        EXPECT_NEAR(r.theoretical_occupancy, r.blocks_per_sm * 128.0 / 2048.0, 1e-9);
        sim->step(10); // the reserved shared memory must still launch
    }
}

TEST(GpuSolver, BadLaunchAndSizeAreRejectedWithAReadableMessage) {
    LL_REQUIRE_GPU();
    auto s = test_box(StencilKind::D3Q19, Precision::FP32, CollisionKind::BGK);
    s.launch.block_size = 33;
    EXPECT_THROW(Simulation::create(s, BackendKind::Cuda), ConfigError);
    s.launch.block_size = 2048;
    EXPECT_THROW(Simulation::create(s, BackendKind::Cuda), ConfigError);
    try {
        Simulation::create(build_scenario("cavity3d", {{"size", "1024"}, {"precision", "fp64"}}),
                           BackendKind::Cuda);
        ADD_FAILURE() << "a lattice larger than GPU memory was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("size"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("GiB"), std::string::npos) << e.what();
    }
}

// Fields written straight into device memory (the visualiser's path) equal the host copy,
// and the GPU's fields equal the CPU's.
TEST(GpuSolver, FieldsInDeviceMemoryMatchHostAndCpu) {
    LL_REQUIRE_GPU();
#if LATTICELAB_HAS_CUDA
    const auto setup = build_scenario("cavity3d", {{"size", "24"}, {"scheme", "esoteric"}});
    auto gpu = Simulation::create(setup, BackendKind::Cuda);
    auto cpu = Simulation::create(setup, BackendKind::Cpu);
    gpu->step(101);
    cpu->step(101);
    const Dims d = setup.dims;
    for (FieldKind kind :
         {FieldKind::Speed, FieldKind::Ux, FieldKind::Vorticity, FieldKind::Density}) {
        for (FieldRegion region :
             {FieldRegion{true, Axis::Z, 0}, FieldRegion{false, Axis::Y, 13}}) {
            const std::size_t count = region_size(d, region);
            std::vector<float> host(count), via_device(count), on_cpu(count);
            float* dev = nullptr;
            ASSERT_EQ(cudaMalloc(&dev, count * sizeof(float)), cudaSuccess);
            gpu->read_field({kind, -1}, region, dev, MemorySpace::Device);
            ASSERT_EQ(
                cudaMemcpy(via_device.data(), dev, count * sizeof(float), cudaMemcpyDeviceToHost),
                cudaSuccess);
            cudaFree(dev);
            gpu->read_field({kind, -1}, region, host.data(), MemorySpace::Host);
            cpu->read_field({kind, -1}, region, on_cpu.data(), MemorySpace::Host);
            double scale = 1e-12;
            for (float v : on_cpu)
                scale = std::max(scale, double(std::fabs(v)));
            for (std::size_t k = 0; k < count; ++k) {
                ASSERT_EQ(host[k], via_device[k]) << "field " << int(kind) << " k " << k;
                ASSERT_NEAR(host[k], on_cpu[k], 1e-5 * scale) << "field " << int(kind);
            }
        }
    }
#endif
}

TEST(GpuSolver, AutoBackendPicksTheGpu) {
    LL_REQUIRE_GPU();
    auto sim = Simulation::create(build_scenario("cavity2d", {{"size", "32"}}), BackendKind::Auto);
    EXPECT_TRUE(sim->on_gpu()) << sim->backend_note();
    EXPECT_GT(sim->copy_bandwidth(), 1e11);
}

} // namespace
} // namespace ll::test
