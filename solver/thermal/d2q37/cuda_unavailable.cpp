// Linked when the project is built without CUDA: the D2Q37 CPU engine is the only one.
#include "kernel_bench.hpp"

namespace ll::thermal {
namespace {
constexpr const char* kNoCuda =
    "this build has no CUDA support (nvcc was not found at configure time)";
}
std::unique_ptr<D2Q37Engine> make_d2q37_cuda_engine(const D2Q37Config&, std::string& why) {
    why = kNoCuda;
    return nullptr;
}
std::unique_ptr<D2Q37KernelBench> make_d2q37_kernel_bench(const D2Q37Config&, std::string& why) {
    why = kNoCuda;
    return nullptr;
}
} // namespace ll::thermal
