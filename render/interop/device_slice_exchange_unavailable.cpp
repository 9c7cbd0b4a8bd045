// Built without CUDA: there are no device slices; the solver thread publishes host slices.
#include "device_slice_exchange.hpp"

namespace ll::render {

std::unique_ptr<DeviceSliceExchange> DeviceSliceExchange::create(std::string& why) {
    why = "this build has no CUDA back end (configured without nvcc)";
    return nullptr;
}

} // namespace ll::render
