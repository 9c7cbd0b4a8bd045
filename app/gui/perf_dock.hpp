// The performance dock: live graphs of MLUPS and effective bandwidth over the last minute, with
// the copy bandwidth this program measured as a reference line and % of it on a second axis.
// Qt Charts with fixed axes and QXYSeries::replace() from a ring buffer at 10 Hz (GUIDE.md):
// no per-point appends, no autoscaling per frame, no second GL context.
#pragma once
#include "solver/simulation.hpp"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QTimer>

#include <functional>
#include <vector>

class QChart;
class QLineSeries;
class QValueAxis;

namespace ll::gui {

// A round upper bound (1, 2 or 5 x 10^k) above v, so that axes change rarely and read well.
double nice_ceiling(double v);

class PerfDock : public QDockWidget {
public:
    static constexpr double kWindowSeconds = 60;
    static constexpr int kHz = 10;

    // `source` is polled kHz times a second on the GUI thread; it returns false when there is
    // no run to sample (nothing is recorded then).
    using Source = std::function<bool(Performance&, bool& paused)>;
    explicit PerfDock(Source source, QWidget* parent = nullptr);

    // Records one sample at time t (seconds) and redraws; the timer calls it, tests may too.
    void add_sample(double t, const Performance& p, bool paused);

    QLineSeries* mlups_series() const { return mlups_; }
    QLineSeries* bandwidth_series() const { return gbps_; }
    QLineSeries* copy_series() const { return copy_; }
    QValueAxis* fraction_axis() const { return percent_axis_; }

private:
    struct Sample {
        double t, mlups, gbps;
    };
    void redraw();

    Source source_;
    std::vector<Sample> ring_; // kWindowSeconds * kHz samples, oldest at head_ once full
    std::size_t head_ = 0, count_ = 0;
    double copy_gbps_ = 0;
    QTimer timer_;
    QElapsedTimer clock_;
    QLineSeries *mlups_ = nullptr, *gbps_ = nullptr, *copy_ = nullptr;
    QValueAxis *mlups_axis_ = nullptr, *gbps_axis_ = nullptr, *percent_axis_ = nullptr;
};

} // namespace ll::gui
