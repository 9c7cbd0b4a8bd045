// Progress for long runs, on stderr: a bar redrawn in place on a terminal, a line every few
// seconds otherwise (logs, CI). Nothing is shown for runs that finish within about a second.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace ll::cli {

class Progress {
public:
    Progress(std::int64_t total_steps, bool enabled);
    ~Progress();
    // `done` steps so far; `note` is appended (e.g. "52.1 MLUPS, change 3.1e-04").
    void update(std::int64_t done, const std::string& note);
    // Shows the final count (when anything was shown) and ends a redrawn bar with a newline
    // so the summary starts on its own line.
    void finish(std::int64_t done, const std::string& note);
    void finish();

private:
    using Clock = std::chrono::steady_clock;
    std::int64_t total_;
    bool enabled_, tty_, drawn_ = false;
    Clock::time_point start_, last_;
};

} // namespace ll::cli
