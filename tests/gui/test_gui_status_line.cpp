// The status bar (issue 10, "The visualiser's status line"), under xvfb-run on the CPU back end:
//   defaultSize     at the default window size every item shows its whole text (the width its
//                   font needs fits inside the label, and the label inside the bar), the live
//                   step and MLUPS among them; screenshots of the window and of the bar go to
//                   the build folder
//   backendItem     "No NVIDIA GPU found: running on the CPU (N threads)", N the solver's
//                   OpenMP threads, with the solver's whole reason in the tooltip only (a build
//                   without CUDA says "No CUDA in this build" instead)
//   backendWording  the item for the fallback this machine's CUDA build reports, a requested
//                   CPU, a build without CUDA, one thread and a GPU, from made-up snapshots
//   slicePath       "slice via host copy", its reason in the tooltip only
//   messages        a message (File menu results) hides the items; they come back after it,
//                   the 2D run's slice item still hidden
//   narrowWindow    in a window half as wide the step and MLUPS still show whole: the long
//                   items give way, ending in "…"
#include "gui_test_util.hpp"
#include "main_window.hpp"
#include "status_line.hpp"
#include "viewport.hpp"

#include <QLabel>
#include <QRegularExpression>
#include <QScreen>
#include <QStatusBar>
#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

namespace {

const char* const kItems[] = {"status_step",    "status_mlups",   "status_fps",
                              "status_lattice", "status_backend", "status_slice_path"};

// What this machine's CUDA build reports without a usable GPU (the driver is too old).
const std::string kNoGpuNote = "no usable NVIDIA GPU (CUDA reports: CUDA driver version is "
                               "insufficient for CUDA runtime version): running on the CPU back "
                               "end";

QString out(const QString& name) {
    return QString(LATTICELAB_GUI_OUTPUT) + "/" + name;
}

// Empty when `label` shows its whole text; otherwise what cuts it. A QLabel clips what does not
// fit (and the long items elide), so the text must fit inside the label and the label inside
// the status bar, which must lie inside the window.
QString why_not_whole(const QLabel* label) {
    if (label == nullptr) return "no such item";
    if (!label->isVisible()) return label->objectName() + " is hidden";
    const int needs = label->fontMetrics().horizontalAdvance(label->text());
    const int has = label->contentsRect().width();
    const QWidget* bar = label->parentWidget();
    if (needs > has)
        return QString("%1: '%2' needs %3 px, has %4")
            .arg(label->objectName(), label->text())
            .arg(needs)
            .arg(has);
    if (!bar->rect().contains(label->geometry()))
        return label->objectName() + " reaches past the status bar";
    if (!bar->window()->rect().contains(bar->geometry())) return "the status bar is clipped";
    return {};
}

} // namespace

class StatusLineTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    QLabel* item(const char* name) { return window_->statusBar()->findChild<QLabel*>(name); }

