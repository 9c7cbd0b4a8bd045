// Linked when the project is built without CUDA: the CPU back end is the only one.
#include "../domain/device_exchange.hpp"
#include "../domain/device_pieces.hpp"
#include "../domain/nccl_exchange.hpp"
#include "../domain/queued_graph.hpp"
#include "../domain/step_timeline.hpp"
#include "../engine/engine.hpp"
#include "../lab/memory_probe.hpp"

#include <stdexcept>

namespace ll {
std::unique_ptr<Engine> make_cuda_engine(const EngineConfig&, std::string& why) {
    why = "this build has no CUDA support (nvcc was not found at configure time)";
    return nullptr;
}
void select_cuda_device(int) {}
std::unique_ptr<Engine> make_cuda_engine_on(const EngineConfig& cfg, int, std::string& why) {
    return make_cuda_engine(cfg, why);
}
int cuda_device_count() {
    return 0;
}
std::unique_ptr<DeviceExchange> make_device_exchange(const std::vector<Engine*>&, const HaloCopies&,
                                                     std::size_t) {
    return nullptr;
}
std::unique_ptr<NcclExchange> make_nccl_exchange(Communicator&, Engine&,
                                                 const std::vector<RankLink>&, std::string& why) {
    why = "this build has no CUDA";
    return nullptr;
}
std::unique_ptr<StreamClock> make_stream_clock() {
    return nullptr;
}
std::unique_ptr<QueuedGraph> make_queued_graph() {
    return nullptr;
}
bool nccl_compiled_in() {
    return false;
}
std::unique_ptr<DevicePieces> make_device_pieces() {
    return nullptr;
}
bool cuda_compiled_in() {
    return false;
}
bool cuda_device_present(std::string& why) {
    why = "this build has no CUDA support (nvcc was not found at configure time)";
    return false;
}
} // namespace ll

namespace ll::lab {
MemoryProbeResult run_memory_probe(const MemoryProbeSpec&, int) {
    throw std::runtime_error("the memory probe needs a CUDA GPU; this build has no CUDA support");
}
int max_blocks_per_sm(int) {
    return 0;
}
int probe_max_blocks_per_sm(int, int, int, bool) {
    return 0;
}
int max_probe_block(int, int, bool) {
    return 0;
}
} // namespace ll::lab
