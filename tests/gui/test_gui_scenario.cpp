// Drives the scenario side of the visualiser under xvfb-run (CPU back end):
//   lattice      the panel's scenario section: size, Re and channel walls applied through the
//                apply button (a real click through the ImGui bridge); the solver restarts
//                with the keys (walls = free_slip gives free-slip wall nodes)
//   rejected     a size out of range: the panel's message names the key and its range, the old
//                flow keeps running
//   too large    a lattice beyond 2^32 nodes and one beyond host memory: refused before any
//                allocation, with a message; the previous lattice keeps running
//   3D slice     cavity3d with D3Q27: the axis and position reach the solver's snapshot; the
//                wireframe inset draws the slice plane (framebuffer pixels); screenshot saved
//   files        save scenario (TOML, atomic) and open it again; recent files; a truncated
//                file and an out-of-range value are refused naming file, line and key, and
//                nothing changes; a missing recent file is dropped with a message
#include "controls.hpp"
#include "gui_test_util.hpp"
#include "main_window.hpp"
#include "scenario_panel.hpp"
#include "viewport.hpp"

#include "solver/io/config_file.hpp"
#include "tests/support/gui_flows.hpp"

#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

namespace {

QString out(const QString& name) {
    return QString(LATTICELAB_GUI_OUTPUT) + "/" + name;
}

void write_text(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

// A scenario file with every key as a string (the files take numbers or strings).
QByteArray scenario_toml(const std::string& scenario, const KeyValues& keys) {
    std::string text = "scenario = \"" + scenario + "\"\n";
    for (const auto& [key, value] : keys)
        text += key + " = \"" + value + "\"\n";
    return QByteArray::fromStdString(text);
}

} // namespace

class ScenarioTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    Viewport& viewport() { return window_->viewport(); }
    SolverThread& solver() { return window_->solver(); }
    ScenarioControls& scenario() { return viewport().controls().scenario(); }
    // From the GUI's latest snapshot: polling through inspect() in a loop could wait long
    // behind the solver's batches.
    Dims dims() { return viewport().snapshot().dims; }
    std::string running() {
        return read_sim<std::string>(solver(),
                                     [](const Simulation& s) { return s.setup().scenario; });
    }
    std::uint64_t steps() { return viewport().snapshot().step; }
    // The flow still advances (it was not replaced or stopped by a refused change).
    void expect_running_on(Dims d) {
        const std::uint64_t before = steps();
        QTRY_VERIFY2_WITH_TIMEOUT(steps() > before + 5, qPrintable(why_stopped()), 10000);
        const Dims now = dims();
        QCOMPARE(now.nx, d.nx);
        QCOMPARE(now.ny, d.ny);
        QCOMPARE(now.nz, d.nz);
    }
    // For a flow that stopped: the solver pauses itself when the flow blows up (NaN/Inf).
    QString why_stopped() {
        const SolverSnapshot& s = viewport().snapshot();
        return QString("stopped at step %1%2")
            .arg(s.step)
            .arg(s.instability.empty() ? QString(s.paused ? ", paused" : "")
                                       : QString(", unstable: ") + s.instability.c_str());
    }
    // Waits for a refusal that mentions every one of `parts`.
    void expect_error(std::initializer_list<const char*> parts) {
        const auto has_all = [&] {
            const std::string& e = viewport().snapshot().error;
            for (const char* p : parts)
                if (e.find(p) == std::string::npos) return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(has_all(), 10000);
        qInfo("refused: %s", viewport().snapshot().error.c_str());
    }

    // The panel's text of `key`; empty while it has none.
    std::string edit_key(const std::string& key) {
        const KeyValues& keys = scenario().edit().keys;
        return keys.contains(key) ? keys.at(key) : std::string();
    }
    void expect_refusal(std::initializer_list<const char*> parts) {
        const std::string& r = scenario().refusal();
        qInfo("refused: %s", r.c_str());
        for (const char* p : parts)
            QVERIFY2(r.find(p) != std::string::npos, p);
    }

private slots:
    void initTestCase() {
        window_ = open_window(20);
        QVERIFY2(window_, "the window did not show a stepped flow within 20 s");
    }

    void latticeControlsApplyByClick() {
        Viewport& v = viewport();
        v.controls().select_tab(Controls::Tab::Lattice);
        QTRY_VERIFY_WITH_TIMEOUT(scenario().apply_button_rect()[2] > 0, 5000);
        QCOMPARE(scenario().edit().scenario, std::string("cylinder2d"));
        QCOMPARE(scenario().edit().keys.at("size"), std::string("16"));
        QCOMPARE(scenario_stencils("cylinder2d"), std::vector<std::string>{"d2q9"});
        QCOMPARE(scenario_stencils("cavity3d"), (std::vector<std::string>{"d3q19", "d3q27"}));
        // The edit as the widgets leave it, then a real click on "apply".
        ScenarioEdit e = scenario().edit();
        set_key(e, "size", "12");
        set_key(e, "re", "80");
        set_key(e, "walls", "free_slip");
        scenario().set_edit(e);
        QTest::qWait(100); // a frame draws the edit (the button shows it is pending)
        QCOMPARE(scenario().edit().keys.at("size"), std::string("12"));
        const auto r = scenario().apply_button_rect();
        QVERIFY(click_widget(v, centre_of(r)));
        QTRY_COMPARE_WITH_TIMEOUT(dims().nx, 22u * 12u, 10000);
        SimulationSetup s;
        solver().inspect([&](const Simulation& sim) { s = sim.setup(); });
        QCOMPARE(s.keys.at("walls"), std::string("free_slip"));
        QVERIFY(std::abs(s.reynolds - 80) < 1e-9);
        QCOMPARE(node_type(s.flags[5]), kFreeSlip); // (5, 0): the bottom wall
        QCOMPARE(solver().current_start().keys.at("size"), std::string("12"));
        // The user's tuning survived the restart (sent as keys).
        QCOMPARE(s.model.scheme, v.snapshot().model.scheme);
    }

    // Refused by the panel with the solver's own checks: nothing reaches the solver.
    void rejectedValueKeepsTheFlow() {
        const Dims before = dims();
        ScenarioEdit e = scenario().edit();
        set_key(e, "size", "5000");
        scenario().apply(e, viewport().snapshot());
        expect_refusal({"size = 5000", "[4, 400]"});
        expect_running_on(before);
        e = scenario().edit();
        set_key(e, "re", "-3");
        scenario().apply(e, viewport().snapshot());
        expect_refusal({"re = -3", "[0.001"});
        expect_running_on(before);
    }

    void latticeTooLargeKeepsThePreviousOne() {
        const Dims before = dims();
        // Beyond 2^32 nodes (4096 x 1026 x 1026): refused by the node-count check.
        scenario().apply_keys("duct3d", {{"size", "1024"}, {"length", "4096"}}, true);
        expect_error({"size = 1024", "2^32"});
        expect_running_on(before);
        QCOMPARE(running(), std::string("cylinder2d"));
        // 1026^3 nodes fit in 32 bits but not in this machine's memory: refused by the
        // pre-flight before the scenario allocates its fields.
        scenario().apply_keys("cavity3d", {{"size", "1024"}}, true);
        expect_error({"size = 1024", "GiB"});
        expect_running_on(before);
        QCOMPARE(running(), std::string("cylinder2d"));
    }

    void slicesOf3dLattice() {
        Viewport& v = viewport();
        // MRT (cavity3d's default) has no D3Q27 basis: refused with the reason, flow kept.
        scenario().apply_keys("cavity3d", {{"size", "16"}, {"stencil", "d3q27"}}, true);
        expect_error({"collision = mrt", "d3q27"});
        QCOMPARE(dims().nz, 1u);
        // A flow that stays finite: the suite expects it to keep running after it is reopened.
        scenario().apply_keys("cavity3d", ll::test::gui_cavity3d_keys(), true);
        QTRY_COMPARE_WITH_TIMEOUT(dims().nz, 18u, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().model.stencil == StencilKind::D3Q27, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(edit_key("stencil"), std::string("d3q27"), 3000);
        scenario().set_slice(Axis::X, 5);
        QTRY_VERIFY_WITH_TIMEOUT(
            v.snapshot().slice_axis == Axis::X && v.snapshot().slice_index == 5, 5000);
        QCOMPARE(v.snapshot().width, 18u); // ny x nz
        QCOMPARE(v.snapshot().height, 18u);
        QTRY_VERIFY_WITH_TIMEOUT(window_->status_text().contains("slice x = 5"), 5000);
        // The inset: 12 box edges and the 4 edges of the plane x = 5.5 (a vertical line pair).
        const auto g = v.outline_geometry();
        QCOMPARE(int(g.box.size()), 12);
        QCOMPARE(int(g.plane.size()), 4);
        QTest::qWait(200);
        const QImage img = v.grabFramebuffer();
        QVERIFY(img.save(out("gui_slice3d.png")));
        const double dpr = img.devicePixelRatio();
        int plane_pixels = 0;
        for (const auto& s : g.plane)
            for (int k = 1; k < 10; ++k) {
                const float t = float(k) / 10;
                const int x = int((s.x0 + t * (s.x1 - s.x0)) * dpr);
                const int y = int((s.y0 + t * (s.y1 - s.y0)) * dpr);
                bool hit = false;
                for (int dy = -1; dy <= 1 && !hit; ++dy)
                    for (int dx = -1; dx <= 1 && !hit; ++dx) {
                        const QColor c = img.pixelColor(x + dx, y + dy);
                        hit = c.red() > 230 && c.green() > 180 && c.green() < 225 && c.blue() < 60;
                    }
                plane_pixels += hit;
            }
        qInfo("plane samples in the plane colour: %d of 36", plane_pixels);
        QVERIFY(plane_pixels >= 30);
        // Moving the slice moves the plane in the inset.
        scenario().set_slice(Axis::X, 12);
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().slice_index == 12, 5000);
        QVERIFY(v.outline_geometry().plane[0].x0 > g.plane[0].x0);
    }

    void saveAndOpenScenario() {
        const QString path = out("gui_saved.toml");
        QFile::remove(path);
        QVERIFY2(window_->save_scenario(path).isEmpty(), qPrintable(window_->last_message()));
        const ScenarioFile f = load_scenario_file(path.toStdString());
        QCOMPARE(f.scenario, std::string("cavity3d"));
        QCOMPARE(f.keys.at("stencil"), std::string("d3q27"));
        QCOMPARE(f.keys.at("size"), std::string("16"));
        QCOMPARE(f.keys.at("re"), ll::test::gui_cavity3d_keys().at("re"));
        QVERIFY(f.keys.contains("scheme") && f.keys.contains("block_size"));
        QCOMPARE(window_->recent_files().value(0), QFileInfo(path).absoluteFilePath());

        const QString other = out("gui_open.toml");
        write_text(other, scenario_toml("cylinder2d", ll::test::gui_cylinder2d_keys()));
        QVERIFY2(window_->open_scenario(other).isEmpty(), qPrintable(window_->last_message()));
        QTRY_COMPARE_WITH_TIMEOUT(dims().nx, 220u, 10000);
        QCOMPARE(window_->recent_files().value(0), QFileInfo(other).absoluteFilePath());
        QCOMPARE(window_->recent_files().value(1), QFileInfo(path).absoluteFilePath());
        // And back to the saved one.
        QVERIFY(window_->open_recent(QFileInfo(path).absoluteFilePath()).isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(dims().nz, 18u, 10000);
    }

    void corruptFilesChangeNothing() {
        const Dims before = dims();
        const QString truncated = out("gui_truncated.toml");
        // Cut inside a string: a syntax error on line 3.
        write_text(truncated, "scenario = \"cavity2d\"\nsize = 64\ncollision = \"tr");
        QString m = window_->open_scenario(truncated);
        qInfo("truncated: %s", qPrintable(m));
        QVERIFY(m.contains(truncated + ":3") && m.contains("syntax error"));

        const QString json = out("gui_truncated.json");
        write_text(json, "{\"scenario\": \"cavity2d\",\n \"size\": ");
        m = window_->open_scenario(json);
        qInfo("truncated JSON: %s", qPrintable(m));
        QVERIFY(m.contains(json + ":2") && m.contains("syntax error"));

        const QString range = out("gui_out_of_range.toml");
        write_text(range, "scenario = \"cavity2d\"\nsize = 64\nre = 1e9\n");
        m = window_->open_scenario(range);
        qInfo("out of range: %s", qPrintable(m));
        QVERIFY(m.contains(range + ":3") && m.contains("re = ") && m.contains("[0.001"));
        QCOMPARE(window_->last_message(), m);

        QTest::qWait(300);
        QCOMPARE(running(), std::string("cavity3d"));
        expect_running_on(before);
        // None of them became a recent file.
        QVERIFY(!window_->recent_files().contains(QFileInfo(range).absoluteFilePath()));
    }

    void missingRecentFileIsDropped() {
        const QString gone = out("gui_gone.toml");
        write_text(gone, "scenario = \"cavity2d\"\nsize = 16\n");
        QVERIFY(window_->open_scenario(gone).isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(running(), std::string("cavity2d"), 10000);
        const QString full = QFileInfo(gone).absoluteFilePath();
        QVERIFY(window_->recent_files().contains(full));
        QFile::remove(gone);
        const QString m = window_->open_recent(full);
        qInfo("missing: %s", qPrintable(m));
        QVERIFY(m.contains("no longer exists"));
        QVERIFY(!window_->recent_files().contains(full));
        QVERIFY(window_->recent_files().size() <= MainWindow::kMaxRecent);
    }

    void cleanupTestCase() { window_.reset(); }
};

int main(int argc, char** argv) {
    return run_window_test<ScenarioTest>(argc, argv);
}

#include "test_gui_scenario.moc"
