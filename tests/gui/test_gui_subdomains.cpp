// Subdomains in the visualiser, on the CPU back end under xvfb-run:
//   split      2x2x1 through Controls::set_subdomains (what the tuning tab's combo calls) on
//              the running cylinder flow: the run goes on from its step, the panel's summary
//              and tooltip say what it is and costs
//   same slice paused, the slice published by the 2x2x1 run equals the one-domain slice of the
//              same state and step within float tolerance (NaN walls at the same places)
//   outlines   switched on: white lines at the cut column and row of the slice, none before;
//              screenshot build/tests/gui/gui_subdomain_outlines.png
//   refused    1x1x2 on the 2D lattice and GPU 7 on the CPU: the panel's message names
//              --tiles / --devices and the range, the tiling stays and the run goes on
//   dock       a sample from two GPUs adds a line per GPU beside the total, one GPU removes them
//   3D         cavity3d in 2x1x2: its vorticity slice (differenced from the velocity put together
//              from the tiles) equals one domain's; the cuts of the xz slice are drawn;
//              screenshot build/tests/gui/gui_subdomain_outlines_3d.png
#include "controls.hpp"
#include "gui_test_util.hpp"
#include "perf_dock.hpp"
#include "subdomain_panel.hpp"

#include <QLineSeries>
#include <QtTest/QtTest>

#include <cmath>

using namespace ll;
using namespace ll::gui;

namespace {

bool near_white(QColor c) {
    return c.red() > 230 && c.green() > 230 && c.blue() > 230;
}

// Whether a near-white pixel lies within `r` pixels of (x, y).
bool white_near(const QImage& img, float x, float y, int r = 2) {
    for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) {
            const QPoint p(int(std::lround(x)) + dx, int(std::lround(y)) + dy);
            if (img.rect().contains(p) && near_white(img.pixelColor(p))) return true;
        }
    return false;
}

} // namespace

class SubdomainTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    Viewport& viewport() { return window_->viewport(); }
    Controls& controls() { return viewport().controls(); }
    const SolverSnapshot& snap() { return viewport().snapshot(); }
    bool tiled(const Tiles& t) { return snap().tiles == t; }

    // Pauses the run split as `t` and compares its published slice with the one-domain slice
    // of the same state and step (the subdomains switched back to 1x1x1): walls (NaN) at the
    // same places, values within float rounding. The run stays paused in one domain.
    void expect_slice_of_one_domain(const Tiles& t) {
        controls().set_paused(true);
        QTRY_VERIFY2_WITH_TIMEOUT(
            snap().paused && tiled(t),
            qPrintable(QString("paused %1, tiles %2, step %3, error %4")
                           .arg(snap().paused)
                           .arg(QString::fromStdString(to_string(snap().tiles)))
                           .arg(snap().step)
                           .arg(QString::fromStdString(snap().error))),
            10000);
        const std::vector<float> split = snap().slice;
        const std::uint64_t step = snap().step;
        controls().set_subdomains("1x1x1", {});
        QTRY_VERIFY_WITH_TIMEOUT(tiled(Tiles{}), 10000);
        QCOMPARE(snap().step, step);
        const std::vector<float>& one = snap().slice;
        QCOMPARE(one.size(), split.size());
        float scale = 0;
        for (float v : one)
            if (std::isfinite(v)) scale = std::max(scale, std::fabs(v));
        QVERIFY2(scale > 0, "a slice of zeros tests nothing");
        std::size_t walls = 0;
        for (std::size_t k = 0; k < one.size(); ++k) {
            QCOMPARE(std::isnan(split[k]), std::isnan(one[k]));
            if (std::isnan(one[k])) {
                ++walls;
                continue;
            }
            QVERIFY2(std::fabs(split[k] - one[k]) <= 1e-5f * scale,
                     qPrintable(QString("element %1: %2 vs %3").arg(k).arg(split[k]).arg(one[k])));
        }
        qInfo("%s %s (%u x %u): %zu values equal to one domain's within 1e-5 of max %g, %zu walls",
              to_string(t).c_str(), std::string(field_label(snap().field)).c_str(), snap().width,
              snap().height, one.size(), double(scale), walls);
    }

