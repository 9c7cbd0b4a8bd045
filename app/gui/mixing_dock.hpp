// The Rayleigh-Taylor dock: the mixing-layer width and the bubble and spike fronts (rows from
// the initial interface) against the step, from the fronts the solver thread measures a few
// times a second (SolverSnapshot::fronts). It shows itself when a 2D run with heavy fluid above
// light starts (or, with SolverSnapshot::fronts_note, a 3D one: why it has no plot) and starts
// a new plot when the run is replaced or reset (the step goes back).
#pragma once
#include "app/live/solver_thread.hpp"

#include <QDockWidget>

class QLabel;
class QLineSeries;
class QValueAxis;

namespace ll::gui {

class MixingDock : public QDockWidget {
public:
    explicit MixingDock(QWidget* parent = nullptr);

    // Takes the fronts of a snapshot if they are new; call it with every snapshot.
    void add(const SolverSnapshot& s);

    QLineSeries* width_series() const { return width_; }
    QLineSeries* bubble_series() const { return bubble_; }
    QLineSeries* spike_series() const { return spike_; }
    // The note shown instead of fronts (empty while it plots).
    QString note() const;

private:
    void show_note(const std::string& note);

    std::uint64_t last_step_ = 0;
    bool any_ = false;
    double interface_y_ = 0, max_abs_ = 1;
    QLineSeries *width_ = nullptr, *bubble_ = nullptr, *spike_ = nullptr;
    QValueAxis *steps_ = nullptr, *rows_ = nullptr;
    QLabel* note_ = nullptr;
};

} // namespace ll::gui
