// An engine bound to one GPU of several (`--devices`, one process driving them): every call
// first makes its device current, since a CUDA engine's buffers, streams and kernels belong to
// the device that was current when it was built.
#include "../engine/engine.hpp"
#include "cuda_check.hpp"

namespace ll {
namespace {

class OnDevice final : public Engine {
public:
    OnDevice(std::unique_ptr<Engine> e, int device) : e_(std::move(e)), device_(device) {}
    ~OnDevice() override {
        const DeviceScope scope(device_);
        e_.reset();
    }
    double step(int steps) override { return on()->step(steps); }
    void export_state(std::vector<double>& f) override { on()->export_state(f); }
    void import_state(const std::vector<double>& f) override { on()->import_state(f); }
    void import_equilibrium(const EngineConfig& cfg, const std::vector<std::uint8_t>& flags,
                            const std::vector<double>& rho, const std::vector<double>& u,
                            const std::vector<double>& T) override {
        on()->import_equilibrium(cfg, flags, rho, u, T);
    }
    void set_flags(const std::vector<std::uint8_t>& f) override { on()->set_flags(f); }
    void set_flow(const FlowParams& flow) override { on()->set_flow(flow); }
    void set_launch(const LaunchConfig& l) override { on()->set_launch(l); }
    LaunchReport launch_report() const override { return on()->launch_report(); }
    std::vector<int> register_caps() const override { return on()->register_caps(); }
    void read_macro(MacroField& out) override { on()->read_macro(out); }
    void read_field(const FieldRequest& req, const FieldRegion& region, float* out,
                    MemorySpace space) override {
        on()->read_field(req, region, out, space);
    }
    std::uint64_t count_nonfinite() override { return on()->count_nonfinite(); }
    const DeviceInfo& device() const override { return on()->device(); }
    double copy_bandwidth() override { return on()->copy_bandwidth(); }
    std::vector<std::string> step_passes() const override { return on()->step_passes(); }
    std::vector<KernelResources> pass_resources(const std::string& pass, int block) const override {
        return on()->pass_resources(pass, block);
    }
    double time_pass(const std::string& pass, int block, int launches) override {
        return on()->time_pass(pass, block, launches);
    }
    int population_sets() const override { return on()->population_sets(); }
    std::vector<std::array<int, 3>> set_velocities(int set) const override {
        return on()->set_velocities(set);
    }
    // The slots' arithmetic is the host's, asked millions of times when tiles are set up: no
    // device to make current.
    std::uint64_t outgoing_element(int set, node_t n, int i, int parity) const override {
        return e_->outgoing_element(set, n, i, parity);
    }
    std::size_t element_bytes() const override { return on()->element_bytes(); }
    std::uint64_t stored_elements(int set) const override { return e_->stored_elements(set); }
    std::optional<node_t> element_node(int set, std::uint64_t e) const override {
        return e_->element_node(set, e);
    }
    int add_halo_list(int set, std::vector<std::uint64_t> elements) override {
        return on()->add_halo_list(set, std::move(elements));
    }
    void clear_halo_lists() override { on()->clear_halo_lists(); }
    void start_steps(int steps) override { on()->start_steps(steps); }
    void finish_steps() override { on()->finish_steps(); }
    void* stream_handle() override { return on()->stream_handle(); }
    void* current_set(int set) override { return on()->current_set(set); }
    void pack(int list, void* out, MemorySpace space, void* stream) override {
        on()->pack(list, out, space, stream);
    }
    void unpack(int list, const void* in, MemorySpace space, void* stream) override {
        on()->unpack(list, in, space, stream);
    }
    bool splits_steps() const override { return e_->splits_steps(); }
    void start_border() override { on()->start_border(); }
    void start_interior() override { on()->start_interior(); }
    void* border_stream_handle() override { return on()->border_stream_handle(); }

private:
    // The engine with its GPU current for one call: the caller's device comes back at the end of
    // the full expression, so that work after a multi-GPU run (a one-device lattice, a probe)
    // lands where the caller's device says, not on the last GPU an engine used.
    struct Bound {
        DeviceScope scope;
        Engine* engine;
        Engine* operator->() const { return engine; }
    };
    Bound on() const { return Bound{DeviceScope(device_), e_.get()}; }
    std::unique_ptr<Engine> e_;
    int device_;
};

} // namespace

std::unique_ptr<Engine> make_cuda_engine_on(const EngineConfig& cfg, int device, std::string& why) {
    if (device < 0) return make_cuda_engine(cfg, why);
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || device >= count) {
        cudaGetLastError();
        why = "GPU " + std::to_string(device) + " is not present";
        return nullptr;
    }
    const DeviceScope scope(device); // the engine is made on its GPU; the caller's comes back
    auto e = make_cuda_engine(cfg, why);
    if (!e) return nullptr;
    return std::make_unique<OnDevice>(std::move(e), device);
}

} // namespace ll
