// The main window's status bar (issue 10): one short item per fact, the live numbers first
// (step, MLUPS, FPS), then the lattice, the 3D slice, where the solver runs and how the slice
// reaches the screen. Long reasons (why there is no GPU, why the slice takes the host copy)
// live in the items' tooltips, so that the short facts stay readable at any sensible width.
#pragma once
#include "app/live/solver_thread.hpp"

#include <QLabel>
#include <QString>

#include <array>
#include <string>

class QFrame;
class QStatusBar;

namespace ll::gui {

// What one status-bar item shows and what its tooltip explains.
struct StatusItem {
    QString text;
    QString tooltip;
};

// The OpenMP thread count in a CPU engine's device name ("2 OpenMP threads"); 0 when the name
// carries none. The snapshot has no structured thread count, and this is the count the solver
// actually runs with (OMP_NUM_THREADS included), which the GUI's own process may not share.
int cpu_thread_count(const std::string& device);

// Where the solver runs, for a person: "No NVIDIA GPU found: running on the CPU (2 threads)",
// "CUDA on NVIDIA H100 80GB HBM3", ... Derived from the back end that runs, the one that was
// asked for and whether CUDA is compiled in; the solver's own note goes to the tooltip.
StatusItem backend_item(const SolverSnapshot& s, BackendKind requested, bool cuda_built);

// "slice via host copy" or "slice via CUDA-GL interop"; the path's full note (with its reason)
// in the tooltip. `note` is Viewport::slice_path().
StatusItem slice_path_item(const std::string& note);

// Everything the status bar shows, gathered by the main window at each refresh.
struct StatusFacts {
    const SolverSnapshot& snapshot;
    BackendKind requested = BackendKind::Auto;
    bool cuda_built = false;
    double fps = 0;
    std::string slice_path;
    int recorded_frames = -1; // -1: not recording
};

// The labels in the status bar, with the object names tests look them up by: status_step,
// status_mlups, status_fps, status_lattice, status_slice, status_backend, status_slice_path,
// status_recording. The bar's temporary messages (showMessage) hide them as they did before.
class StatusLine {
public:
    explicit StatusLine(QStatusBar* bar);
    void show(const StatusFacts& facts);
    // The visible items joined by " | ", as one line (logs and tests).
    QString text() const;

private:
    struct Item {
        QLabel* label = nullptr;
        QFrame* separator = nullptr; // none before the first item
        bool shown = true;           // wanted on the bar (text() lists it)
        bool applied = true;         // shown as far as this class has told the widgets
    };
    // Adds `label` to the bar, after a separator where `separated`.
    Item add(QLabel* label, const char* name, const QString& tooltip, bool separated = true);
    static void set(Item& item, const StatusItem& content);
    void set_visible(Item& item, bool visible);
    // A number's item only grows, so that the items after it do not jitter as digits come
    // and go (MLUPS and FPS change every refresh).
    static void set_number(Item& item, const QString& text);
    std::array<const Item*, 8> in_order() const;

    QStatusBar* bar_;
    Item step_, mlups_, fps_, lattice_, slice_, backend_, slice_path_, recording_;
};

} // namespace ll::gui
