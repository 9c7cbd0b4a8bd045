#include "perf_dock.hpp"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ll::gui {

double nice_ceiling(double v) {
    if (v <= 0) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= v) return m * p;
    return 10 * p;
}

namespace {

QValueAxis* time_axis() {
    auto* axis = new QValueAxis;
    axis->setRange(-PerfDock::kWindowSeconds, 0);
    axis->setTitleText("seconds ago");
    axis->setLabelFormat("%.0f");
    return axis;
}

QChartView* chart_view(QChart* chart) {
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(2, 2, 2, 2));
    auto* view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(300, 160);
    return view;
}

} // namespace

PerfDock::PerfDock(Source source, QWidget* parent)
    : QDockWidget("Performance", parent), source_(std::move(source)),
      ring_(std::size_t(kWindowSeconds * kHz)) {
    setObjectName("performance_dock"); // QMainWindow::saveState needs a name

    mlups_chart_ = new QChart;
    mlups_ = new QLineSeries;
    mlups_->setName("MLUPS");
    mlups_chart_->addSeries(mlups_);
    mlups_time_axis_ = time_axis();
    mlups_axis_ = new QValueAxis;
    mlups_axis_->setTitleText("MLUPS");
    mlups_chart_->addAxis(mlups_time_axis_, Qt::AlignBottom);
    mlups_chart_->addAxis(mlups_axis_, Qt::AlignLeft);
    mlups_->attachAxis(mlups_time_axis_);
    mlups_->attachAxis(mlups_axis_);

    auto* bw_chart = new QChart;
    gbps_ = new QLineSeries;
    gbps_->setName("effective GB/s");
    copy_ = new QLineSeries;
    copy_->setName("measured copy bandwidth");
    QPen dashed(Qt::darkGray);
    dashed.setStyle(Qt::DashLine);
    copy_->setPen(dashed);
    bw_chart->addSeries(gbps_);
    bw_chart->addSeries(copy_);
    auto* t2 = time_axis();
    gbps_axis_ = new QValueAxis;
    gbps_axis_->setTitleText("GB/s");
    // The right axis is the left one in % of the copy bandwidth: the same line read two ways.
    percent_axis_ = new QValueAxis;
    percent_axis_->setTitleText("% of copy");
    percent_axis_->setLabelFormat("%.0f");
    bw_chart->addAxis(t2, Qt::AlignBottom);
    bw_chart->addAxis(gbps_axis_, Qt::AlignLeft);
    bw_chart->addAxis(percent_axis_, Qt::AlignRight);
    for (QLineSeries* s : {gbps_, copy_}) {
        s->attachAxis(t2);
        s->attachAxis(gbps_axis_);
    }

    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    QChartView* mlups_view = chart_view(mlups_chart_);
    mlups_view->setToolTip(QString("MLUPS: million node updates per second, nodes x steps / "
                                   "seconds over the last batch.\n\n") +
                           kPerGpuTip);
    layout->addWidget(mlups_view);
    layout->addWidget(chart_view(bw_chart));
    setWidget(body);

    clock_.start();
    connect(&timer_, &QTimer::timeout, this, [this] {
        PerfSample s;
        if (source_ && source_(s)) add_sample(clock_.elapsed() / 1000.0, s);
    });
    timer_.start(1000 / kHz);
}

void PerfDock::add_sample(double t, const PerfSample& s) {
    match_device_series(s.devices);
    // Paused, the last batch's rate would stay on the graph as if the solver still ran.
    const Performance& p = s.total;
    Sample& next = ring_[(head_ + count_) % ring_.size()];
    next = {t, s.paused ? 0 : p.mlups, s.paused ? 0 : p.bytes_per_second / 1e9, {}};
    if (!device_series_.empty())
        for (const DevicePerformance& d : s.devices)
            next.device_mlups.push_back(s.paused ? 0 : d.mlups);
    if (count_ < ring_.size())
        ++count_;
    else
        head_ = (head_ + 1) % ring_.size();
    if (p.copy_bandwidth > 0) copy_gbps_ = p.copy_bandwidth / 1e9;
    redraw();
}

void PerfDock::redraw() {
    QList<QPointF> mlups, gbps;
    mlups.reserve(qsizetype(count_));
    gbps.reserve(qsizetype(count_));
    std::vector<QList<QPointF>> per_device(device_series_.size());
    const double now = ring_[(head_ + count_ - 1) % ring_.size()].t;
    double max_mlups = 0, max_gbps = copy_gbps_;
    for (std::size_t k = 0; k < count_; ++k) {
        const Sample& s = ring_[(head_ + k) % ring_.size()];
        if (now - s.t > kWindowSeconds) continue;
        mlups.append({s.t - now, s.mlups});
        gbps.append({s.t - now, s.gbps});
        max_mlups = std::max(max_mlups, s.mlups);
        max_gbps = std::max(max_gbps, s.gbps);
        // Samples from before the GPUs changed have no values for these lines.
        if (s.device_mlups.size() != per_device.size()) continue;
        for (std::size_t d = 0; d < per_device.size(); ++d)
            per_device[d].append({s.t - now, s.device_mlups[d]});
    }
    mlups_->replace(mlups);
    for (std::size_t d = 0; d < per_device.size(); ++d)
        device_series_[d]->replace(per_device[d]);
    gbps_->replace(gbps);
    copy_->replace(QList<QPointF>{{-kWindowSeconds, copy_gbps_}, {0, copy_gbps_}});
    // Fixed axes that only grow to a round bound, never jitter with each sample.
    const double top_mlups = nice_ceiling(max_mlups * 1.1);
    if (mlups_axis_->max() < top_mlups || mlups_axis_->max() > 4 * top_mlups)
        mlups_axis_->setRange(0, top_mlups);
    const double top_gbps = nice_ceiling(max_gbps * 1.1);
    if (gbps_axis_->max() < top_gbps || gbps_axis_->max() > 4 * top_gbps) {
        gbps_axis_->setRange(0, top_gbps);
        percent_axis_->setRange(0, copy_gbps_ > 0 ? 100 * top_gbps / copy_gbps_ : 100);
    }
}

void PerfDock::match_device_series(const std::vector<DevicePerformance>& devices) {
    std::vector<int> wanted;
    if (devices.size() > 1)
        for (const DevicePerformance& d : devices)
            wanted.push_back(d.device);
    if (wanted == series_devices_) return;
    for (QLineSeries* s : device_series_) {
        mlups_chart_->removeSeries(s);
        delete s;
    }
    device_series_.clear();
    series_devices_ = wanted;
    mlups_->setName(wanted.empty() ? "MLUPS" : "total MLUPS");
    for (int device : wanted) {
        auto* s = new QLineSeries;
        s->setName("GPU " + QString::number(device));
        mlups_chart_->addSeries(s);
        s->attachAxis(mlups_time_axis_);
        s->attachAxis(mlups_axis_);
        device_series_.push_back(s);
    }
}

} // namespace ll::gui
