// How a TiledEngine advances (tiled_engine.hpp): tiles on GPUs queue their updates and the
// exchange on their streams (the device exchange in one process, NCCL between ranks) and the
// host waits once per batch; otherwise each tile steps and the halos go through host memory.
// trace_step() runs one step with marks and returns its timeline.
#include "solver/core/scheme.hpp"
#include "tiled_engine.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace ll {

namespace {
using Clock = std::chrono::steady_clock;
double micros(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double, std::micro>(to - from).count();
}
} // namespace

std::string TiledEngine::lane_name(int tile, StreamClock* clock) {
    std::string name = "tile " + std::to_string(tile);
    if (clock && engines_[tile]->stream_handle())
        name += " (GPU " + std::to_string(clock->device_of(engines_[tile]->stream_handle())) + ")";
    return name;
}

void TiledEngine::exchange(int parity) {
    if (transport_ == HaloTransport::Skip) return;
    const auto t0 = Clock::now();
    std::vector<Communicator::Message> sends, receives;
    std::vector<Link*> unpack_from_host;
    for (auto& [key, link] : links_) {
        const auto [from, to, set, p] = key;
        if (p != parity) continue;
        if (local(from)) traffic_.bytes += double(link.buffer.size()); // each link once: sent
        // Through host memory: tiles on GPUs that the device exchange cannot join (no peer
        // access, too many buffers), host-staged on purpose, or on other ranks.
        if (local(from))
            engines_[from]->pack(link.list_from, link.buffer.data(), MemorySpace::Host, nullptr);
        const int tag = set;
        if (local(from) && !local(to))
            sends.push_back({to % comm_->size(), tag, link.buffer.data(), link.buffer.size()});
        if (!local(from) && local(to))
            receives.push_back({from % comm_->size(), tag, link.buffer.data(), link.buffer.size()});
        if (local(to)) unpack_from_host.push_back(&link);
    }
    if (comm_->size() > 1) comm_->exchange(sends, receives);
    for (Link* link : unpack_from_host)
        engines_[link->to]->unpack(link->list_to, link->buffer.data(), MemorySpace::Host, nullptr);
    ++traffic_.exchanges;
    traffic_.seconds += std::chrono::duration<double>(Clock::now() - t0).count();
}

// Auto: split where the halos cross GPUs (NCCL, or copy kernels reading other GPUs over their
// links), and on one GPU unless the tiles are cut along x. With the border on its own lane the
// split beat the exchange after the step on every tiling of 256³ on one H200 that keeps x whole
// (1x1x2 98.7 % against 96.6 %, 1x1x4 96.9 against 95.3, 1x2x4 95.0 against 93.2), and lost
// where x is cut (2x2x2: 62.1 against 76.1; 2026-11-26, docs/PERFORMANCE.md): an x face holds
// one node per row, so its border and its halo move a whole DRAM burst for each population.
// Those tiles held 2 million nodes; below a million, where the split's extra launches weigh
// more and nothing was measured, one GPU keeps the exchange after the step.
bool TiledEngine::overlaps_exchange() const {
    const bool across = nccl_ || (device_exchange_ && device_exchange_->devices() > 1);
    const bool x_whole = tiles_.n[0] == 1;
    const bool large = cfg_.dims.nodes() / node_t(tiles_.count()) >= (node_t(1) << 20);
    const bool wanted = overlap_ == OverlapMode::On ||
                        (overlap_ == OverlapMode::Auto && (across || (x_whole && large)));
    return wanted && transport_ != HaloTransport::Skip &&
           std::all_of(local_engines_.begin(), local_engines_.end(),
                       [](const Engine* e) { return e->splits_steps(); });
}

void TiledEngine::queue_updates(StepPart part, StreamClock* clock) {
    static const char* const names[] = {"border", "interior", "update"};
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        // The span begins on the tile's stream; a border ends on its lane (where it runs
        // beside the interior), which border_stream_handle() names only once it is queued.
        const int begin = clock ? clock->mark(engines_[t]->stream_handle()) : -1;
        if (part == StepPart::Border)
            engines_[t]->start_border();
        else if (part == StepPart::Interior)
            engines_[t]->start_interior();
        else
            engines_[t]->start_steps(1);
        void* end = part == StepPart::Border ? engines_[t]->border_stream_handle()
                                             : engines_[t]->stream_handle();
        if (clock) clock->span(lane_name(t, clock), names[int(part)], begin, clock->mark(end));
    }
}

// Queues one step of every tile and the exchange, ordered by CUDA events. Tiles that split
// update their borders first; the exchange then waits only for the borders and runs while the
// interiors update (seed 004's overlap, Calore et al. 2016).
void TiledEngine::queue_step(StreamClock* clock) {
    if (border_first_) {
        queue_updates(StepPart::Border, clock);
        if (nccl_)
            nccl_->mark_ready();
        else
            device_exchange_->mark_ready(local_engines_);
        queue_updates(StepPart::Interior, clock);
    } else {
        queue_updates(StepPart::Whole, clock);
    }
    if (nccl_) {
        nccl_->run(parity_, clock);
        traffic_.bytes += device_bytes_[parity_];
        ++traffic_.exchanges;
    } else if (transport_ != HaloTransport::Skip) {
        device_exchange_->run(local_engines_, parity_, clock);
        traffic_.bytes += device_bytes_[parity_];
        ++traffic_.exchanges;
    }
    if (is_in_place(cfg_.model.scheme)) parity_ ^= 1;
}

