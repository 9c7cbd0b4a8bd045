// The Rayleigh-Taylor demo from the Scenario menu (issue 4) under xvfb-run, CPU back end:
// the entry starts rt2d (D2Q37) on its temperature field with the inferno map, the field list
// offers temperature only while a thermal model runs, and switching back to an isothermal
// preset with temperature selected falls back to the speed instead of failing.
#include "controls.hpp"
#include "gui_test_util.hpp"
#include "main_window.hpp"
#include "mixing_dock.hpp"
#include "tuning.hpp"
#include "viewport.hpp"

#include <QLineSeries>

#include <QAction>
#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

class ThermalTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    void trigger(const char* name) {
        auto* action = window_->findChild<QAction*>(name);
        QVERIFY2(action, name);
        action->trigger();
    }

private slots:
    void initTestCase() {
        window_ = open_window(5);
        QVERIFY2(window_, "the window did not show a stepped flow within 20 s");
    }

    void rayleighTaylorEntryStartsOnTemperature() {
        auto* action = window_->findChild<QAction*>("scenario_rt2d");
        QVERIFY(action);
        QVERIFY(action->text().contains("Rayleigh"));
        trigger("scenario_rt2d");
        Viewport& v = window_->viewport();
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().scenario == "rt2d" && v.snapshot().step > 20, 30000);
        const SolverSnapshot& s = v.snapshot();
        QVERIFY(s.has_temperature);
        QCOMPARE(int(s.field), int(FieldKind::Temperature));
        QCOMPARE(int(v.controls().view().map), int(render::ColorMap::Inferno));
        QCOMPARE(s.backend, std::string("cpu"));
        QVERIFY2(s.dims.nx <= 128, "the CPU back end gets the small rt2d lattice");
        // Two layers: the top (cold, heavy) and bottom (hot, light) differ in the slice.
        const float bottom = s.slice[std::size_t(s.width) * 4 + s.width / 2];
        const float top = s.slice[std::size_t(s.width) * (s.height - 5) + s.width / 2];
        QVERIFY2(bottom > top, "hot below, cold above");
        QVERIFY(v.grabFramebuffer().save(QString(LATTICELAB_GUI_OUTPUT) + "/gui_rt2d.png"));
    }

    // The pre-run checks of `latticelab run` show in the panel while they hold: none for the
    // defaults, one naming tau for tau = 0.52 (D2Q37 BGK blows up near 1/2), gone once tau is
    // back.
    void thermalWarningsFollowTau() {
        Viewport& v = window_->viewport();
        QVERIFY(v.snapshot().warnings.empty());
        // rt2d has a tau key, so its tau is edited live (and saved); the D2Q37 kernels take
        // no occupancy cap, so that slider is off and its tooltip says why.
        const LiveEdits edits = live_edits(v.snapshot());
        QVERIFY(edits.tau);
        QVERIFY(!edits.occupancy_cap);
        QVERIFY2(edits.cap_note.find("rt2d kernels") != std::string::npos, edits.cap_note.c_str());
        const double tau = v.snapshot().tau;
        v.controls().set_tau(0.52);
        QTRY_VERIFY_WITH_TIMEOUT(!v.snapshot().warnings.empty(), 10000);
        QVERIFY(v.snapshot().warnings.front().find("tau = 0.52") != std::string::npos);
        QTest::qWait(200); // a frame with the warning drawn, for the screenshot
        QVERIFY(v.grabFramebuffer().save(QString(LATTICELAB_GUI_OUTPUT) + "/gui_rt2d_warning.png"));
        v.controls().set_tau(tau);
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().warnings.empty(), 10000);
    }

    // The mixing-layer plot fills from the solver thread's fronts (a few per second) and its
    // width is the snapshot's; on the perturbed interface it is not zero.
    void mixingPlotFollowsTheFronts() {
        MixingDock& dock = window_->mixing_dock();
        QTRY_VERIFY_WITH_TIMEOUT(dock.isVisible(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(dock.width_series()->count() >= 3, 10000);
        const SolverSnapshot& s = window_->viewport().snapshot();
        QVERIFY(s.has_fronts);
        QVERIFY(s.fronts.width > 0.5);
        const auto last = dock.width_series()->at(dock.width_series()->count() - 1);
        QVERIFY(last.x() <= double(s.step));
        QVERIFY(last.y() > 0.5);
        QCOMPARE(dock.bubble_series()->count(), dock.width_series()->count());
        QVERIFY(dock.bubble_series()->at(0).y() > 0); // bubble above, spike below the interface
        QVERIFY(dock.spike_series()->at(0).y() < 0);
        window_->grab().save(QString(LATTICELAB_GUI_OUTPUT) + "/gui_rt2d_window.png");
    }

    void isothermalPresetFallsBackToSpeed() {
        trigger("scenario_cylinder2d");
        Viewport& v = window_->viewport();
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().scenario == "cylinder2d", 30000);
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().step > 5, 20000);
        QVERIFY(!v.snapshot().has_temperature);
        QCOMPARE(int(v.snapshot().field), int(FieldKind::Speed));
        QVERIFY(!v.snapshot().has_fronts);
    }

    void cleanupTestCase() { window_.reset(); }
};

int main(int argc, char** argv) {
    return run_window_test<ThermalTest>(argc, argv);
}

#include "test_gui_thermal.moc"
