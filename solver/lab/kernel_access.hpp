// What one node update asks of global memory, in the terms of Obrecht et al. 2010's model: N
// words read and N written, of which L reads and M writes are one word off alignment. With
// structure of arrays a population shifted along x (the minor dimension) is misaligned; a shift
// along y or z moves a whole row and stays aligned. The counts come from the scheme's own slots
// (core/scheme.hpp), so every scheme answers for itself; in-place schemes alternate two parities.
#pragma once
#include "solver/options.hpp"

#include <string>

namespace ll::lab {

struct KernelAccess {
    int words = 0;                     // N: populations per node (each read once, written once)
    int word_bytes = 4;                // the storage's bytes per value
    int parities = 1;                  // 2 for A-A and esoteric (their steps alternate)
    int misaligned_reads[2] = {0, 0};  // L for parity 0 and 1
    int misaligned_writes[2] = {0, 0}; // M for parity 0 and 1
};

// Empty `why` and the counts for a model the registry says the access model describes
// (ModelTraits::access_model_gap), on SoA; else `why` says why it does not apply (AoS layout,
// the model's own reason), and the counts are not to be used.
KernelAccess kernel_access(const ModelChoice& m, std::string& why);

} // namespace ll::lab
