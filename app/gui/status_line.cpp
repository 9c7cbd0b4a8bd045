#include "status_line.hpp"

#include <QFrame>
#include <QPainter>
#include <QRegularExpression>
#include <QStatusBar>

#include <algorithm>

namespace ll::gui {

namespace {

// A label for the long items (where the solver runs, the slice path): at the default window
// size it shows its whole text like any label; in a narrower window it gives way first,
// ending in "…" instead of pushing the window wider, and its tooltip still has everything.
class YieldingLabel : public QLabel {
public:
    using QLabel::QLabel;
    QSize minimumSizeHint() const override {
        const int some_words = fontMetrics().horizontalAdvance(QStringLiteral("No NVIDIA GPU…"));
        return {std::min(some_words, sizeHint().width()), QLabel::minimumSizeHint().height()};
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        const QRect area = contentsRect();
        painter.drawText(area, int(alignment()),
                         fontMetrics().elidedText(text(), Qt::ElideRight, area.width()));
    }
};

// " (2 threads)"; nothing when the count is unknown.
QString threads_phrase(int threads) {
    if (threads <= 0) return {};
    return threads == 1 ? QStringLiteral(" (1 thread)") : QString(" (%1 threads)").arg(threads);
}

// Where the thread count comes from, for every CPU tooltip.
QString threads_hint(const std::string& device) {
    return QString("The CPU back end runs on %1: OMP_NUM_THREADS sets how many.")
        .arg(QString::fromStdString(device));
}

} // namespace

int cpu_thread_count(const std::string& device) {
    static const QRegularExpression count(QStringLiteral("(\\d+) OpenMP thread"));
    const QRegularExpressionMatch m = count.match(QString::fromStdString(device));
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

StatusItem backend_item(const SolverSnapshot& s, BackendKind requested, bool cuda_built) {
    const QString details = "\nDetails: " + QString::fromStdString(s.backend_note);
    const QString device = QString::fromStdString(s.device);
    if (s.backend == "cuda")
        return {"CUDA on " + device,
                "The flow steps on the GPU " + device + " with the CUDA back end." + details};
    const QString threads = threads_phrase(cpu_thread_count(s.device));
    const QString hint = "\n" + threads_hint(s.device);
    if (requested == BackendKind::Cpu)
        return {"Running on the CPU" + threads + ", as requested",
                "The CPU back end was asked for (--backend cpu): no GPU was looked for." + hint +
                    details};
    if (!cuda_built)
        return {"No CUDA in this build: running on the CPU" + threads,
                "This LatticeLab was built without CUDA, so it cannot use a GPU:\n"
                "configure it with the CUDA toolkit installed to get the GPU back end." +
                    hint + details};
    return {"No NVIDIA GPU found: running on the CPU" + threads,
            "LatticeLab looked for a usable NVIDIA GPU and fell back to the CPU back end.\n"
            "With a CUDA-capable GPU and a recent enough driver, the same run steps on the GPU." +
                hint + details};
}

StatusItem slice_path_item(const std::string& note) {
    const QString full = QString::fromStdString(note);
    // The path's name comes before its details: "host copy (glTexSubImage2D): why".
    static const QRegularExpression details(QStringLiteral(" \\(|:"));
    const qsizetype cut = full.indexOf(details);
    const QString name = cut < 0 ? full : full.left(cut);
    return {"slice via " + name,
            "How the shown slice reaches the screen: " + full +
                ".\nCUDA-GL interop copies it into the texture on the GPU; the host copy reads "
                "it back\nto main memory and uploads every new slice, which costs time on large "
                "lattices."};
}

StatusLine::StatusLine(QStatusBar* bar) : bar_(bar) {
    step_ = add(new QLabel(bar), "status_step",
                "Time steps the flow has taken since it started or was last reset.", false);
    mlups_ = add(new QLabel(bar), "status_mlups",
                 "Million lattice-node updates per second in the last measured batch: the "
                 "solver's speed. The Performance dock plots it over time.");
    fps_ = add(new QLabel(bar), "status_fps",
               "Frames per second the viewport draws. The solver steps on its own thread: a "
               "low frame rate does not slow the flow.");
    lattice_ = add(new QLabel(bar), "status_lattice",
                   "Lattice nodes along x, y and z (z = 1: a 2D flow).");
    slice_ = add(new QLabel(bar), "status_slice",
                 "A 3D lattice is shown one plane at a time: the plane normal to this axis at "
                 "this node index.");
    backend_ = add(new YieldingLabel(bar), "status_backend", {});
    slice_path_ = add(new YieldingLabel(bar), "status_slice_path", {});
    recording_ = add(new QLabel(bar), "status_recording",
                     "Recording the viewport as PNG frames. Ctrl+Shift+R stops, and writes an "
                     "MP4 where ffmpeg is installed.");
    set_visible(slice_, false);
    set_visible(recording_, false);
}

StatusLine::Item StatusLine::add(QLabel* label, const char* name, const QString& tooltip,
                                 bool separated) {
    Item item;
    if (separated) {
        item.separator = new QFrame(bar_);
        item.separator->setFrameShape(QFrame::VLine);
        item.separator->setFrameShadow(QFrame::Sunken);
        bar_->addWidget(item.separator);
    }
    label->setObjectName(name);
    label->setToolTip(tooltip);
    label->setContentsMargins(4, 0, 4, 0);
    bar_->addWidget(label);
    item.label = label;
    return item;
}

void StatusLine::set(Item& item, const StatusItem& content) {
    item.label->setText(content.text);
    if (!content.tooltip.isEmpty()) item.label->setToolTip(content.tooltip);
}

void StatusLine::set_number(Item& item, const QString& text) {
    item.label->setText(text);
    item.label->setMinimumWidth(
        std::max(item.label->minimumWidth(), item.label->sizeHint().width()));
}

void StatusLine::set_visible(Item& item, bool visible) {
    item.shown = visible;
    // While the bar shows a message it has hidden every item itself and shows them again
    // afterwards: showing one now would draw it over the message. The next refresh applies it.
    if (!bar_->currentMessage().isEmpty() || item.applied == visible) return;
    item.applied = visible;
    item.label->setVisible(visible);
    if (item.separator != nullptr) item.separator->setVisible(visible);
}

void StatusLine::show(const StatusFacts& f) {
    const SolverSnapshot& s = f.snapshot;
    set_number(step_, QString("step %1").arg(qulonglong(s.step)));
    set_number(mlups_, QString("%1 MLUPS").arg(s.mlups, 0, 'f', 1));
    set_number(fps_, QString("%1 FPS").arg(f.fps, 0, 'f', 0));
    set(lattice_,
        {QString("lattice %1 x %2 x %3").arg(s.dims.nx).arg(s.dims.ny).arg(s.dims.nz), {}});
    const bool is_3d = s.dims.nz > 1;
    if (is_3d) {
        const char* axis[] = {"x", "y", "z"};
        set(slice_, {QString("slice %1 = %2").arg(axis[int(s.slice_axis)]).arg(s.slice_index), {}});
    }
    set_visible(slice_, is_3d);
    set(backend_, backend_item(s, f.requested, f.cuda_built));
    set(slice_path_, slice_path_item(f.slice_path));
    if (f.recorded_frames >= 0)
        set(recording_, {QString("REC %1 frames").arg(f.recorded_frames), {}});
    set_visible(recording_, f.recorded_frames >= 0);
}

std::array<const StatusLine::Item*, 8> StatusLine::in_order() const {
    return {&step_, &mlups_, &fps_, &lattice_, &slice_, &backend_, &slice_path_, &recording_};
}

QString StatusLine::text() const {
    QStringList shown;
    for (const Item* item : in_order())
        if (item->shown) shown << item->label->text();
    return shown.join(" | ");
}

} // namespace ll::gui
