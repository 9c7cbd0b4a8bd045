#include "lab_dock.hpp"

#include "render/line_plot.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QGroupBox>
#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <stdexcept>

namespace ll::gui {
namespace {

constexpr int kPlotWidth = 480, kPlotHeight = 300;

QString tooltip_of(const lab::Study& s, bool gpu) {
    QString t = QString::fromStdString(s.paper + ": " + s.what + ".");
    if (!s.needs_gpu.empty()) t += QString::fromStdString("\nNeeds a GPU: " + s.needs_gpu + ".");
    if (!s.needs_gpu.empty() && !gpu) t += "\nNo usable NVIDIA GPU here, so it cannot run.";
    return t;
}

QPixmap pixmap_of(const render::Image& img) {
    const QImage view(img.rgb.data(), img.width, img.height, 3 * img.width, QImage::Format_RGB888);
    return QPixmap::fromImage(view.copy()); // the copy outlives img
}

} // namespace

LabDock::LabDock(bool gpu, QString out, QWidget* parent, LiveSweepPanel::Start sweep)
    : QDockWidget("Lab: the papers' measurements", parent), gpu_(gpu), out_(std::move(out)) {
    setObjectName("lab_dock");
    auto* body = new QWidget(this);
    auto* top = new QVBoxLayout(body);
    auto* live = new QGroupBox("On the running flow", body);
    auto* live_layout = new QVBoxLayout(live);
    if (!sweep) sweep = [](SweepSetting) {};
    sweeps_ = new LiveSweepPanel(gpu, std::move(sweep), live);
    live_layout->addWidget(sweeps_);
    top->addWidget(live);
    auto* studies_box = new QGroupBox("The papers' studies", body);
    auto* layout = new QVBoxLayout(studies_box);
    top->addWidget(studies_box, 1);
    studies_ = new QComboBox(body);
    studies_->setObjectName("lab_studies");
    auto* model = new QStandardItemModel(studies_);
    int first_runnable = -1;
    for (const lab::Study& s : lab::studies()) {
        const bool runs = gpu || s.needs_gpu.empty();
        auto* item =
            new QStandardItem(QString::fromStdString(s.name) + (runs ? "" : " (needs a GPU)"));
        item->setData(QString::fromStdString(s.name), Qt::UserRole);
        item->setToolTip(tooltip_of(s, gpu));
        item->setEnabled(runs);
        model->appendRow(item);
        if (runs && first_runnable < 0) first_runnable = model->rowCount() - 1;
    }
    studies_->setModel(model);
    studies_->setCurrentIndex(std::max(first_runnable, 0));
    studies_->setToolTip("Each study reproduces one measurement of the papers LatticeLab is "
                         "built on (hover an entry for its paper and figure).");
    quick_ = new QCheckBox("Quick (small sweeps)", body);
    quick_->setObjectName("lab_quick");
    quick_->setChecked(!gpu);
    quick_->setToolTip("Small sweeps that finish in seconds: to see what a study shows, not to "
                       "measure. The flow keeps running meanwhile; pause it for figures it "
                       "does not disturb.");
    run_ = new QPushButton("Run study", body);
    run_->setObjectName("lab_run");
    run_->setToolTip("Runs the study on its own lattices and probes, beside the flow, and writes "
                     "its CSV, JSON, Markdown and plots to " +
                     QDir::toNativeSeparators(out_));
    connect(run_, &QPushButton::clicked, this,
            [this] { run(studies_->currentData(Qt::UserRole).toString()); });
    auto* note = new QLabel(body);
    note->setObjectName("lab_note");
    note->setWordWrap(true);
    QString missing;
    for (const lab::Study& s : lab::studies())
        if (!gpu && !s.needs_gpu.empty())
            missing += QString::fromStdString("\n- " + s.name + ": " + s.needs_gpu);
    note->setText(missing.isEmpty() ? "Every study can run on this machine."
                                    : "No usable NVIDIA GPU: the CPU studies run here; these "
                                      "need a GPU:" +
                                          missing);
    plot_ = new QLabel(body);
    plot_->setObjectName("lab_plot");
    plot_->setMinimumSize(kPlotWidth, kPlotHeight);
    plot_->setAlignment(Qt::AlignCenter);
    findings_ = new QTextBrowser(body);
    findings_->setObjectName("lab_findings");
    status_ = new QLabel(body);
    status_->setObjectName("lab_status");
    status_->setWordWrap(true);
    for (QWidget* w :
         std::initializer_list<QWidget*>{studies_, quick_, run_, note, plot_, findings_, status_})
        layout->addWidget(w);
    setWidget(body);
}

LabDock::~LabDock() {
    cancel_ = true;
    if (worker_.joinable()) worker_.join();
}

bool LabDock::run(const QString& name) {
    const lab::Study* study = lab::find_study(name.toStdString());
    if (!study || busy_ || (!gpu_ && !study->needs_gpu.empty())) return false;
    if (worker_.joinable()) worker_.join();
    busy_ = true;
    run_->setEnabled(false);
    show_status("Running " + name + "…");
    lab::LabContext ctx;
    ctx.gpu = gpu_;
    ctx.backend = gpu_ ? BackendKind::Cuda : BackendKind::Cpu;
    ctx.quick = quick_->isChecked();
    ctx.commit = lab::lab_commit();
    ctx.progress = [this](const std::string& what) {
        if (cancel_) throw std::runtime_error("cancelled"); // the window is closing
        const QString text = QString::fromStdString(what);
        QMetaObject::invokeMethod(
            this, [this, text] { show_status(text); }, Qt::QueuedConnection);
    };
    worker_ = std::thread([this, study, ctx] {
        auto report = std::make_shared<lab::StudyReport>();
        QString error;
        try {
            *report = study->run(ctx);
            lab::write_report(*report, out_.toStdString());
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        } catch (...) {
            error = "an unknown error";
        }
        QMetaObject::invokeMethod(
            this, [this, report, error] { finished(report, error); }, Qt::QueuedConnection);
    });
    return true;
}

void LabDock::finished(const std::shared_ptr<lab::StudyReport>& report, const QString& error) {
    busy_ = false;
    run_->setEnabled(true);
    if (!error.isEmpty()) {
        show_status("The study failed: " + error, true);
        return;
    }
    try {
        if (!report->plots.empty())
            plot_->setPixmap(pixmap_of(
                render::draw_line_plot(report->plots.front().spec, kPlotWidth, kPlotHeight)));
    } catch (const std::exception& e) {
        plot_->setText(QString("No plot: ") + e.what());
    }
    QString md = "**" + QString::fromStdString(report->title + "** (" + report->paper) + ")\n\n";
    for (const std::string& f : report->findings)
        md += "- " + QString::fromStdString(f) + "\n";
    findings_->setMarkdown(md);
    show_status("Written to " + QDir::toNativeSeparators(out_) + ": " +
                QString::fromStdString(report->study) + ".csv, .json, .md and its plots.");
}

void LabDock::show_status(const QString& text, bool error) {
    status_->setText(text);
    status_->setStyleSheet(error ? "color: #c0392b;" : "");
}

} // namespace ll::gui
