// Drives the visualiser's main window around the viewport under xvfb-run (CPU back end):
//   graphs       the performance dock's MLUPS and GB/s series fill at 10 Hz; the copy
//                reference line sits at the measured copy bandwidth
//   menus        File's screenshot (PNG) and VTK export called with a path (no dialogs);
//                Scenario's action switches the preset; About names device and back end
//   help         the velocity-set diagram has one distinct arrow per c_i (D2Q9, D3Q19,
//                D3Q27); the sweep button's action says it needs a GPU on the CPU back end
//   settings     closing remembers field and colour map; a new window restores them
#include "controls.hpp"
#include "gui_test_util.hpp"
#include "help_panel.hpp"
#include "lab_dock.hpp"
#include "main_window.hpp"
#include "perf_dock.hpp"
#include "viewport.hpp"

#include <QLineSeries>
#include <QValueAxis>
#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

class MenuTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    Viewport& viewport() { return window_->viewport(); }
    SolverThread& solver() { return window_->solver(); }

private slots:
    void initTestCase() {
        window_ = std::make_unique<MainWindow>(SolverStart{});
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().step > 50, 20000);
    }

    void performanceGraphsFill() {
        PerfDock& dock = window_->perf_dock();
        QVERIFY(dock.isVisible());
        const int before = dock.mlups_series()->count();
        QTest::qWait(2000);
        const int after = dock.mlups_series()->count();
        qInfo("graph points: %d -> %d", before, after);
        QVERIFY(after >= before + 10); // 10 Hz for 2 s, with slack for a busy machine
        QCOMPARE(dock.bandwidth_series()->count(), after);
        const QPointF last = dock.mlups_series()->points().last();
        QVERIFY(last.x() <= 0 && last.x() > -PerfDock::kWindowSeconds);
        QVERIFY(last.y() > 0);
        const double copy = viewport().snapshot().perf.copy_bandwidth / 1e9;
        QCOMPARE(dock.copy_series()->count(), 2);
        QVERIFY(qFuzzyCompare(dock.copy_series()->at(0).y(), copy));
        QVERIFY(dock.fraction_axis()->max() >= 100);
    }

    void fileMenuScreenshotAndVtk() {
        const QString png = QString(LATTICELAB_GUI_OUTPUT) + "/gui_menu_screenshot.png";
        const QString vti = QString(LATTICELAB_GUI_OUTPUT) + "/gui_export.vti";
        QFile::remove(png);
        QFile::remove(vti);
        QVERIFY(window_->save_screenshot(png));
        const QImage img(png);
        QVERIFY(!img.isNull() && img.width() > 100 && img.height() > 100);
        window_->export_vtk(vti);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(vti).size() > 352 * 68 * 16, 10000);
        QFile f(vti);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(200).contains("VTKFile"));
        const QString about = window_->about_text();
        qInfo("about: %s", qPrintable(about));
        QVERIFY(about.contains("CPU back end") && about.contains("Qt "));
        QVERIFY(window_->shortcuts_text().contains("Space"));
    }

    void scenarioMenuSwitches() {
        QAction* action = window_->scenario_action("taylor_green2d");
        QVERIFY(action);
        action->trigger();
        const auto scenario = [&] {
            return read_sim<std::string>(solver(),
                                         [](const Simulation& s) { return s.setup().scenario; });
        };
        QTRY_COMPARE_WITH_TIMEOUT(scenario(), std::string("taylor_green2d"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().scenario == "taylor_green2d" &&
                                     viewport().snapshot().step > 10,
                                 10000);
        // R now resets to the new preset, not to the start-up one.
        viewport().controls().reset();
        QTest::qWait(300);
        QCOMPARE(scenario(), std::string("taylor_green2d"));
        window_->scenario_action("cylinder2d")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(scenario(), std::string("cylinder2d"), 10000);
        // Back on the CPU-sized default lattice.
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().dims.nx == 352, 5000);
    }

    void settingsRemembered() {
        Controls& c = viewport().controls();
        c.set_field(FieldKind::Vorticity);
        c.set_colormap(render::ColorMap::Inferno);
        window_->close();
        window_ = std::make_unique<MainWindow>(SolverStart{});
        const ViewSettings& v = window_->viewport().controls().view();
        QCOMPARE(v.field, FieldKind::Vorticity);
        QCOMPARE(v.map, render::ColorMap::Inferno);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    }

    void velocitySetDiagram() {
        for (auto [stencil, q] : {std::pair{StencilKind::D2Q9, 9},
                                  {StencilKind::D3Q19, 19},
                                  {StencilKind::D3Q27, 27}}) {
            const auto arrows = velocity_arrows(stencil);
            QCOMPARE(int(arrows.size()), q);
            QCOMPARE(arrows[0].x, 0.0f); // the rest population sits at the centre
            QCOMPARE(arrows[0].y, 0.0f);
            double w = 0;
            QSet<QPair<int, int>> tips;
            for (const VelocityArrow& a : arrows) {
                w += a.weight;
                tips.insert({qRound(a.x * 100), qRound(a.y * 100)});
            }
            QCOMPARE(int(tips.size()), q); // no two arrows drawn on top of each other
            QVERIFY(std::abs(w - 1) < 1e-12);
        }
        // D2Q9's c_1 is +x: the first arrow after the rest points right.
        QCOMPARE(velocity_arrows(StencilKind::D2Q9)[1].x, 1.0f);
    }

    // The Tuning tab's sweep button runs the threads-per-block sweep; its result opens in the
    // Lab dock, which here says why there is none.
    void sweepNeedsAGpu() {
        viewport().controls().sweep();
        QTRY_VERIFY_WITH_TIMEOUT(!viewport().snapshot().sweep.note.empty(), 10000);
        const SweepResult& r = viewport().snapshot().sweep;
        qInfo("sweep: %s", r.note.c_str());
        QVERIFY(r.note.find("needs a GPU") != std::string::npos);
        QVERIFY(r.points.empty());
        QTRY_VERIFY(window_->lab_dock().isVisible());
        QTRY_VERIFY(window_->lab_dock().live_sweeps()->summary()->text().contains("needs a GPU"));
    }

    void cleanupTestCase() { window_.reset(); }
};

int main(int argc, char** argv) {
    return run_window_test<MenuTest>(argc, argv);
}

#include "test_gui_menus.moc"
