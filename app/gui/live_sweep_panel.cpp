#include "live_sweep_panel.hpp"

#include "app/lab/kernel_model.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ll::gui {
namespace {

QString number(double v) {
    return QString::number(v, 'f', 0);
}

// The x of a point: the block size, the warps per SM the occupancy cap gave (Bailey et al.
// 2009 plot MLUPS against occupancy), or the registers per thread the register cap gave.
double x_of(SweepSetting s, const SweepPoint& p) {
    switch (s) {
    case SweepSetting::BlockSize:
        return p.value;
    case SweepSetting::OccupancyCap:
        return p.warps_per_sm;
    case SweepSetting::RegisterCap:
        return p.registers;
    }
    return p.value;
}
const char* x_title(SweepSetting s) {
    switch (s) {
    case SweepSetting::BlockSize:
        return "threads per block";
    case SweepSetting::OccupancyCap:
        return "warps per SM";
    case SweepSetting::RegisterCap:
        return "registers per thread";
    }
    return "";
}

} // namespace

LiveSweepPanel::LiveSweepPanel(bool gpu, Start start, QWidget* parent)
    : QWidget(parent), gpu_(gpu), start_(std::move(start)) {
    setObjectName("live_sweeps");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    setting_ = new QComboBox(this);
    setting_->setObjectName("sweep_setting");
    setting_->addItem("Threads per block", int(SweepSetting::BlockSize));
    setting_->addItem("Occupancy cap (blocks per SM)", int(SweepSetting::OccupancyCap));
    setting_->addItem("Register cap (registers per thread)", int(SweepSetting::RegisterCap));
    setting_->setToolTip(
        "Threads per block (Calore et al. 2016, Fig. 5): too small a block leaves the SM's "
        "block limit unused, too large one wastes registers.\nOccupancy cap (Bailey et al. 2009, "
        "Fig. 7): fewer resident warps per SM mean fewer loads in flight to cover the memory "
        "latency; the model shows where that starts to cost.\nRegister cap: the same through its "
        "cause, the kernel's variants built with fewer registers (more warps fit, but spills "
        "to local memory cost bandwidth).");
    run_ = new QPushButton("Sweep the running flow", this);
    run_->setObjectName("sweep_run");
    run_->setEnabled(gpu);
    run_->setToolTip(gpu ? "Times the live lattice at each value, beside the model's prediction, "
                           "then restores the launch. The flow pauses meanwhile."
                         : "Needs a GPU (CUDA back end): the CPU back end has no blocks, so the "
                           "launch does not change its speed.");
    connect(run_, &QPushButton::clicked, this, [this] {
        run_->setEnabled(false);
        summary_->setText("Sweeping the live lattice…");
        start_(SweepSetting(setting_->currentData().toInt()));
    });
    row->addWidget(setting_, 1);
    row->addWidget(run_);
    layout->addLayout(row);

    chart_ = new QChart;
    chart_->legend()->setAlignment(Qt::AlignTop);
    chart_->setMargins(QMargins(2, 2, 2, 2));
    measured_ = new QLineSeries;
    measured_->setName("measured");
    measured_->setPointsVisible(true);
    predicted_ = new QLineSeries;
    predicted_->setName("model P = (K/T) F");
    predicted_->setPen(QPen(Qt::darkGray, 1.5, Qt::DashLine));
    predicted_->setPointsVisible(true);
    x_axis_ = new QValueAxis;
    y_axis_ = new QValueAxis;
    y_axis_->setTitleText("MLUPS");
    y_axis_->setLabelFormat("%.0f");
    x_axis_->setLabelFormat("%.0f");
    chart_->addAxis(x_axis_, Qt::AlignBottom);
    chart_->addAxis(y_axis_, Qt::AlignLeft);
    for (QLineSeries* s : {measured_, predicted_}) {
        chart_->addSeries(s);
        s->attachAxis(x_axis_);
        s->attachAxis(y_axis_);
        connect(s, &QLineSeries::hovered, this, [this](const QPointF& at, bool state) {
            if (!state) return QToolTip::hideText();
            const int i = nearest_point(at.x());
            if (i >= 0) QToolTip::showText(QCursor::pos(), point_text(i));
        });
    }
    auto* view = new QChartView(chart_, this);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(300, 200);
    layout->addWidget(view);
    summary_ = new QLabel(gpu ? "Sweep a launch setting to see where the kernel's bound changes."
                              : run_->toolTip(),
                          this);
    summary_->setObjectName("sweep_summary");
    summary_->setWordWrap(true);
    // Room for four wrapped lines: a wrapped label's height-for-width is not asked by the
    // layout beside the chart, which then clipped it.
    summary_->setMinimumHeight(4 * summary_->fontMetrics().lineSpacing() + 4);
    layout->addWidget(summary_);
}

