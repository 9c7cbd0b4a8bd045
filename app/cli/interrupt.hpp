// Ctrl-C (SIGINT), SIGTERM and SIGHUP for the command line. A run stops at its next batch and
// writes its outputs for the step reached; a second signal, or any signal in a command that
// cannot stop half-way, ends at once. Either way no temporary output file is left behind
// (remove_registered_temporaries), and SIGPIPE (a reader that went away) ends the same way.
#pragma once

namespace ll::cli {

enum class OnSignal {
    ExitNow,         // remove the temporaries, exit with 128 + the signal's number
    StopAtNextBatch, // the first SIGINT/SIGTERM/SIGHUP only asks to stop (stop_requested)
};

void handle_signals(OnSignal mode);

// The signal that asked a StopAtNextBatch command to stop, or 0.
int stop_requested();

// "SIGINT", "SIGTERM"...
const char* signal_name(int signal);

} // namespace ll::cli
