// `latticelab run` under mpirun or srun (issue 12): every rank runs the same command on its own
// tile of one lattice (solver/domain/). Rank 0 alone prints and writes files; a set-up failure
// on any rank, or ranks started from different binaries or arguments, ends every rank with one
// message from rank 0 naming the rank and the reason.
#pragma once
#include "solver/domain/communicator.hpp"
#include "solver/options.hpp"

#include <memory>
#include <string>

namespace ll::cli {

// A failure every rank knows of: only rank 0 prints it, and every rank exits 2 in order.
struct AgreedError : ConfigError {
    using ConfigError::ConfigError;
};

struct RankContext {
    std::shared_ptr<Communicator> ranks; // null: a process started alone
    bool several() const { return ranks && ranks->size() > 1; }
    bool leader() const { return !ranks || ranks->rank() == 0; }
    int rank() const { return ranks ? ranks->rank() : 0; }
};
RankContext rank_context();

// The command line as main() received it, for the ranks' agreement.
void set_command_line(int argc, char** argv);

// Every rank's set-up outcome (`my_error` empty when it went well) gathered on every rank:
// throws AgreedError with the lowest failing rank's message, or naming the first rank whose
// binary or arguments differ from rank 0's. Returns when every rank is ready.
void agree_on_start(const RankContext& c, const std::string& my_error);

// What main() does with a ConfigError: rank 0 prints agreed errors, a rank prints its own
// failure (a silent peer, a failed step) and then ends every rank, since the others cannot
// learn of it in order. Returns the exit code when the process may exit normally.
int report_config_error(const ConfigError& e);

} // namespace ll::cli
