#include "interrupt.hpp"

#include "solver/io/output_files.hpp"

#include <csignal>
#include <cstring>
#include <unistd.h>

namespace ll::cli {
namespace {

volatile std::sig_atomic_t g_stop_at_next_batch = 0;
volatile std::sig_atomic_t g_stop_signal = 0;

void say(const char* text) {
    if (::write(STDERR_FILENO, text, std::strlen(text)) < 0) {
        // Nothing better to do inside a signal handler.
    }
}

// Only async-signal-safe calls in here: write, unlink (inside remove_registered_temporaries)
// and _exit.
extern "C" void on_signal(int signal) {
    if (g_stop_at_next_batch && g_stop_signal == 0 && signal != SIGPIPE) {
        g_stop_signal = signal;
        say("\nlatticelab: interrupted: stopping after this batch and writing the outputs "
            "(interrupt again to quit at once, writing nothing)\n");
        return;
    }
    remove_registered_temporaries();
    ::_exit(128 + signal);
}

} // namespace

void handle_signals(OnSignal mode) {
    g_stop_at_next_batch = mode == OnSignal::StopAtNextBatch;
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART; // writes and waits carry on after a first, polite signal
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
        sigaction(signal, &action, nullptr);
}

int stop_requested() {
    return g_stop_signal;
}

const char* signal_name(int signal) {
    switch (signal) {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    case SIGPIPE:
        return "SIGPIPE";
    default:
        return "a signal";
    }
}

} // namespace ll::cli
