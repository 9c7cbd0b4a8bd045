#include "progress.hpp"

#include <cstdio>
#include <unistd.h>

namespace ll::cli {
namespace {

constexpr double kQuietSeconds = 1.0; // runs shorter than this show nothing
constexpr double kTtyInterval = 0.1;  // redraw rate of the bar
constexpr double kLineInterval = 5.0; // one line per this many seconds without a terminal
constexpr int kBarWidth = 30;

} // namespace

Progress::Progress(std::int64_t total_steps, bool enabled)
    : total_(total_steps), enabled_(enabled), tty_(::isatty(STDERR_FILENO) != 0),
      start_(Clock::now()), last_(start_) {}

Progress::~Progress() {
    finish();
}

void Progress::update(std::int64_t done, const std::string& note) {
    if (!enabled_) return;
    const auto now = Clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double since = std::chrono::duration<double>(now - last_).count();
    if (elapsed < kQuietSeconds || (drawn_ && since < (tty_ ? kTtyInterval : kLineInterval)))
        return;
    last_ = now;
    drawn_ = true;
    const double frac = total_ > 0 ? std::min(1.0, double(done) / double(total_)) : 0.0;
    const double eta = frac > 0 ? elapsed * (1.0 - frac) / frac : 0.0;
    if (!tty_) {
        std::fprintf(stderr, "step %lld/%lld (%3.0f%%), %.0f s elapsed, about %.0f s left; %s\n",
                     (long long)done, (long long)total_, 100.0 * frac, elapsed, eta, note.c_str());
        return;
    }
    const int fill = int(frac * kBarWidth + 0.5);
    std::string bar(std::size_t(fill), '#');
    bar.append(std::size_t(kBarWidth - fill), '.');
    // \r + clear-to-end-of-line: the bar is redrawn in place.
    std::fprintf(stderr, "\r\033[K[%s] %3.0f%% %lld/%lld  ETA %.0f s  %s", bar.c_str(),
                 100.0 * frac, (long long)done, (long long)total_, eta, note.c_str());
    std::fflush(stderr);
}

void Progress::finish(std::int64_t done, const std::string& note) {
    if (enabled_ && tty_ && drawn_) {
        last_ = start_; // bypass the redraw interval once
        update(done, note);
    }
    finish();
}

void Progress::finish() {
    if (enabled_ && tty_ && drawn_) std::fputc('\n', stderr);
    drawn_ = false;
}

} // namespace ll::cli
