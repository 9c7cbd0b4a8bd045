// Drives the real visualiser window under xvfb-run (CPU back end, Mesa llvmpipe):
//   settings     scheme, layout, storage, block size, occupancy, field and colour map through
//                the same Controls actions the ImGui widgets call; the solver's ModelChoice and
//                LaunchConfig change and the flow keeps its step count and its state
//   buttons      pause / step / run clicked with QTest mouse events through the ImGui bridge
//   slider       the threads-per-block slider clicked through the bridge: a multiple of 32
//   obstacle     a left-drag with the draw tool (QTest mouse events) makes solid nodes
//   screenshot   grabFramebuffer(): a real picture (colour variance) with the colour bar's
//                end colours; saved as PNG in the build folder
//   tuning       the panel's readouts on the CPU back end: n/a for registers and occupancy,
//                73 B per D2Q9 FP32 node update, MLUPS, GB/s and % of the measured copy
//   unstable     tau = 0.5001 through Controls::set_tau: NaN/Inf caught, flow paused, advice
//                shown; a reset runs a finite flow again
#include "controls.hpp"
#include "gui_test_util.hpp"
#include "main_window.hpp"
#include "tuning.hpp"
#include "viewport.hpp"

#include <QtTest/QtTest>

#include <atomic>
#include <cmath>
#include <memory>

using namespace ll;
using namespace ll::gui;

namespace {

std::size_t count_solid(SolverThread& solver) {
    std::size_t n = 0;
    solver.inspect([&](const Simulation& sim) {
        for (std::uint8_t f : sim.setup().flags)
            if (node_type(f) == kSolid) ++n;
    });
    return n;
}

// Whether the solver thread applied, within 10 s, every command posted before this call (its
// queue is first in, first out). inspect() reads the lattice between batches, when a stroke's
// last paints may still wait in the queue: a count read then was short of the stroke's
// (934 against 1 119 once in a CI rehearsal under load).
bool commands_applied(SolverThread& solver) {
    const auto done = std::make_shared<std::atomic<bool>>(false);
    solver.post([done](Simulation&) { *done = true; });
    for (int waited = 0; waited < 10000 && !*done; waited += 10)
        QTest::qWait(10);
    return *done;
}

bool near(QColor c, render::Rgb want, int tol) {
    return std::abs(c.red() - want.r) <= tol && std::abs(c.green() - want.g) <= tol &&
           std::abs(c.blue() - want.b) <= tol;
}

} // namespace

class GuiTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    Viewport& viewport() { return window_->viewport(); }
    SolverThread& solver() { return window_->solver(); }
    std::uint64_t steps() {
        return read_sim<std::uint64_t>(solver(), [](const Simulation& s) { return s.time_step(); });
    }