private slots:
    void initTestCase() {
        window_ = open_window(10);
        QVERIFY2(window_, "the window did not show a stepped flow within 20 s");
        // Wait for a refresh taken after steps, a measured batch and drawn frames.
        const QRegularExpression stale("\\bstep 0\\b|\\b0\\.0 MLUPS|\\b0 FPS");
        QTRY_VERIFY_WITH_TIMEOUT(window_->status_text().contains("MLUPS") &&
                                     !stale.match(window_->status_text()).hasMatch(),
                                 10000);
        qInfo("status: %s", qPrintable(window_->status_text()));
    }

    // The tests after defaultSize read the named items: without them (the old single-label
    // bar) each fails here instead of dereferencing a missing label. defaultSize checks every
    // label on the bar, named or not, so it runs on any bar; backendWording reads no widget.
    void init() {
        const QByteArray test = QTest::currentTestFunction();
        if (test == "defaultSize" || test == "backendWording") return;
        for (const char* name : kItems)
            QVERIFY2(item(name) != nullptr, name);
    }

    void defaultSize() {
        // The window as it opens (the settings are isolated: no remembered geometry).
        QCOMPARE(window_->width(), 1280);
        QVERIFY(window_->width() <= window_->screen()->geometry().width());
        QVERIFY(window_->grab().save(out("gui_status_line.png")));
        QVERIFY(window_->statusBar()->grab().save(out("gui_status_line_bar.png")));
        // Every label on the bar, whatever the items: each shows its whole text. A label's
        // width follows its text at the next layout pass, which a loaded machine (ctest -j2,
        // 2 FPS) may run a few frames after the text changed: wait for the layout, not for a
        // different answer.
        const auto first_not_whole = [&] {
            for (const QLabel* label : window_->statusBar()->findChildren<QLabel*>())
                if (label->isVisible())
                    if (const QString why = why_not_whole(label); !why.isEmpty()) return why;
            return QString();
        };
        QTRY_VERIFY_WITH_TIMEOUT(first_not_whole().isEmpty(), 5000);
        for (const QLabel* label : window_->statusBar()->findChildren<QLabel*>()) {
            if (!label->isVisible()) continue;
            qInfo("%-18s %4d px  '%s'", qPrintable(label->objectName()), label->width(),
                  qPrintable(label->text()));
            const QString why = why_not_whole(label);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        for (const char* name : kItems) {
            const QString why = why_not_whole(item(name));
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        const QRegularExpression step("^step [1-9][0-9]*$"), mlups("^[0-9]+\\.[0-9] MLUPS$");
        QVERIFY(step.match(item("status_step")->text()).hasMatch());
        QVERIFY(mlups.match(item("status_mlups")->text()).hasMatch());
        // The short facts come first, left to right.
        QVERIFY(item("status_step")->x() < item("status_mlups")->x());
        QVERIFY(item("status_mlups")->x() < item("status_backend")->x());
        QVERIFY(window_->status_text().startsWith(item("status_step")->text() + " | "));
    }

    void backendItem() {
        const SolverSnapshot& s = window_->viewport().snapshot();
        QCOMPARE(s.backend, std::string("cpu"));
        const QRegularExpression device("^([0-9]+) OpenMP threads$");
        const QRegularExpressionMatch threads = device.match(QString::fromStdString(s.device));
        QVERIFY2(threads.hasMatch(), s.device.c_str());
        const QString reason = cuda_compiled_in() ? "No NVIDIA GPU found" : "No CUDA in this build";
        QCOMPARE(item("status_backend")->text(),
                 QString("%1: running on the CPU (%2 threads)").arg(reason, threads.captured(1)));
        // The whole reason is in the tooltip, and only there.
        const QString note = QString::fromStdString(s.backend_note);
        QVERIFY(note.size() > 20);
        QVERIFY2(item("status_backend")->toolTip().contains(note),
                 qPrintable(item("status_backend")->toolTip()));
        QVERIFY(!window_->status_text().contains(note));
        qInfo("back-end tooltip:\n%s", qPrintable(item("status_backend")->toolTip()));
    }

    void backendWording() {
        SolverSnapshot s;
        s.backend = "cpu";
        s.device = "2 OpenMP threads";
        s.backend_note = kNoGpuNote;
        const StatusItem fallback = backend_item(s, BackendKind::Auto, true);
        QCOMPARE(fallback.text, QString("No NVIDIA GPU found: running on the CPU (2 threads)"));
        QVERIFY(fallback.tooltip.contains(QString::fromStdString(kNoGpuNote)));
        QVERIFY(fallback.tooltip.contains("OMP_NUM_THREADS"));

        s.backend_note = "CPU back end (requested)";
        QCOMPARE(backend_item(s, BackendKind::Cpu, true).text,
                 QString("Running on the CPU (2 threads), as requested"));
        s.backend_note = "no usable NVIDIA GPU (this build has no CUDA support (nvcc was not "
                         "found at configure time)): running on the CPU back end";
        QCOMPARE(backend_item(s, BackendKind::Auto, false).text,
                 QString("No CUDA in this build: running on the CPU (2 threads)"));
        s.device = "1 OpenMP threads";
        QCOMPARE(backend_item(s, BackendKind::Auto, false).text,
                 QString("No CUDA in this build: running on the CPU (1 thread)"));

        s.backend = "cuda";
        s.device = "NVIDIA H100 80GB HBM3";
        s.backend_note = "CUDA back end on NVIDIA H100 80GB HBM3";
        const StatusItem gpu = backend_item(s, BackendKind::Auto, true);
        QCOMPARE(gpu.text, QString("CUDA on NVIDIA H100 80GB HBM3"));
        QVERIFY(gpu.tooltip.contains(QString::fromStdString(s.backend_note)));
    }

    void slicePath() {
        const std::string note = window_->viewport().slice_path();
        QCOMPARE(item("status_slice_path")->text(), QString("slice via host copy"));
        QVERIFY(note.find("CPU back end") != std::string::npos);
        QVERIFY(item("status_slice_path")->toolTip().contains(QString::fromStdString(note)));
        QCOMPARE(slice_path_item("CUDA-GL interop (device copy into the texture, no host round "
                                 "trip)")
                     .text,
                 QString("slice via CUDA-GL interop"));
    }

    void messages() {
        QStatusBar* bar = window_->statusBar();
        bar->showMessage("Saved somewhere.toml");
        QTest::qWait(600); // two refreshes: they must not show the items over the message
        QVERIFY(!item("status_step")->isVisible());
        QVERIFY(!item("status_backend")->isVisible());
        QVERIFY(window_->status_text().contains("MLUPS")); // still listed for logs and tests
        bar->clearMessage();
        QTRY_VERIFY_WITH_TIMEOUT(item("status_step")->isVisible(), 2000);
        QTest::qWait(300);
        QVERIFY(item("status_backend")->isVisible());
        QVERIFY(!item("status_slice")->isVisible()); // a 2D lattice: no slice to name
        QVERIFY(!item("status_recording")->isVisible());
    }

    void narrowWindow() {
        window_->resize(640, 700);
        QTRY_VERIFY_WITH_TIMEOUT(window_->width() < 1000, 3000);
        QTest::qWait(600);
        qInfo("narrow window: %d px", window_->width());
        for (const char* name : {"status_step", "status_mlups", "status_fps"}) {
            const QString why = why_not_whole(item(name));
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        // The long item gave way instead of widening the window, and still explains itself.
        QLabel* backend = item("status_backend");
        QVERIFY(backend->width() < backend->sizeHint().width());
        QVERIFY(!backend->toolTip().isEmpty());
        QVERIFY(window_->statusBar()->grab().save(out("gui_status_line_narrow_bar.png")));
        window_->resize(1280, 700);
    }
};

int main(int argc, char** argv) {
    return run_window_test<StatusLineTest>(argc, argv);
}

#include "test_gui_status_line.moc"
