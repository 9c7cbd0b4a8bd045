// Linked when the project is built without CUDA: the D2Q37 CPU engine is the only one.
#include "engine.hpp"

namespace ll::thermal {
std::unique_ptr<D2Q37Engine> make_d2q37_cuda_engine(const D2Q37Config&, std::string& why) {
    why = "this build has no CUDA support (nvcc was not found at configure time)";
    return nullptr;
}
} // namespace ll::thermal