void TiledEngine::finish_queued() {
    if (nccl_) traffic_.seconds += nccl_->finish();
    for (auto& e : engines_)
        if (e) e->finish_steps();
}

// Every tile steps, then the halos go through host memory; `trace` gets host-timed spans.
void TiledEngine::host_step(std::vector<TimelineSpan>* trace) {
    const auto origin = Clock::now();
    for (int t = 0; t < tiles_.count(); ++t) {
        if (!engines_[t]) continue;
        const auto begin = Clock::now();
        engines_[t]->step(1);
        if (trace)
            trace->push_back({lane_name(t, nullptr) + ", host clock", "update",
                              micros(origin, begin), micros(origin, Clock::now())});
    }
    const auto begin = Clock::now();
    exchange(parity_);
    if (trace)
        trace->push_back(
            {"host", "halo exchange", micros(origin, begin), micros(origin, Clock::now())});
    if (is_in_place(cfg_.model.scheme)) parity_ ^= 1;
}

double TiledEngine::step(int steps) {
    if (!nccl_ && !device_exchange_) {
        const auto t0 = Clock::now();
        for (int s = 0; s < steps; ++s)
            host_step(nullptr);
        whole_.reset();
        return std::chrono::duration<double>(Clock::now() - t0).count();
    }
    // Recorded before the timer starts, where this call replays it, once the tiles have stepped
    // (their first steps set up what a capture may not do).
    if (!step_graph_ && !graph_refused_ && queued_before_ && steps >= 2 && graphs_steps())
        capture_step_graph();
    const auto t0 = Clock::now();
    queue_steps(steps);
    queued_before_ = true;
    traffic_.queue_seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    finish_queued();
    whole_.reset();
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Steps two at a time through the graph where it fits (one step queued first where the
// buffers are the other pair), the rest queued one by one.
void TiledEngine::queue_steps(int steps) {
    int s = 0;
    if (step_graph_ && steps >= 2) {
        if (current_sets() != graph_sets_) {
            queue_step(nullptr);
            ++s;
        }
        const int pairs = current_sets() == graph_sets_ ? (steps - s) / 2 : 0;
        if (pairs > 0) {
            step_graph_->launch(pairs);
            traffic_.bytes += pairs * (device_bytes_[0] + device_bytes_[1]);
            traffic_.exchanges += 2 * std::uint64_t(pairs);
            traffic_.replayed_steps += 2 * std::uint64_t(pairs);
            s += 2 * pairs;
        }
    }
    for (; s < steps; ++s)
        queue_step(nullptr);
}

// Tiles on one GPU in one process, exchanging through the device exchange, with floating-point
// stores: NCCL's and the host's exchanges, and copies across GPUs, stay queued step by step, and
// so do the 16-bit stores, whose rounding noise is keyed to the step and a replay would repeat
// (as the one-domain engine's graphs, docs/DESIGN.md).
bool TiledEngine::graphs_steps() const {
    const Storage stored = stored_as(cfg_.model);
    const bool floating = stored == Storage::FP32 || stored == Storage::FP64;
    return graphs_allowed_ && floating && device_exchange_ && !nccl_ &&
           device_exchange_->devices() == 1 && transport_ != HaloTransport::Skip;
}

// What a graph bakes in and a replay must find again: every tile's current buffers and the
// parity of the in-place schemes.
std::vector<void*> TiledEngine::current_sets() const {
    std::vector<void*> sets;
    for (Engine* e : local_engines_)
        for (int k = 0; k < e->population_sets(); ++k)
            sets.push_back(e->current_set(k));
    sets.push_back(reinterpret_cast<void*>(std::uintptr_t(parity_)));
    return sets;
}

// Records two steps without running them. The tiles' own state (buffers, parity) comes back
// after two steps; the traffic counted while recording is taken back, as nothing moved. Where
// the graph cannot be made (no CUDA, or CUDA cannot instantiate it), the steps stay queued one
// by one. A capture that fails part-way throws, as a failed launch does, and the tiles' host
// state may then be a step ahead of their buffers; no capture is tried again.
void TiledEngine::capture_step_graph() {
    graph_refused_ = true; // until the graph is made
    std::unique_ptr<QueuedGraph> graph = make_queued_graph();
    if (!graph) return;
    std::vector<void*> streams;
    for (Engine* e : local_engines_)
        streams.push_back(e->stream_handle());
    const HaloTraffic traffic = traffic_;
    const bool made = graph->capture(streams, [&] {
        queue_step(nullptr);
        queue_step(nullptr);
    });
    traffic_ = traffic;
    if (!made) return;
    step_graph_ = std::move(graph);
    graph_sets_ = current_sets();
    graph_refused_ = false;
}

std::vector<TimelineSpan> TiledEngine::trace_step() {
    std::vector<TimelineSpan> spans;
    const auto clock = (nccl_ || device_exchange_) ? make_stream_clock() : nullptr;
    if (clock) {
        queue_step(clock.get());
        finish_queued();
        spans = clock->read();
    } else {
        host_step(&spans);
    }
    whole_.reset();
    return spans;
}

} // namespace ll
