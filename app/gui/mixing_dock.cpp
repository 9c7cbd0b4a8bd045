#include "mixing_dock.hpp"

#include "perf_dock.hpp"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace ll::gui {

MixingDock::MixingDock(QWidget* parent) : QDockWidget("Mixing layer", parent) {
    setObjectName("mixing_dock");
    auto* chart = new QChart;
    width_ = new QLineSeries;
    width_->setName("width");
    bubble_ = new QLineSeries;
    bubble_->setName("bubble");
    spike_ = new QLineSeries;
    spike_->setName("spike");
    steps_ = new QValueAxis;
    steps_->setTitleText("step");
    steps_->setLabelFormat("%.0f");
    rows_ = new QValueAxis;
    rows_->setTitleText("rows from interface");
    chart->addAxis(steps_, Qt::AlignBottom);
    chart->addAxis(rows_, Qt::AlignLeft);
    for (QLineSeries* s : {width_, bubble_, spike_}) {
        chart->addSeries(s);
        s->attachAxis(steps_);
        s->attachAxis(rows_);
    }
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(2, 2, 2, 2));
    auto* view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(300, 200);
    view->setToolTip("Rayleigh-Taylor fronts: the interface is the isotherm halfway between the "
                     "hot and the cold layer. The bubble front is its highest point (light fluid "
                     "risen), the spike front its lowest (heavy fluid fallen); the mixing width "
                     "is their distance. Linear growth first, then the mushrooms.");
    note_ = new QLabel;
    note_->setWordWrap(true);
    note_->hide();
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(note_);
    layout->addWidget(view, 1);
    setWidget(box);
    hide();
}

QString MixingDock::note() const {
    return note_->isHidden() ? QString() : note_->text();
}

void MixingDock::show_note(const std::string& note) {
    if (note.empty() || (!note_->isHidden() && note_->text().toStdString() == note)) return;
    for (QLineSeries* series : {width_, bubble_, spike_})
        series->clear();
    any_ = false;
    note_->setText(QString::fromStdString(note));
    note_->show();
    show();
}

void MixingDock::add(const SolverSnapshot& s) {
    if (!s.has_fronts) {
        show_note(s.fronts_note);
        return;
    }
    if (any_ && s.fronts_step == last_step_) return;
    if (!std::isfinite(s.fronts.width)) return; // no interface (fully mixed or not yet)
    note_->hide();
    if (!any_ || s.fronts_step < last_step_) {
        // A new run (or a reset): the first fronts fix the interface the plot measures from.
        for (QLineSeries* series : {width_, bubble_, spike_})
            series->clear();
        interface_y_ = 0.5 * (s.fronts.bubble_y + s.fronts.spike_y);
        max_abs_ = 1;
        any_ = true;
        show();
    }
    last_step_ = s.fronts_step;
    const double x = double(s.fronts_step);
    const double up = s.fronts.bubble_y - interface_y_, down = s.fronts.spike_y - interface_y_;
    width_->append(x, s.fronts.width);
    bubble_->append(x, up);
    spike_->append(x, down);
    max_abs_ = std::max({max_abs_, s.fronts.width, std::abs(up), std::abs(down)});
    const double top = nice_ceiling(max_abs_);
    rows_->setRange(-top, top);
    steps_->setRange(width_->at(0).x(), std::max(x, width_->at(0).x() + 1));
}

} // namespace ll::gui
