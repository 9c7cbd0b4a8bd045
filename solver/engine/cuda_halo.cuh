// A CUDA engine's halo lists (Engine::add_halo_list; solver/domain/): the elements of one
// population set, kept on the device, which pack() gathers into a contiguous buffer and
// unpack() scatters back. Only the populations that cross a cut move (5 of 19 per D3Q19 face
// node). A device buffer may live on another GPU of the process (unified addressing).
#pragma once
#include "solver/cuda/cuda_buffer.hpp"
#include "solver/field_types.hpp"

#include <vector>

namespace ll::cuda {

template <class Store>
__global__ void gather_elements(const Store* set, const std::uint64_t* elements, Store* out,
                                std::size_t count) {
    const std::size_t j = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j < count) out[j] = set[elements[j]];
}
template <class Store>
__global__ void scatter_elements(Store* set, const std::uint64_t* elements, const Store* in,
                                 std::size_t count) {
    const std::size_t j = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j < count) set[elements[j]] = in[j];
}

template <class Store>
class HaloLists {
public:
    int add(int set, const std::vector<std::uint64_t>& elements) {
        auto list = std::make_unique<List>();
        list->set = set;
        list->elements.allocate(elements.size());
        list->staging.allocate(elements.size());
        if (!elements.empty()) upload_now(list->elements.get(), elements.data(), elements.size());
        lists_.push_back(std::move(list));
        return int(lists_.size()) - 1;
    }
    void clear() { lists_.clear(); }

    // Into and from host memory both complete when they return: the buffer is then the
    // caller's. Into and from device memory they are queued on `stream` (the NCCL exchange
    // orders its transfers after them on the same stream).
    template <class Sets>
    void pack(int list, const Sets& sets, void* out, MemorySpace space, cudaStream_t stream) {
        const List& l = at(list);
        if (l.elements.size() == 0) return;
        Store* target = space == MemorySpace::Device ? static_cast<Store*>(out) : l.staging.get();
        gather_elements<<<blocks(l), 256, 0, stream>>>(sets[l.set].get(), l.elements.get(), target,
                                                       l.elements.size());
        LL_CUDA(cudaGetLastError());
        if (space == MemorySpace::Host) {
            LL_CUDA(
                cudaMemcpyAsync(out, l.staging.get(), bytes(l), cudaMemcpyDeviceToHost, stream));
            LL_CUDA(cudaStreamSynchronize(stream));
        }
    }
    template <class Sets>
    void unpack(int list, Sets& sets, const void* in, MemorySpace space, cudaStream_t stream) {
        const List& l = at(list);
        if (l.elements.size() == 0) return;
        const Store* source = static_cast<const Store*>(in);
        if (space == MemorySpace::Host) {
            LL_CUDA(cudaMemcpyAsync(l.staging.get(), in, bytes(l), cudaMemcpyHostToDevice, stream));
            source = l.staging.get();
        }
        scatter_elements<<<blocks(l), 256, 0, stream>>>(sets[l.set].get(), l.elements.get(), source,
                                                        l.elements.size());
        LL_CUDA(cudaGetLastError());
        if (space == MemorySpace::Host) LL_CUDA(cudaStreamSynchronize(stream));
    }

private:
    struct List {
        int set = 0;
        DeviceBuffer<std::uint64_t> elements;
        DeviceBuffer<Store> staging;
    };
    const List& at(int list) const { return *lists_.at(std::size_t(list)); }
    static unsigned blocks(const List& l) { return unsigned((l.elements.size() + 255) / 256); }
    static std::size_t bytes(const List& l) { return l.elements.size() * sizeof(Store); }

    std::vector<std::unique_ptr<List>> lists_;
};

} // namespace ll::cuda