private slots:
    void initTestCase() {
        window_ = std::make_unique<MainWindow>(SolverStart{});
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
        QVERIFY2(!viewport().gl_info().startsWith("OpenGL unavailable"),
                 qPrintable(viewport().gl_info()));
        // The flow moves within seconds: the GUI has received a slice of a stepped lattice.
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().step > 50, 20000);
        qInfo("GL: %s", qPrintable(viewport().gl_info()));
        // The status bar names where the solver runs, the lattice and live rates (its wording
        // and layout: test_gui_status_line.cpp).
        QTRY_VERIFY_WITH_TIMEOUT(window_->status_text().contains("running on the CPU"), 5000);
        // Refreshed every 250 ms: wait for one taken after the first steps and frames.
        const auto live = [&] {
            const QString t = window_->status_text();
            return t.contains("lattice 352 x 68 x 1") && t.contains("MLUPS") &&
                   !t.startsWith("step 0 |") && !t.contains("| 0 FPS");
        };
        QTRY_VERIFY_WITH_TIMEOUT(live(), 10000);
        const QString status = window_->status_text();
        qInfo("status: %s", qPrintable(status));
    }

    // Each test starts on a running flow: one that failed while paused must not take the
    // next ones down with it.
    void init() {
        if (window_ && viewport().controls().paused()) viewport().controls().set_paused(false);
    }

    void tuningReadoutsOnCpu() {
        Viewport& v = viewport();
        QTRY_VERIFY_WITH_TIMEOUT(
            v.snapshot().perf.mlups > 0 && v.snapshot().perf.copy_bandwidth > 0, 10000);
        const SolverSnapshot& snap = v.snapshot();
        const TuningReadout r = tuning_readout(snap);
        qInfo("%s | %s | %s | %s | %s | %s | %s", r.registers.c_str(), r.blocks_per_sm.c_str(),
              r.occupancy.c_str(), r.bytes_per_node.c_str(), r.mlups.c_str(), r.bandwidth.c_str(),
              r.fraction_of_copy.c_str());
        for (const std::string* s : {&r.registers, &r.blocks_per_sm, &r.occupancy})
            QVERIFY(s->find("CPU back end: n/a") != std::string::npos);
        // No register caps to offer on the CPU, and the cap's tooltip says why.
        QVERIFY(snap.register_caps.empty());
        QVERIFY(register_cap_note(snap).find("CPU back end") != std::string::npos);
        // D2Q9 FP32: 2 x 9 x 4 B of populations + 1 flag byte (GUIDE: 72 B + the flag).
        QCOMPARE(snap.model.stencil, StencilKind::D2Q9);
        QCOMPARE(r.bytes_per_node, std::string("bytes per node update: 73 B"));
        const Performance& p = snap.perf;
        QCOMPARE(r.mlups, QString::asprintf("MLUPS: %.2f", p.mlups).toStdString());
        // GB/s = MLUPS x 1e6 x bytes per node update, and the share of the measured copy.
        QVERIFY(std::abs(p.bytes_per_second - p.mlups * 1e6 * 73) <= 1e-6 * p.bytes_per_second);
        QCOMPARE(r.bandwidth,
                 QString::asprintf("bandwidth: %.2f GB/s", p.bytes_per_second / 1e9).toStdString());
        QCOMPARE(r.fraction_of_copy, QString::asprintf("%.1f %% of copy bandwidth (%.1f GB/s)",
                                                       100 * p.bytes_per_second / p.copy_bandwidth,
                                                       p.copy_bandwidth / 1e9)
                                         .toStdString());
    }

    void settingsReachTheSolver() {
        Controls& c = viewport().controls();
        const std::uint64_t before = steps();
        c.set_scheme(Scheme::AA);
        c.set_layout(Layout::AoS);
        c.set_block_size(128);
        c.set_occupancy_cap(2);
        QTRY_VERIFY_WITH_TIMEOUT(read_sim<bool>(solver(),
                                                [](const Simulation& s) {
                                                    return s.setup().model.scheme == Scheme::AA &&
                                                           s.setup().model.layout == Layout::AoS &&
                                                           s.setup().launch == LaunchConfig{128, 2};
                                                }),
                                 10000);
        // The switch kept the flow: the step count went on from where it was, not from 0, and
        // the fluid still moves.
        QVERIFY(steps() >= before);
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().model.scheme == Scheme::AA, 5000);
        c.set_field(FieldKind::Vorticity);
        QCOMPARE(c.view().map, render::ColorMap::BlueWhiteRed);
        c.set_colormap(render::ColorMap::Inferno);
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().field == FieldKind::Vorticity, 5000);
        QCOMPARE(c.view().map, render::ColorMap::Inferno);
        // A rejected block size is reported, and the launch stays as it was.
        c.set_block_size(33);
        QTRY_VERIFY_WITH_TIMEOUT(!viewport().snapshot().error.empty(), 5000);
        QCOMPARE(read_sim<int>(solver(),
                               [](const Simulation& s) { return s.setup().launch.block_size; }),
                 128);
        qInfo("rejected: %s", viewport().snapshot().error.c_str());
        // 16-bit storage through the storage combo's action: the flow goes on with 2 bytes per
        // population, 2 x 9 x 2 + 1 = 37 B per D2Q9 node update; fp32 brings back 73 B.
        c.set_storage(Storage::FP16S);
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().bytes_per_node == 37.0, 5000);
        QCOMPARE(read_sim<Storage>(solver(),
                                   [](const Simulation& s) { return stored_as(s.setup().model); }),
                 Storage::FP16S);
        const std::uint64_t at_switch = steps();
        QTRY_VERIFY_WITH_TIMEOUT(steps() > at_switch + 20, 5000);
        c.set_storage(Storage::FP32);
        QTRY_VERIFY_WITH_TIMEOUT(viewport().snapshot().bytes_per_node == 73.0, 5000);
        c.set_field(FieldKind::Speed);
        c.set_scheme(Scheme::Pull);
        c.set_layout(Layout::SoA);
    }

    // Real clicks through the Qt -> ImGui bridge: pause stops the flow, step advances it by
    // exactly one, run resumes.
    void pauseStepRunButtons() {
        Viewport& v = viewport();
        const auto click = [&](const std::array<float, 4>& r) {
            return click_widget(v, centre_of(r));
        };
        Controls& c = v.controls();
        QVERIFY(c.pause_button_rect()[2] > 0);
        QVERIFY(click(c.pause_button_rect()));
        QTRY_VERIFY2_WITH_TIMEOUT(c.paused() && v.snapshot().paused,
                                  qPrintable(QString("controls paused %1, solver paused %2, "
                                                     "frames %3")
                                                 .arg(c.paused())
                                                 .arg(v.snapshot().paused)
                                                 .arg(v.frames_drawn())),
                                  10000);
        QTest::qWait(200); // a batch that was running when the click came has finished
        const std::uint64_t held = steps();
        QTest::qWait(300);
        QCOMPARE(steps(), held);
        QVERIFY(click(c.step_button_rect()));
        QTRY_COMPARE_WITH_TIMEOUT(steps(), held + 1, 5000);
        QVERIFY(click(c.pause_button_rect())); // now labelled "run"
        QTRY_VERIFY_WITH_TIMEOUT(!c.paused() && steps() > held + 10, 5000);
        // The same through the keyboard: Space toggles pause.
        v.setFocus();
        QTest::keyClick(&v, Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(c.paused(), 2000);
        QTest::keyClick(&v, Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(!c.paused(), 2000);
    }

    // The threads-per-block slider, clicked at three quarters of its length through the
    // bridge: the solver gets a multiple of 32 well above the 128 set before, the flow goes on.
    void blockSizeSliderByMouse() {
        Viewport& v = viewport();
        const auto r = v.controls().block_slider_rect();
        QVERIFY(r[2] > 0);
        const std::uint64_t before = steps();
        const auto block = [&] {
            return read_sim<int>(solver(),
                                 [](const Simulation& s) { return s.setup().launch.block_size; });
        };
        const int start = block();
        const QPoint p(int(r[0] + r[2] * 0.75f), int(r[1] + r[3] / 2));
        QVERIFY(click_widget(v, p));
        QTRY_VERIFY_WITH_TIMEOUT(block() != start, 5000);
        qInfo("slider set block_size = %d", block());
        QCOMPARE(block() % 32, 0);
        QVERIFY(block() >= 640 && block() <= 896);
        QVERIFY(steps() >= before);
    }

    void drawObstacleWithTheMouse() {
        Controls& c = viewport().controls();
        c.set_tool(Tool::DrawObstacle);
        const std::size_t before = count_solid(solver());
        Viewport& v = viewport();
        // A stroke across the middle of the channel, right of the panel, left of the colour bar.
        const QPoint a(int(v.width() * 0.55), v.height() / 2 - 30);
        const QPoint b(int(v.width() * 0.62), v.height() / 2 + 30);
        const auto node_a = v.node_at(a);
        QVERIFY2(node_a.has_value(), "the stroke must start on the slice");
        QTest::mouseMove(&v, a);
        QTest::mousePress(&v, Qt::LeftButton, {}, a);
        for (int k = 1; k <= 10; ++k)
            QTest::mouseMove(&v, a + (b - a) * k / 10);
        QTest::mouseRelease(&v, Qt::LeftButton, {}, b);
        QVERIFY(commands_applied(solver()));
        QVERIFY(count_solid(solver()) > before + 20);
        bool start_is_solid = false;
        solver().inspect([&](const Simulation& sim) {
            const Dims d = sim.setup().dims;
            start_is_solid = node_type(sim.setup().flags[node_a->x + d.nx * node_a->y]) == kSolid;
        });
        QVERIFY(start_is_solid);
        const std::size_t drawn = count_solid(solver());
        qInfo("solid nodes: %zu -> %zu", before, drawn);
        // The erase tool along the same stroke gives back exactly the fluid nodes it took.
        c.set_tool(Tool::EraseObstacle);
        QTest::mousePress(&v, Qt::LeftButton, {}, a);
        for (int k = 1; k <= 10; ++k)
            QTest::mouseMove(&v, a + (b - a) * k / 10);
        QTest::mouseRelease(&v, Qt::LeftButton, {}, b);
        QTRY_COMPARE_WITH_TIMEOUT(count_solid(solver()), before, 10000);
        // Draw it again for the screenshot.
        c.set_tool(Tool::DrawObstacle);
        QTest::mousePress(&v, Qt::LeftButton, {}, a);
        for (int k = 1; k <= 10; ++k)
            QTest::mouseMove(&v, a + (b - a) * k / 10);
        QTest::mouseRelease(&v, Qt::LeftButton, {}, b);
        QTRY_COMPARE_WITH_TIMEOUT(count_solid(solver()), drawn, 10000);
        c.set_tool(Tool::Probe);
    }

    void screenshotShowsFlowAndColourBar() {
        Viewport& v = viewport();
        // Let the flow go on a little and a few frames pass with the speed field.
        const std::uint64_t now = steps();
        QTRY_VERIFY_WITH_TIMEOUT(steps() > now + 200, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().field == FieldKind::Speed, 5000);
        QTest::qWait(300);
        qInfo("fps before grab: %.1f, status: %s", v.fps(), qPrintable(window_->status_text()));
        const QImage img = v.grabFramebuffer();
        QVERIFY(!img.isNull());
        const QString path = QString(LATTICELAB_GUI_OUTPUT) + "/gui_screenshot.png";
        QVERIFY(img.save(path));
        qInfo("screenshot: %s (%dx%d)", qPrintable(path), img.width(), img.height());

        // Colour variance over a grid of samples: a blank or single-colour frame fails.
        double sum[3] = {}, sum2[3] = {};
        int n = 0;
        for (int y = 0; y < img.height(); y += 4)
            for (int x = 0; x < img.width(); x += 4, ++n) {
                const QColor c = img.pixelColor(x, y);
                const double ch[3] = {double(c.red()), double(c.green()), double(c.blue())};
                for (int k = 0; k < 3; ++k)
                    sum[k] += ch[k], sum2[k] += ch[k] * ch[k];
            }
        double variance = 0;
        for (int k = 0; k < 3; ++k)
            variance += sum2[k] / n - (sum[k] / n) * (sum[k] / n);
        qInfo("colour variance: %.1f", variance);
        QVERIFY(variance > 300);

        // The colour bar: its top band is the map's last colour, its bottom band the first.
        const double dpr = img.devicePixelRatio();
        const auto r = v.colour_bar_rect();
        const int cx = int((r.x + r.w / 2) * dpr);
        const QColor top = img.pixelColor(cx, int((r.y + 2) * dpr));
        const QColor bottom = img.pixelColor(cx, int((r.y + r.h - 2) * dpr));
        const auto& table = render::color_table(v.controls().view().map);
        QVERIFY2(near(top, table[255], 3), qPrintable(top.name()));
        QVERIFY2(near(bottom, table[0], 3), qPrintable(bottom.name()));

        // The slice itself is coloured by the map: the channel's middle row holds more than a
        // handful of distinct colours.
        QSet<QRgb> colours;
        for (int x = int(v.width() * 0.35 * dpr); x < int(v.width() * 0.75 * dpr); x += 2)
            colours.insert(img.pixel(x, int(v.height() * 0.5 * dpr)));
        qInfo("distinct colours on the middle row: %lld", qlonglong(colours.size()));
        QVERIFY(colours.size() > 8);
    }

    // R resets the flow: the start-up scenario again (no drawn obstacle, step count from 0)
    // with the model and launch the user chose.
    void resetKey() {
        Viewport& v = viewport();
        const auto launch = [&] {
            return read_sim<LaunchConfig>(solver(),
                                          [](const Simulation& s) { return s.setup().launch; });
        };
        const std::uint64_t before = steps();
        const std::size_t solids = count_solid(solver());
        const LaunchConfig chosen = launch();
        v.setFocus();
        QTest::keyClick(&v, Qt::Key_R);
        QTRY_VERIFY_WITH_TIMEOUT(count_solid(solver()) < solids && steps() < before, 10000);
        QVERIFY(launch() == chosen);
    }

    // Bad input: a tau just above 1/2 through the same action the tau field calls. The solver
    // catches the NaNs within 100 steps, pauses the flow and the UI shows the advice; the
    // window goes on drawing (no crash), and a reset brings back a finite flow.
    void unstableTauPausesWithAdvice() {
        Viewport& v = viewport();
        Controls& c = v.controls();
        c.set_tau(0.5001);
        QTRY_VERIFY_WITH_TIMEOUT(!v.snapshot().instability.empty(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().paused && c.paused(), 5000);
        const std::string advice = v.snapshot().instability;
        qInfo("advice: %s", advice.c_str());
        QVERIFY(advice.find("unstable") != std::string::npos);
        QVERIFY(advice.find("try tau >=") != std::string::npos);
        const std::uint64_t held = steps();
        QTest::qWait(300);
        QCOMPARE(steps(), held);
        const QImage img = v.grabFramebuffer();
        QVERIFY(!img.isNull());
        img.save(QString(LATTICELAB_GUI_OUTPUT) + "/gui_unstable.png");
        c.reset();
        c.set_paused(false);
        QTRY_VERIFY_WITH_TIMEOUT(v.snapshot().instability.empty() && !v.snapshot().paused, 10000);
        // The run button says "pause" again: a stale frame did not pause the panel once more.
        QTest::qWait(200);
        QVERIFY(!c.paused());
        // Past two checks with the default tau: finite again.
        QTRY_VERIFY_WITH_TIMEOUT(steps() > 2 * SolverThread::kCheckEvery + 10, 20000);
        QVERIFY(v.snapshot().instability.empty());
    }

    void cleanupTestCase() { window_.reset(); }
};

int main(int argc, char** argv) {
    return run_window_test<GuiTest>(argc, argv);
}

#include "test_gui_visualiser.moc"
