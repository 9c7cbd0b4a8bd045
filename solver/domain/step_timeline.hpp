// The timeline of one step of a tiled lattice (TiledEngine::trace_step): when each tile's
// update and each part of the halo exchange ran, from CUDA events on the streams that ran them
// (or host clocks where the host runs them). It shows whether the exchange is hidden behind
// the updates (Calore et al. 2016, Sec. 5: overlap of communication and computation).
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace ll {

struct TimelineSpan {
    std::string lane;                // "tile 3 (GPU 1)", "copy kernel (GPU 0)", "host", ...
    std::string what;                // "update", "halo copy", "pack", "NCCL", "unpack", ...
    double begin_us = 0, end_us = 0; // from the first mark on the same GPU (or the host's)
};

// Marks on CUDA streams, read back once they are complete.
class StreamClock {
public:
    virtual ~StreamClock() = default;
    // Records a mark on `stream` (a cudaStream_t) now, in stream order; returns its id.
    virtual int mark(void* stream) = 0;
    // Adds the span between two marks of one GPU.
    void span(const std::string& lane, const std::string& what, int begin, int end) {
        spans_.push_back({lane, what, double(begin), double(end)});
    }
    // Waits for every mark; the spans in microseconds from the first mark of each GPU.
    virtual std::vector<TimelineSpan> read() = 0;
    // The GPU a stream runs on, for lane names.
    virtual int device_of(void* stream) = 0;

protected:
    std::vector<TimelineSpan> spans_; // begin/end hold mark ids until read()
};

// nullptr without CUDA.
std::unique_ptr<StreamClock> make_stream_clock();

} // namespace ll
