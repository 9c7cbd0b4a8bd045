// The lab's studies, one per measurement of the papers (`latticelab lab STUDY`): each says which
// paper and figure it reproduces, whether it needs a GPU and why, and runs into a StudyReport.
#pragma once
#include "lab_report.hpp"

#include "solver/simulation.hpp"

#include <functional>
#include <string>
#include <vector>

namespace ll::lab {

struct LabContext {
    BackendKind backend = BackendKind::Auto; // where lattice studies run
    bool gpu = false;                        // a usable CUDA GPU (GPU-only studies need it)
    bool quick = false;                      // smaller sweeps: tests and CI
    std::string commit;                      // for the header (lab_commit())
    std::vector<int> blocks; // misaligned: threads per block (empty: 32, 64, ... the largest)
    std::vector<int> warps;  // memory, Fig. 8: one-warp blocks per SM (empty: 1 .. the most)
    std::function<void(const std::string&)> progress = [](const std::string&) {};
};

struct Study {
    std::string name;      // on the command line
    std::string paper;     // the paper and its figure or table
    std::string what;      // one line for `lab list`, --help and the dock's tooltip
    std::string needs_gpu; // empty: runs on the CPU too; else why it needs a GPU
    std::function<StudyReport(const LabContext&)> run;
};

const std::vector<Study>& studies();
const Study* find_study(const std::string& name);
// "memory|model|..." for messages.
std::string study_names();

// LATTICELAB_COMMIT from the environment (the GPU machine's copy has no .git), else the commit
// the build was configured at, else "unknown".
std::string lab_commit();

// The header every report starts from: the device and copy bandwidth of a lattice on
// ctx.backend (device_record; on the CPU one past the caches), the date (UTC) and the commit.
nlohmann::json lab_header(const LabContext& ctx);

// A report of the study `name` (its paper from the registry) with lab_header(ctx) and the
// table's columns.
StudyReport begin_report(const std::string& name, std::string title, const LabContext& ctx,
                         std::vector<std::string> columns);

// ---- the studies (study_*.cpp) ----
StudyReport memory_study(const LabContext&);     // Obrecht et al. 2010, Figs. 2-4, 7, 8
StudyReport model_study(const LabContext&);      // Obrecht et al. 2010, Table 1
StudyReport transfer_study(const LabContext&);   // Obrecht et al. 2011, Code 1 and Fig. 4
StudyReport misaligned_study(const LabContext&); // Calore et al. 2016, Fig. 4
StudyReport lattices_study(const LabContext&);   // Obrecht 2011 Tables 4/5, Bailey 2009 cubes
StudyReport threads_study(const LabContext&);    // Bailey et al. 2009, the OpenMP comparison
StudyReport registers_study(const LabContext&);  // Bailey et al. 2009, Fig. 7

// Calore et al. 2016's D2Q37 measurements (study_d2q37_*.cpp): Fig. 2, Tables 3 and 4.
StudyReport d2q37_layout_study(const LabContext&);
StudyReport d2q37_phases_study(const LabContext&);
StudyReport d2q37_cpu_study(const LabContext&);

} // namespace ll::lab
