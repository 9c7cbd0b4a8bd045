// `latticelab run` on a lattice in subdomains (solver/domain/): the --tiles, --subdomains and
// --devices options, under mpirun the ranks' agreement on batches and stops, the .pvti pieces,
// the subdomain part of the --json record and --timeline's traced step.
#pragma once
#include "commands.hpp"
#include "ranks.hpp"
#include "solver/io/output_files.hpp"
#include "solver/io/perf_record.hpp"

#include <string>
#include <utility>
#include <vector>

namespace ll::cli {

// --tiles as given, or the tiling of --subdomains N (under mpirun: N = the ranks; with
// --devices: one per GPU) with the fewest halo values; the ranks and GPUs into the setup.
void choose_subdomains(const RunOptions& o, SimulationSetup& s, const RankContext& ranks);

// Under mpirun every rank must take the same batches and stop at the same step: rank 0's batch
// size, and a stop asked of any rank (its signal), count for all. Alone: the values given.
std::int64_t agreed_batch(const Simulation& sim, std::int64_t batch);
int agreed_stop(const Simulation& sim, int signal);

// --vtk NAME.pvti adds one output per piece, NAME_<k>.vti beside it (plan before any step).
void plan_vtk_pieces(const RunOptions& o, const SimulationSetup& s, OutputSet& outputs);
// The --vtk documents as (output option, bytes): one .vti, or the pieces and their .pvti.
std::vector<std::pair<std::string, std::string>> vtk_documents(const RunOptions& o,
                                                               const SimulationSetup& s,
                                                               const MacroField& m,
                                                               std::uint64_t steps);

// The tiling, halo bytes per step (every rank's sends), exchanges and, over MPI ranks, each
// rank's nodes, time, sends and MLUPS (collective: every rank calls it).
nlohmann::json subdomain_record(Simulation& sim, const Measurement& total);

// --timeline: one more step, traced on every tile (TiledEngine::trace_step), after the run's
// outputs are read; under mpirun every rank's spans, gathered (collective), each rank's lanes
// named "rank K: ..." and timed from that rank's own first mark. Each rank's summary (step_us,
// exchange_us, exposed_exchange_us) from its own spans in per_rank, the worst rank's at the top.
nlohmann::json traced_step_record(Simulation& sim);
// "--timeline: ..." when the run has no subdomains to trace, else empty.
std::string timeline_error(const RunOptions& o, const SimulationSetup& s);

} // namespace ll::cli
