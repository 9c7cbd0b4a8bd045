// The performance dock: live graphs of MLUPS and effective bandwidth over the last minute, with
// the copy bandwidth this program measured as a reference line and % of it on a second axis.
// A run on several GPUs adds one MLUPS line per GPU beside the total (device_performance).
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

// What the dock samples: the whole lattice's rates, each GPU's share, and whether the solver
// is paused (its rates then read 0).
struct PerfSample {
    Performance total;
    std::vector<DevicePerformance> devices;
    bool paused = false;
};

// How the per-GPU lines are measured, for their tooltip.
inline constexpr const char* kPerGpuTip =
    "Per GPU: the nodes of that GPU's subdomains x the steps of the last batch / the batch's "
    "wall-clock seconds. The GPUs step in lockstep (every step ends with the halo exchange), so "
    "they share one time and their lines add up to the total: a GPU with fewer nodes shows "
    "fewer MLUPS, and time one GPU spends waiting for another is not told apart. `latticelab "
    "scale-bench` times the subdomains' compute alone.";

class PerfDock : public QDockWidget {
public:
    static constexpr double kWindowSeconds = 60;
    static constexpr int kHz = 10;

    // `source` is polled kHz times a second on the GUI thread; it returns false when there is
    // no run to sample (nothing is recorded then).
    using Source = std::function<bool(PerfSample&)>;
    explicit PerfDock(Source source, QWidget* parent = nullptr);

    // Records one sample at time t (seconds) and redraws; the timer calls it, tests may too.
    void add_sample(double t, const PerfSample& s);

    QLineSeries* mlups_series() const { return mlups_; }
    // One line per GPU while a run uses several (--devices), named "GPU k"; else none.
    const std::vector<QLineSeries*>& device_series() const { return device_series_; }
    QLineSeries* bandwidth_series() const { return gbps_; }
    QLineSeries* copy_series() const { return copy_; }
    QValueAxis* fraction_axis() const { return percent_axis_; }

private:
    struct Sample {
        double t = 0, mlups = 0, gbps = 0;
        std::vector<double> device_mlups; // with several GPUs, in the order of their lines
    };
    void redraw();
    // Makes one line per GPU of `devices` when there are several (none otherwise).
    void match_device_series(const std::vector<DevicePerformance>& devices);

    Source source_;
    std::vector<Sample> ring_; // kWindowSeconds * kHz samples, oldest at head_ once full
    std::size_t head_ = 0, count_ = 0;
    double copy_gbps_ = 0;
    QTimer timer_;
    QElapsedTimer clock_;
    QLineSeries *mlups_ = nullptr, *gbps_ = nullptr, *copy_ = nullptr;
    QChart* mlups_chart_ = nullptr;
    QValueAxis* mlups_time_axis_ = nullptr;
    std::vector<QLineSeries*> device_series_;
    std::vector<int> series_devices_; // the GPU of each line
    QValueAxis *mlups_axis_ = nullptr, *gbps_axis_ = nullptr, *percent_axis_ = nullptr;
};

} // namespace ll::gui
