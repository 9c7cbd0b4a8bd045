// The Lab dock (issue 14: "tested under xvfb on the CPU back end, where it says which studies
// need a GPU and why"), on this machine without a usable GPU:
//   gpuStudiesSayWhy  the GPU studies are listed, cannot be picked, and their tooltips and the
//                     dock's note say what each needs a GPU for; run() refuses them
//   runsACpuStudy     Run on `threads` (quick) shows its plot, Bailey et al.'s finding beside
//                     this machine's, and writes its four files; a screenshot of the dock goes
//                     to the build folder
//   windowHasTheDock  View > Lab studies (Ctrl+4) shows the dock in the real window
//   liveSweepsNeedAGpu  the sweeps on the running flow cannot start here, and say why
//   liveSweepShowsModelAndBound  a sweep's points (given, as the solver thread hands them
//                     over) plot measured against model, and each point's tooltip names what
//                     bounds the kernel there: bandwidth, latency or arithmetic; screenshot
#include "gui_test_util.hpp"
#include "lab_dock.hpp"
#include "main_window.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

class LabDockTest : public QObject {
    Q_OBJECT
    QTemporaryDir out_;

    static int row_of(const QComboBox* box, const QString& name) {
        for (int i = 0; i < box->count(); ++i)
            if (box->itemData(i, Qt::UserRole).toString() == name) return i;
        return -1;
    }

private slots:
    void gpuStudiesSayWhy() {
        LabDock dock(false, out_.path());
        auto* model = qobject_cast<QStandardItemModel*>(dock.studies()->model());
        QVERIFY(model);
        for (const char* name : {"memory", "model", "transfer", "misaligned"}) {
            const int row = row_of(dock.studies(), name);
            QVERIFY2(row >= 0, name);
            QVERIFY2(!model->item(row)->isEnabled(), name);
            QVERIFY(model->item(row)->text().contains("needs a GPU"));
            QVERIFY(model->item(row)->toolTip().contains("Needs a GPU:"));
            QVERIFY(model->item(row)->toolTip().contains("No usable NVIDIA GPU here"));
            QVERIFY(!dock.run(name));
        }
        for (const char* name : {"lattices", "threads"})
            QVERIFY2(model->item(row_of(dock.studies(), name))->isEnabled(), name);
        const QString current = dock.studies()->currentData(Qt::UserRole).toString();
        QVERIFY2(current == "lattices", qPrintable(current)); // the first one that runs here
        const auto* note = dock.findChild<QLabel*>("lab_note");
        QVERIFY(note);
        QVERIFY(note->text().contains("No usable NVIDIA GPU"));
        QVERIFY(note->text().contains("memory: it times each warp"));
        QVERIFY(dock.quick()->isChecked()); // small sweeps by default on the CPU
        QVERIFY(!dock.run("nosuch"));
    }

    void runsACpuStudy() {
        LabDock dock(false, out_.path());
        dock.resize(520, 760);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.studies()->setCurrentIndex(row_of(dock.studies(), "threads"));
        QTest::mouseClick(dock.run_button(), Qt::LeftButton);
        QVERIFY(dock.running());
        QVERIFY(!dock.run_button()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!dock.running(), 120000);
        QVERIFY(dock.run_button()->isEnabled());
        QVERIFY2(dock.status()->text().startsWith("Written to"), qPrintable(dock.status()->text()));
        const QPixmap plot = dock.plot()->pixmap();
        QVERIFY(!plot.isNull());
        QCOMPARE(plot.size(), QSize(480, 300));
        QVERIFY(dock.findings()->toPlainText().contains("Bailey et al. 2009"));
        QVERIFY(dock.findings()->toPlainText().contains("No usable GPU in this run"));
        for (const char* file : {"threads.csv", "threads.json", "threads.md", "threads.png"})
            QVERIFY2(QFileInfo::exists(out_.filePath(file)), file);
        QVERIFY(dock.grab().save(QString(LATTICELAB_GUI_OUTPUT) + "/lab_dock.png"));
    }

    void liveSweepsNeedAGpu() {
        int started = 0;
        LabDock dock(false, out_.path(), nullptr, [&](SweepSetting) { ++started; });
        LiveSweepPanel* sweeps = dock.live_sweeps();
        QVERIFY(!sweeps->run_button()->isEnabled());
        QVERIFY(sweeps->run_button()->toolTip().contains("Needs a GPU"));
        QVERIFY(sweeps->summary()->text().contains("Needs a GPU"));
        QCOMPARE(sweeps->setting()->count(), 3); // threads, occupancy cap, register cap
        QTest::mouseClick(sweeps->run_button(), Qt::LeftButton);
        QCOMPARE(started, 0);
    }

    void liveSweepShowsModelAndBound() {
        SweepSetting asked = SweepSetting::BlockSize;
        LabDock dock(true, out_.path(), nullptr, [&](SweepSetting s) { asked = s; });
        dock.resize(520, 900);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        LiveSweepPanel* sweeps = dock.live_sweeps();
        sweeps->setting()->setCurrentIndex(1);
        QTest::mouseClick(sweeps->run_button(), Qt::LeftButton);
        QCOMPARE(asked, SweepSetting::OccupancyCap);
        QVERIFY(!sweeps->run_button()->isEnabled()); // until the result comes
        // Caps 1..4 at 256 threads: the first two starved of warps (the model itself low), the
        // third at its model, the fourth 30 % below it. The kind of flow Bailey et al. 2009's
        // Fig. 7 shows, as the solver thread would hand it over.
        SweepResult r;
        r.setting = SweepSetting::OccupancyCap;
        r.serial = 1;
        r.note = "Sweep done on the live lattice; the launch is back to 256 threads per block.";
        r.points = {{1, 4000, 4200, 8, 48},
                    {2, 8000, 8300, 16, 48},
                    {3, 15000, 15500, 24, 48},
                    {4, 12000, 15600, 32, 48}};
        const ModelChoice m{StencilKind::D3Q19, CollisionKind::BGK, Scheme::Pull,
                            Layout::SoA,        Precision::FP32,    {}};
        sweeps->show_result(r, m);
        QVERIFY(sweeps->run_button()->isEnabled());
        QCOMPARE(sweeps->measured()->count(), 4);
        QCOMPARE(sweeps->predicted()->count(), 4);
        QCOMPARE(sweeps->measured()->at(2), QPointF(24, 15000)); // x: warps per SM
        QVERIFY2(sweeps->point_text(0).contains("Latency-bound"),
                 qPrintable(sweeps->point_text(0)));
        QVERIFY2(sweeps->point_text(2).contains("Bandwidth-bound"),
                 qPrintable(sweeps->point_text(2)));
        QVERIFY2(sweeps->point_text(3).contains("Arithmetic-bound"),
                 qPrintable(sweeps->point_text(3)));
        QVERIFY(sweeps->summary()->text().contains("Best: 15000 at 3"));
        QVERIFY(dock.grab().save(QString(LATTICELAB_GUI_OUTPUT) + "/lab_dock_sweep.png"));
    }

    void windowHasTheDock() {
        MainWindow window(SolverStart{});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.lab_dock().isVisible());
        QAction* action = window.view_action("lab");
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence("Ctrl+4"));
        action->trigger();
        QTRY_VERIFY(window.lab_dock().isVisible());
        QVERIFY(window.grab().save(QString(LATTICELAB_GUI_OUTPUT) + "/lab_window.png"));
    }
};

int main(int argc, char** argv) {
    return run_window_test<LabDockTest>(argc, argv);
}

#include "test_gui_lab.moc"
