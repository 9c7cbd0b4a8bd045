// How much memory the CPU back end may use, and the user-facing error when a lattice does
// not fit. Shared by Simulation::create (exact lattice) and the command line's pre-flight
// check (run before the scenario allocates its initial fields).
#pragma once
#include "../options.hpp"

#include <string>

namespace ll {

// Physical RAM in bytes (sysconf), 0 when unknown.
double physical_memory_bytes();

// Host bytes a CPU run of this lattice needs: the engine's lattice_bytes() plus the start-up
// copies (the setup's flags, density and velocity, and the canonical double state; the
// Boussinesq model's temperature and its population too).
double cpu_run_bytes(const ModelChoice& model, const Dims& dims, int temperature_velocities = 0);

// Throws ConfigError like "size = 4096: the run needs 37.2 GiB (lattice 30.1 GiB), the CPU
// back end has 23.4 GiB; use size <= 3000" when `needed` exceeds physical memory.
// `size_key` names the offending key and value ("size = 4096", or a lattice description);
// `max_size` (<= 0: unknown) is the largest size that fits.
void check_host_memory(double needed, double lattice, const std::string& size_key, long max_size);

// A printable byte count in GiB with two decimals, e.g. "37.21 GiB".
std::string gib_text(double bytes);

// The 16-bit choice nearest `m`, which the out-of-memory messages suggest: computed in fp32,
// stored as fp16s, in SoA where `m` is AoSoA (16-bit storage has no AoSoA kernels).
ModelChoice sixteen_bit_choice(const ModelChoice& m);
// The end of such a message once that choice fits in `need` bytes, naming only the keys it
// changes: "; with precision = fp32 and layout = soa and storage = fp16s|fp16c it needs
// 1.50 GiB and fits".
std::string sixteen_bit_hint(const ModelChoice& m, double need);

} // namespace ll
