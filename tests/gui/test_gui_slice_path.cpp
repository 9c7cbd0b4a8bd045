// The slice path in the visualiser (issue 3, "Interop fallback: the path is tested, forced by
// an option or an environment variable"), under xvfb-run with Mesa: LATTICELAB_INTEROP=off
// (what --no-interop sets) must force the host copy, the window must say so in the status bar
// (the slice-path item's tooltip) and still draw a real picture through that path; without the
// variable the note must give the actual reason (here: the CPU back end). On the GPU machine the
// interop path itself is tested headless in tests/render/test_gpu_interop.cpp.
#include "gui_test_util.hpp"
#include "main_window.hpp"
#include "viewport.hpp"

#include <QLabel>
#include <QStatusBar>
#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

namespace {

// Distinct colours over a coarse grid of the slice area: a blank frame has one or two.
int distinct_colours(const QImage& img) {
    QSet<QRgb> seen;
    for (int y = img.height() / 8; y < img.height(); y += img.height() / 8)
        for (int x = img.width() / 8; x < img.width(); x += 7)
            seen.insert(img.pixel(x, y));
    return int(seen.size());
}

// The status bar's slice-path item: its short text and the tooltip with the reason.
QString slice_path_item_text(MainWindow& w) {
    const QLabel* item = w.statusBar()->findChild<QLabel*>("status_slice_path");
    return item ? item->text() + "\n" + item->toolTip() : QString();
}

} // namespace

class SlicePathTest : public QObject {
    Q_OBJECT
private slots:
    void forcedOffByEnvironment() {
        qputenv("LATTICELAB_INTEROP", "off");
        auto window = open_window(10);
        QVERIFY2(window, "the window did not show a stepped flow within 20 s");
        Viewport& v = window->viewport();
        QTRY_VERIFY_WITH_TIMEOUT(v.slice_path().find("LATTICELAB_INTEROP=off") != std::string::npos,
                                 5000);
        QVERIFY(v.slice_path().find("host copy") != std::string::npos);
        QTRY_VERIFY_WITH_TIMEOUT(slice_path_item_text(*window).contains("LATTICELAB_INTEROP=off"),
                                 5000);
        QVERIFY(slice_path_item_text(*window).startsWith("slice via host copy\n"));
        const QImage img = v.grabFramebuffer();
        img.save(QString(LATTICELAB_GUI_OUTPUT) + "/gui_forced_host_copy.png");
        QVERIFY2(distinct_colours(img) > 20, "the forced fallback drew no real picture");
        qunsetenv("LATTICELAB_INTEROP");
    }

    void automaticChoiceGivesItsReason() {
        qunsetenv("LATTICELAB_INTEROP");
        auto window = open_window(10);
        QVERIFY(window);
        Viewport& v = window->viewport();
        QTRY_VERIFY_WITH_TIMEOUT(v.slice_path().find("host copy (") != std::string::npos ||
                                     v.slice_path().find("interop") != std::string::npos,
                                 5000);
        qInfo("slice path: %s", v.slice_path().c_str());
        if (v.snapshot().backend == "cpu")
            QVERIFY(v.slice_path().find("CPU back end") != std::string::npos);
        QVERIFY(v.slice_path().find("LATTICELAB_INTEROP") == std::string::npos);
    }
};

int main(int argc, char** argv) {
    return run_window_test<SlicePathTest>(argc, argv);
}

#include "test_gui_slice_path.moc"