private slots:
    void initTestCase() {
        window_ = open_window(20);
        QVERIFY2(window_, "the window did not show a stepped flow within 20 s");
        QVERIFY2(!viewport().gl_info().startsWith("OpenGL unavailable"),
                 qPrintable(viewport().gl_info()));
        QCOMPARE(snap().backend, std::string("cpu"));
        QCOMPARE(subdomain_summary(snap()), std::string("one domain"));
    }

    void splitKeepsTheRunGoing() {
        const std::uint64_t before = snap().step;
        controls().set_subdomains("2x2x1", {});
        QTRY_VERIFY_WITH_TIMEOUT(tiled(Tiles{{2, 2, 1}}), 10000);
        QVERIFY(snap().error.empty());
        QVERIFY(snap().step >= before); // the flow went on, not from step 0
        const std::uint64_t split_at = snap().step;
        QTRY_VERIFY_WITH_TIMEOUT(snap().step > split_at + 20, 20000);
        QCOMPARE(subdomain_summary(snap()), std::string("4 subdomains (2x2x1) on the CPU"));
        QVERIFY(snap().device.find("4 subdomains (2x2x1)") != std::string::npos);
        QCOMPARE(window_->solver().current_start().tiles, std::string("2x2x1"));
        const std::string tip = tiling_tip("2x2x1", snap(), 0);
        qInfo("tooltip: %s", tip.c_str());
        QVERIFY(tip.find("4 subdomains") != std::string::npos);
        QVERIFY(tip.find("values") != std::string::npos);
        QVERIFY(tiling_tip("1x1x2", snap(), 0).find("along z") != std::string::npos);
    }

    void sliceEqualsOneDomain() {
        expect_slice_of_one_domain(Tiles{{2, 2, 1}});
        if (QTest::currentTestFailed()) return;
        controls().set_subdomains("2x2x1", {});
        QTRY_VERIFY_WITH_TIMEOUT(tiled(Tiles{{2, 2, 1}}), 10000);
        controls().set_paused(false);
    }

    void outlinesAtTheCuts() {
        Viewport& v = viewport();
        QCOMPARE(snap().cuts.u, (std::vector<std::uint32_t>{snap().width / 2}));
        QCOMPARE(snap().cuts.v, (std::vector<std::uint32_t>{snap().height / 2}));
        QVERIFY(v.cut_geometry().lines.empty()); // off by default
        const auto r = v.slice_rect();
        const float cut_x = r.x + r.w / 2, cut_y = r.y + r.h / 2;
        // Probe beside the cylinder: a third of the way along the horizontal cut line.
        const float probe_x = r.x + r.w * 0.75f, probe_y = r.y + r.h * 0.25f;
        QVERIFY(wait_frames(v, 3));
        QImage img = v.grabFramebuffer();
        QVERIFY2(!white_near(img, cut_x, probe_y), "white at the cut before outlines were on");

        controls().set_subdomain_outlines(true);
        QVERIFY(wait_frames(v, 3));
        const auto g = v.cut_geometry();
        QCOMPARE(g.lines.size(), std::size_t(2));
        QCOMPARE(g.shadow.size(), std::size_t(2));
        img = v.grabFramebuffer();
        const QString path = QString(LATTICELAB_GUI_OUTPUT) + "/gui_subdomain_outlines.png";
        QVERIFY(img.save(path));
        qInfo("screenshot: %s (slice %.0f x %.0f at %.0f, %.0f)", qPrintable(path), double(r.w),
              double(r.h), double(r.x), double(r.y));
        QVERIFY2(white_near(img, cut_x, probe_y), "no white vertical line at the x cut");
        QVERIFY2(white_near(img, probe_x, cut_y), "no white horizontal line at the y cut");
        QVERIFY2(!white_near(img, r.x + r.w * 0.25f, probe_y), "white away from the cuts");
    }

    void badChoicesAreRefusedAndTheRunGoesOn() {
        const std::uint64_t before = snap().step;
        controls().set_subdomains("1x1x2", {});
        QTRY_VERIFY_WITH_TIMEOUT(snap().error.find("--tiles 1x1x2") != std::string::npos, 10000);
        qInfo("refused: %s", snap().error.c_str());
        QVERIFY(snap().error.find("give K = 1") != std::string::npos);
        QVERIFY(tiled(Tiles{{2, 2, 1}}));
        controls().set_subdomains("2x2x1", {7});
        QTRY_VERIFY_WITH_TIMEOUT(snap().error.find("--devices 7") != std::string::npos, 10000);
        qInfo("refused: %s", snap().error.c_str());
        QVERIFY(snap().error.find("CUDA back end") != std::string::npos);
        QVERIFY(snap().devices.empty());
        QVERIFY(tiled(Tiles{{2, 2, 1}}));
        QCOMPARE(window_->solver().current_start().tiles, std::string("2x2x1"));
        QTRY_VERIFY_WITH_TIMEOUT(snap().step > before + 20, 20000);
    }

    void dockGraphsEachGpu() {
        PerfDock& dock = window_->perf_dock();
        PerfSample s{snap().perf, {}, false};
        s.total.mlups = 30;
        s.devices = {{0, 2, 1000, 12}, {1, 2, 1500, 18}};
        dock.add_sample(1e6, s); // far ahead of the live samples: the newest
        QCOMPARE(dock.device_series().size(), std::size_t(2));
        QCOMPARE(dock.device_series()[1]->name(), QString("GPU 1"));
        QCOMPARE(dock.mlups_series()->name(), QString("total MLUPS"));
        QCOMPARE(dock.device_series()[1]->points().last().y(), 18.0);
        s.devices.resize(1);
        dock.add_sample(1e6 + 0.1, s);
        QVERIFY(dock.device_series().empty());
        QCOMPARE(dock.mlups_series()->name(), QString("MLUPS"));
    }

    void vorticityIn3dEqualsOneDomain() {
        window_->switch_scenario("cavity3d");
        QTRY_VERIFY_WITH_TIMEOUT(snap().scenario == "cavity3d" && snap().step > 20, 20000);
        QVERIFY(tiled(Tiles{})); // a new preset starts on "auto"
        controls().set_field(FieldKind::Vorticity);
        controls().set_subdomains("2x1x2", {});
        QTRY_VERIFY_WITH_TIMEOUT(tiled(Tiles{{2, 1, 2}}) && snap().field == FieldKind::Vorticity,
                                 10000);
        expect_slice_of_one_domain(Tiles{{2, 1, 2}});
        if (QTest::currentTestFailed()) return;

        controls().set_subdomains("2x1x2", {});
        controls().set_subdomain_outlines(true);
        controls().set_paused(false);
        QTRY_VERIFY_WITH_TIMEOUT(tiled(Tiles{{2, 1, 2}}) && !snap().paused, 10000);
        QCOMPARE(snap().slice_axis, Axis::Y); // the xz mid-plane: cuts at x and z
        QCOMPARE(snap().cuts.u, (std::vector<std::uint32_t>{snap().dims.nx / 2}));
        QCOMPARE(snap().cuts.v, (std::vector<std::uint32_t>{snap().dims.nz / 2}));
        QVERIFY(wait_frames(viewport(), 3));
        QCOMPARE(viewport().cut_geometry().lines.size(), std::size_t(2));
        const QImage img = viewport().grabFramebuffer();
        QVERIFY(img.save(QString(LATTICELAB_GUI_OUTPUT) + "/gui_subdomain_outlines_3d.png"));
        const auto r = viewport().slice_rect();
        QVERIFY2(white_near(img, r.x + r.w / 2, r.y + r.h * 0.3f), "no line at the x cut");
    }

    void cleanupTestCase() { window_.reset(); }
};

int main(int argc, char** argv) {
    return run_window_test<SubdomainTest>(argc, argv);
}

#include "test_gui_subdomains.moc"
