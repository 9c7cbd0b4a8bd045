// render/gl on its own, in an offscreen GL 3.3 core context (no widgets, no ImGui):
//   colours      a two-node slice [min, max] draws the colour map's first and last entries,
//                NaN (solid) draws grey; the shaders come from the binary, not the disk
//   state        upload() and draw() leave every piece of GL state they touch as it was
//   range        auto_range() for magnitudes, signed fields and min-max, NaN skipped
#include "gl_probe.hpp"
#include "render/gl/gl_loader.hpp"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QtTest/QtTest>

#include <cmath>

using namespace ll;
using namespace ll::render;

class SliceViewTest : public QObject {
    Q_OBJECT
    QOffscreenSurface surface_;
    QOpenGLContext context_;

private slots:
    void initTestCase() {
        QSurfaceFormat f;
        f.setVersion(3, 3);
        f.setProfile(QSurfaceFormat::CoreProfile);
        context_.setFormat(f);
        QVERIFY(context_.create());
        surface_.setFormat(context_.format());
        surface_.create();
        QVERIFY(context_.makeCurrent(&surface_));
        std::string why;
        QVERIFY2(gl::init_gl_loader(why), why.c_str());
    }

    void drawsTheColourMapEndsAndSolids() {
        gl::SliceView view;
        std::string why;
        QVERIFY2(view.init(why), why.c_str());
        // Three nodes: minimum, NaN (a solid node), maximum.
        const float slice[3] = {-2.0f, NAN, 3.0f};
        view.upload(slice, 3, 1);
        view.set_range({-2.0f, 3.0f});
        for (ColorMap map : {ColorMap::Viridis, ColorMap::BlueWhiteRed, ColorMap::Inferno}) {
            view.set_colormap(map);
            test::Target target(90, 30); // the slice fills it exactly: 30 pixels per node
            target.bind();
            view.draw(90, 30, 1.0f);
            const auto px = target.read();
            const auto at = [&](int x) { return &px[std::size_t(15 * 90 + x) * 4]; };
            const auto& table = color_table(map);
            const auto close = [](const std::uint8_t* p, Rgb c) {
                return std::abs(p[0] - c.r) <= 1 && std::abs(p[1] - c.g) <= 1 &&
                       std::abs(p[2] - c.b) <= 1;
            };
            QVERIFY2(close(at(15), table[0]), std::string(to_string(map)).c_str());
            QVERIFY2(close(at(75), table[255]), std::string(to_string(map)).c_str());
            QVERIFY(std::abs(at(45)[0] - 82) <= 2 && std::abs(at(45)[2] - 87) <= 2); // grey
        }
        QCOMPARE(test::gl_error(), 0u);
        view.release();
    }

    void leavesGlStateAsItFoundIt() {
        gl::SliceView view;
        std::string why;
        test::Target target(64, 64);
        target.bind();
        test::scribble_state();
        const test::GlState before = test::read_state();
        QVERIFY2(view.init(why), why.c_str());
        const float slice[4] = {0, 1, 2, 3};
        view.upload(slice, 2, 2);
        view.upload(slice, 4, 1); // a size change reallocates the texture
        view.set_colormap(ColorMap::Inferno);
        view.draw(64, 64, 1.0f);
        const test::GlState after = test::read_state();
        QVERIFY2(after == before,
                 (test::describe(before) + "\n  became\n" + test::describe(after)).c_str());
        QCOMPARE(test::gl_error(), 0u);
        view.release();
    }

    void autoRange() {
        const float v[5] = {-0.5f, NAN, 0.25f, 2.0f, INFINITY};
        const auto mag = gl::auto_range(v, 5, gl::RangeMode::Magnitude);
        QCOMPARE(mag.min, 0.0f);
        QCOMPARE(mag.max, 2.0f);
        const auto sgn = gl::auto_range(v, 5, gl::RangeMode::Signed);
        QCOMPARE(sgn.min, -2.0f);
        QCOMPARE(sgn.max, 2.0f);
        const auto mm = gl::auto_range(v, 5, gl::RangeMode::MinMax);
        QCOMPARE(mm.min, -0.5f);
        QCOMPARE(mm.max, 2.0f);
        const float flat[2] = {1.0f, 1.0f};
        const auto f = gl::auto_range(flat, 2, gl::RangeMode::MinMax);
        QVERIFY(f.max > f.min); // never an empty range: the shader divides by it
    }
};

QTEST_MAIN(SliceViewTest)
#include "test_gui_slice_view.moc"
