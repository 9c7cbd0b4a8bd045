// The Lab dock's sweeps on the running flow (app/live/launch_sweep.hpp): pick a launch setting
// (threads per block, or the occupancy cap), sweep the live lattice, and see the measured MLUPS
// against the performance model's prediction (Obrecht et al. 2010's P = (K/T) F) at each
// point. Hovering a point says what bounds the kernel there: bandwidth, latency (too few warps
// in flight) or arithmetic. Without a GPU the button is disabled and says why.
#pragma once
#include "app/live/launch_sweep.hpp"

#include <QWidget>

#include <functional>

class QChart;
class QComboBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QScatterSeries;
class QValueAxis;

namespace ll::gui {

class LiveSweepPanel : public QWidget {
public:
    using Start = std::function<void(SweepSetting)>;
    // gpu: a usable CUDA GPU; start: queues a sweep on the solver thread.
    LiveSweepPanel(bool gpu, Start start, QWidget* parent = nullptr);

    // Shows a sweep result (once per SweepResult::serial); `model` is the flow's kernel.
    void show_result(const SweepResult& result, const ModelChoice& model);

    QComboBox* setting() const { return setting_; }
    QPushButton* run_button() const { return run_; }
    QLabel* summary() const { return summary_; }
    QLineSeries* measured() const { return measured_; }
    QLineSeries* predicted() const { return predicted_; }
    // The tooltip text of point i of the last result (what bounds the kernel there).
    QString point_text(int i) const;

private:
    void plot(const SweepResult& result);
    int nearest_point(double x) const;

    bool gpu_;
    Start start_;
    QComboBox* setting_ = nullptr;
    QPushButton* run_ = nullptr;
    QChart* chart_ = nullptr;
    QLineSeries* measured_ = nullptr;
    QLineSeries* predicted_ = nullptr;
    QValueAxis* x_axis_ = nullptr;
    QValueAxis* y_axis_ = nullptr;
    QLabel* summary_ = nullptr;
    std::uint64_t shown_serial_ = 0;
    std::vector<QString> point_texts_; // per point of the last result
    std::vector<double> point_x_;      // its x on the chart
};

} // namespace ll::gui
