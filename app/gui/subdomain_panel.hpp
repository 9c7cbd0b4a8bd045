// The panel's subdomains section (tuning tab): how the lattice is split into tiles, on which
// GPUs, and whether the cuts are drawn on the slice. The choices and the texts are plain
// functions, so the ImGui section and the tests read the very same ones.
#pragma once
#include "app/live/solver_snapshot.hpp"

#include <string>
#include <vector>

namespace ll::gui {

// The tilings offered for a lattice: "auto", one domain, and 2 to 8 tiles along x and y (and z
// on a 3D lattice). Those that do not fit stay in the list; choosing one says why.
std::vector<std::string> tiling_choices(const Dims& dims);
// What `tiles` costs on the snapshot's lattice, or why it does not fit: the halo values (and
// bytes) exchanged per step, or tiles_error's reason. `gpus`: the GPUs selected, for "auto".
std::string tiling_tip(const std::string& tiles, const SolverSnapshot& snap, int gpus);
// "4 subdomains (2x2x1) on the CPU" / "2 subdomains (2x1x1) on GPUs 0, 1" / "one domain" /
// "one domain on GPU 1".
std::string subdomain_summary(const SolverSnapshot& snap);

namespace tips {
inline constexpr const char* kSubdomains =
    "Subdomains: the lattice is cut into N x M x K boxes (tiles), each stepped by its own engine, "
    "on the GPUs ticked below (tile t on the t-th GPU, round robin) or on the CPU. Every tile "
    "keeps one extra layer of nodes around it, its halo. After each step the populations that "
    "stream across a cut are copied into the neighbour's halo: the halo exchange. It costs "
    "about 2 x the cut area x the populations crossing a face (5 of 19 on D3Q19) values per "
    "step, GPU to GPU over NVLink or PCIe, or through host memory where peer access is off. "
    "On one GPU or the CPU, tiles only add that cost; across GPUs each runs 1/N of the "
    "lattice. 'auto': one subdomain per GPU, cut where the fewest values cross. The flow keeps "
    "its state when the tiling changes.";
inline constexpr const char* kGpus =
    "The GPUs that run the subdomains (--devices): tile t runs on the (t mod n)-th GPU ticked. "
    "With several, the slice is put together on the GPUs (device-to-device and peer copies) "
    "and the performance dock graphs each GPU's MLUPS.";
inline constexpr const char* kNoGpus =
    "No GPU here (the CPU back end): subdomains run one after another on the CPU cores, which "
    "shows how a split run behaves but cannot be faster than one domain.";
inline constexpr const char* kOutlines =
    "Draws a thin line on the slice wherever two subdomains meet (the cuts of the shown slice); "
    "a halo exchange crosses every line each step.";
} // namespace tips

} // namespace ll::gui
