// Linked when the project is built without CUDA: the CPU engine is the only one.
#include "engine.hpp"

namespace ll::thermal::boussinesq {
std::unique_ptr<Engine> make_cuda_engine(const Config&, std::string& why) {
    why = "this build has no CUDA support (nvcc was not found at configure time)";
    return nullptr;
}
} // namespace ll::thermal::boussinesq
