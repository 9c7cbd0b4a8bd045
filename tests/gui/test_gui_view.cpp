// Drives the view side of the visualiser under xvfb-run (CPU back end):
//   start-up     the default cylinder2d slice is fitted beside the panel: the cylinder is
//                visible, drawn in the no-data (wall) colour at its centre (framebuffer)
//   hover        the readout names the node and the field's value, "solid" on the cylinder
//   pan / zoom   right-drag moves the slice by the drag; the wheel zooms about the cursor
//                (the node under it stays); Home fits again
//   View menu    panel, graphs dock and colour bar hide and show; full screen; help window
//   status bar   device, back end, lattice, step, MLUPS, FPS, and REC while recording
//   recording    PNG frames in a folder; the MP4 through ffmpeg, skipped when it is missing
//   slice PNG    File > Export slice PNG writes the figure with its colour bar
#include "controls.hpp"
#include "gui_test_util.hpp"
#include "main_window.hpp"
#include "perf_dock.hpp"
#include "viewport.hpp"

#include "render/slice_figure.hpp"

#include <QDir>
#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

namespace {

QString out(const QString& name) {
    return QString(LATTICELAB_GUI_OUTPUT) + "/" + name;
}

bool near(QColor c, render::Rgb want, int tol) {
    return std::abs(c.red() - want.r) <= tol && std::abs(c.green() - want.g) <= tol &&
           std::abs(c.blue() - want.b) <= tol;
}

void wheel(QWidget* w, QPoint at, int delta) {
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

} // namespace

class ViewTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    Viewport& viewport() { return window_->viewport(); }

    // The widget point of node (x + 1/2, y + 1/2) of the slice as drawn now.
    QPointF point_of(double x, double y) {
        const auto r = viewport().slice_rect();
        const auto& s = viewport().snapshot();
        return {r.x + x / s.width * r.w, r.y + r.h - y / s.height * r.h};
    }

private slots:
    void initTestCase() {
        window_ = open_window(20);
        QVERIFY2(window_, "the window did not show a stepped flow within 20 s");
        QTest::qWait(300); // a few frames: the panel is laid out and the view fitted to it
    }

    // The cylinder (diameter 16 at (32.5, 32.5) on the CPU lattice) is not under the panel:
    // its centre is drawn in the no-data colour, right of the panel.
    void startupShowsTheCylinder() {
        Viewport& v = viewport();
        const auto panel = v.controls().panel_rect();
        const auto r = v.slice_rect();
        qInfo("panel right %.0f, slice %.0f,%.0f %.0fx%.0f", double(panel[0] + panel[2]),
              double(r.x), double(r.y), double(r.w), double(r.h));
        QVERIFY(panel[2] > 0);
        QVERIFY(r.x >= panel[0] + panel[2]);         // beside the panel
        QVERIFY(r.x + r.w <= v.colour_bar_rect().x); // and the colour bar
        const QPointF c = point_of(32.5, 32.5);
        const QImage img = v.grabFramebuffer();
        QVERIFY(img.save(out("gui_startup.png")));
        const double dpr = img.devicePixelRatio();
        const QColor at = img.pixelColor(int(c.x() * dpr), int(c.y() * dpr));
        QVERIFY2(near(at, render::kNoDataColor, 2), qPrintable(at.name()));
        // Upstream of it, fluid: not the wall colour.
        const QPointF f = point_of(10.5, 34.5);
        QVERIFY(!near(img.pixelColor(int(f.x() * dpr), int(f.y() * dpr)), render::kNoDataColor, 2));
    }

    void hoverReadout() {
        Viewport& v = viewport();
        QTest::mouseMove(&v, point_of(32.5, 32.5).toPoint());
        QTRY_VERIFY_WITH_TIMEOUT(v.hover_text().find("solid") != std::string::npos, 2000);
        qInfo("hover: %s", v.hover_text().c_str());
        QTest::mouseMove(&v, point_of(200.5, 34.5).toPoint());
        QTRY_VERIFY_WITH_TIMEOUT(v.hover_text().find("speed |u| = ") != std::string::npos, 2000);
        qInfo("hover: %s", v.hover_text().c_str());
        QVERIFY(v.hover_text().starts_with("(200, 34)") ||
                v.hover_text().starts_with("(199, 34)") || v.hover_text().starts_with("(200, 33)"));
    }

    void panAndZoom() {
        Viewport& v = viewport();
        const auto fitted = v.slice_rect();
        const QPoint a = point_of(150, 34).toPoint(), b = a + QPoint(40, 25);
        QTest::mousePress(&v, Qt::RightButton, {}, a);
        for (int k = 1; k <= 5; ++k)
            QTest::mouseMove(&v, a + (b - a) * k / 5);
        QTest::mouseRelease(&v, Qt::RightButton, {}, b);
        const auto panned = v.slice_rect();
        QCOMPARE(qRound(panned.x - fitted.x), 40);
        QCOMPARE(qRound(panned.y - fitted.y), 25);
        QTest::qWait(100); // no automatic re-fit undoes a pan
        QCOMPARE(qRound(v.slice_rect().x - fitted.x), 40);

        const QPoint p = point_of(100.5, 30.5).toPoint();
        const auto node = v.node_at(p);
        QVERIFY(node.has_value());
        wheel(&v, p, 120);
        const auto zoomed = v.slice_rect();
        QVERIFY(std::abs(zoomed.w / panned.w - 1.15f) < 1e-3f);
        const auto still = v.node_at(p);
        QVERIFY(still && still->x == node->x && still->y == node->y);

        v.setFocus();
        QTest::keyClick(&v, Qt::Key_Home);
        const auto again = v.slice_rect();
        QCOMPARE(qRound(again.x), qRound(fitted.x));
        QCOMPARE(qRound(again.w), qRound(fitted.w));
    }