int LiveSweepPanel::nearest_point(double x) const {
    int best = -1;
    for (int i = 0; i < int(point_x_.size()); ++i)
        if (best < 0 ||
            std::abs(point_x_[std::size_t(i)] - x) < std::abs(point_x_[std::size_t(best)] - x))
            best = i;
    return best;
}

QString LiveSweepPanel::point_text(int i) const {
    return i >= 0 && i < int(point_texts_.size()) ? point_texts_[std::size_t(i)] : QString();
}

void LiveSweepPanel::show_result(const SweepResult& result, const ModelChoice& model) {
    if (result.serial == 0 || result.serial == shown_serial_) return;
    shown_serial_ = result.serial;
    run_->setEnabled(gpu_);
    double best_model = 0, best_measured = 0;
    const SweepPoint* best = nullptr;
    for (const SweepPoint& p : result.points) {
        best_model = std::max(best_model, p.model_mlups);
        if (p.mlups > best_measured) best_measured = p.mlups, best = &p;
    }
    point_texts_.clear();
    point_x_.clear();
    for (const SweepPoint& p : result.points) {
        point_x_.push_back(x_of(result.setting, p));
        QString t = QString::fromStdString(sweep_setting_name(result.setting)) + " " +
                    QString::number(p.value) + ": " + number(p.mlups) + " MLUPS measured";
        if (p.model_mlups > 0) t += ", " + number(p.model_mlups) + " by the model";
        t += QString("\n%1 warps per SM, %2 registers per thread")
                 .arg(p.warps_per_sm)
                 .arg(p.registers);
        lab::KernelPrediction pred;
        pred.mlups = p.model_mlups;
        const std::string bound =
            lab::kernel_bound(model, p.mlups, pred, best_model, p.warps_per_sm);
        if (!bound.empty()) t += "\n" + QString::fromStdString(bound);
        point_texts_.push_back(t);
    }
    plot(result);
    QString text = QString::fromStdString(result.note);
    if (best)
        text += QString(" Best: %1 at %2 %3.")
                    .arg(number(best->mlups))
                    .arg(best->value)
                    .arg(QString::fromStdString(sweep_setting_name(result.setting)));
    if (!result.model_note.empty())
        text += " No model: " + QString::fromStdString(result.model_note) + ".";
    else if (!result.points.empty())
        text += " Hover a point for what bounds the kernel there.";
    summary_->setText(text);
}

void LiveSweepPanel::plot(const SweepResult& result) {
    measured_->clear();
    predicted_->clear();
    double x_max = 1, y_max = 1;
    for (const SweepPoint& p : result.points) {
        const double x = x_of(result.setting, p);
        measured_->append(x, p.mlups);
        if (p.model_mlups > 0) predicted_->append(x, p.model_mlups);
        x_max = std::max(x_max, x);
        y_max = std::max({y_max, p.mlups, p.model_mlups});
    }
    x_axis_->setTitleText(x_title(result.setting));
    x_axis_->setRange(0, x_max * 1.05);
    y_axis_->setRange(0, y_max * 1.1);
    x_axis_->applyNiceNumbers(); // ticks at 1, 2 or 5 x 10^k
    y_axis_->applyNiceNumbers();
}

} // namespace ll::gui