    void viewMenu() {
        Viewport& v = viewport();
        const auto fitted = v.slice_rect();
        QAction* panel = window_->view_action("panel");
        QVERIFY(panel && panel->isChecked());
        panel->trigger();
        QVERIFY(!v.controls().panel_visible());
        // The panel is gone from the picture and the slice takes the room it left.
        QTRY_VERIFY_WITH_TIMEOUT(v.controls().panel_rect()[2] == 0 && v.slice_rect().w > fitted.w,
                                 3000);
        QVERIFY(v.grabFramebuffer().save(out("gui_no_panel.png")));
        panel->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(v.slice_rect().w - fitted.w) < 1, 3000);

        QAction* bar = window_->view_action("colour_bar");
        bar->trigger();
        QVERIFY(!v.colour_bar_visible());
        QTRY_VERIFY_WITH_TIMEOUT(v.slice_rect().w > fitted.w, 3000);
        bar->trigger();
        QVERIFY(v.colour_bar_visible());

        QAction* dock = window_->view_action("dock");
        QVERIFY(dock && window_->perf_dock().isVisible());
        dock->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!window_->perf_dock().isVisible(), 2000);
        dock->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(window_->perf_dock().isVisible(), 2000);

        QAction* help = window_->view_action("help");
        QVERIFY(help);
        QVERIFY(!v.controls().help_visible()); // starts collapsed
        help->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(v.controls().help_visible(), 2000);

        QAction* full = window_->view_action("fullscreen");
        full->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(window_->windowState() & Qt::WindowFullScreen, 3000);
        full->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!(window_->windowState() & Qt::WindowFullScreen), 3000);
        QVERIFY(window_->shortcuts_text().contains("F11"));
        QVERIFY(window_->shortcuts_text().contains("Ctrl+Shift+R"));
    }

    void recordingFramesAndMp4() {
        const QString folder = out("gui_recording");
        QDir(folder).removeRecursively();
        QVERIFY2(window_->start_recording(folder).isEmpty(), qPrintable(window_->last_message()));
        QTRY_VERIFY_WITH_TIMEOUT(viewport().recorder().frames() >= 10, 10000);
        const QString status = window_->status_text();
        qInfo("status: %s", qPrintable(status));
        for (const char* part :
             {"running on the CPU", "lattice 352 x 68 x 1", "step ", "MLUPS", "FPS", "REC"})
            QVERIFY2(status.contains(part), part);
        const QString stopped = window_->stop_recording();
        qInfo("%s", qPrintable(stopped));
        const int frames = viewport().recorder().frames();
        const QStringList pngs = QDir(folder).entryList({"frame_*.png"}, QDir::Files, QDir::Name);
        QCOMPARE(pngs.size(), frames);
        const QImage first(folder + "/" + pngs.first()), last(folder + "/" + pngs.last());
        const double dpr = viewport().devicePixelRatioF();
        QCOMPARE(first.width(), qRound(viewport().width() * dpr));
        QCOMPARE(last.height(), qRound(viewport().height() * dpr));
        QVERIFY(first != last || viewport().snapshot().paused); // the flow moved meanwhile
        if (Recorder::ffmpeg_path().isEmpty()) {
            QVERIFY(stopped.contains("ffmpeg is not installed") && stopped.contains(folder));
            QSKIP("ffmpeg is not on PATH: the MP4 part is skipped (PNG frames checked)");
        }
        QTRY_VERIFY_WITH_TIMEOUT(viewport().recorder().state() == Recorder::State::Idle, 60000);
        qInfo("%s", qPrintable(viewport().recorder().encode_result()));
        QVERIFY(viewport().recorder().encode_result().startsWith("MP4 written"));
        QVERIFY(QFileInfo(viewport().recorder().mp4_path()).size() > 1000);
    }

    void exportSlicePng() {
        const QString path = out("gui_slice_export.png");
        QFile::remove(path);
        QVERIFY2(window_->export_png(path).isEmpty(), qPrintable(window_->last_message()));
        const QImage img(path);
        const auto& s = viewport().snapshot();
        render::SliceFigure f;
        f.width = int(s.width);
        f.height = int(s.height);
        f.title = std::string(field_label(s.field));
        f.units = "lattice units";
        const auto size = render::figure_size(f);
        QCOMPARE(img.height(), size.height);
        QVERIFY(img.width() >= size.width - 40 && img.width() <= size.width + 200);
        // Refused, not crashed, when the folder does not exist; nothing is written.
        const QString bad = out("no_such_folder/x.png");
        QVERIFY(!window_->export_png(bad).isEmpty());
        QVERIFY(!QFile::exists(bad));
    }

    void cleanupTestCase() { window_.reset(); }
};

int main(int argc, char** argv) {
    return run_window_test<ViewTest>(argc, argv);
}

#include "test_gui_view.moc"
