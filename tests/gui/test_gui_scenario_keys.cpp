// The lattice panel keeps every key of the preset (xvfb-run, CPU back end). The window starts
// on duct3d with a box, a pressure drive and a pressure drop, as
// `latticelab-gui duct3d --set size=24x12x8 --set drive=pressure --set pressure_drop=1e-3`:
//   every key    the panel draws a field for each key of the preset but those tuned live, with
//                the user's text as given (the box, the drive, the drop); tooltips from the
//                keys' help (screenshot of one)
//   tau          typed into its field and applied by a click: the run restarts on the same
//                box, drive and drop with the new tau
//   bad size     "12x0x5" typed into the size field: the field and apply say why, naming the
//                key and its forms; nothing restarts; screenshot of the panel
//   builder      drive = force with the drop kept passes the field checks but not the builder:
//                its message reaches the panel, the flow goes on
//   checks       the field checks alone: a box on a 2D preset, "abc", a real out of range, a
//                tau set live carried in place of re
#include "controls.hpp"
#include "gui_test_util.hpp"
#include "main_window.hpp"
#include "scenario_panel.hpp"
#include "viewport.hpp"

#include <QtTest/QtTest>

using namespace ll;
using namespace ll::gui;

namespace {

// 24 nodes along x, a 12 x 8 section: a 24 x 14 x 10 lattice with the walls.
const KeyValues kDuct = {{"size", "24x12x8"}, {"drive", "pressure"}, {"pressure_drop", "1e-3"}};
const Dims kDuctDims{24, 14, 10};

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

// ImGui 1.86 reads keys as state: a key pressed and released between two frames is lost, so
// each press is held for frames (characters are queued and need no pacing).
bool hold_key(Viewport& v, Qt::Key key, Qt::KeyboardModifiers mods = {}) {
    QTest::keyPress(&v, key, mods);
    if (!wait_frames(v, 2)) return false;
    QTest::keyRelease(&v, key, mods);
    return wait_frames(v, 2);
}

// Types `text` into a panel field through the Qt -> ImGui bridge, replacing what it holds.
bool type_into(Viewport& v, const std::array<float, 4>& field, const QString& text) {
    if (field[2] <= 0 || !click_widget(v, centre_of(field))) return false;
    if (!hold_key(v, Qt::Key_A, Qt::ControlModifier)) return false;
    QTest::keyClicks(&v, text);
    return hold_key(v, Qt::Key_Return); // ends the edit, as a user does
}

} // namespace

class ScenarioKeysTest : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    Viewport& viewport() { return window_->viewport(); }
    SolverThread& solver() { return window_->solver(); }
    ScenarioControls& panel() { return viewport().controls().scenario(); }
    const SolverSnapshot& snap() { return viewport().snapshot(); }
    // The panel's text of `key`; empty while it has none.
    std::string edit_key(const std::string& key) {
        const KeyValues& keys = panel().edit().keys;
        return keys.contains(key) ? keys.at(key) : std::string();
    }
    SimulationSetup running() {
        SimulationSetup s;
        solver().inspect([&](const Simulation& sim) {
            s.scenario = sim.setup().scenario;
            s.dims = sim.setup().dims;
            s.keys = sim.setup().keys;
            s.flow = sim.setup().flow;
        });
        return s;
    }
    // The run still advances on the duct with a pressure drive and tau.
    void expect_duct_running(double tau) {
        const std::uint64_t before = snap().step;
        QTRY_VERIFY_WITH_TIMEOUT(snap().step > before + 5, 10000);
        const SimulationSetup s = running();
        QCOMPARE(s.dims.nx, kDuctDims.nx);
        QCOMPARE(s.dims.ny, kDuctDims.ny);
        QCOMPARE(s.dims.nz, kDuctDims.nz);
        QCOMPARE(s.keys.at("size"), std::string("24x12x8"));
        QCOMPARE(s.keys.at("drive"), std::string("pressure"));
        QVERIFY(s.flow.pressure_ends);
        // The builder writes the drop back with 17 digits.
        QVERIFY(std::abs(std::stod(s.keys.at("pressure_drop")) - 1e-3) < 1e-15);
        QVERIFY2(std::abs(s.flow.tau - tau) < 1e-12, qPrintable(QString::number(s.flow.tau)));
    }

private slots:
    void initTestCase() {
        window_ = open_window(5, SolverStart{"duct3d", kDuct});
        QVERIFY2(window_, "the window did not show a stepped duct flow within 20 s");
        viewport().controls().select_tab(Controls::Tab::Lattice);
        QTRY_VERIFY_WITH_TIMEOUT(panel().field_rect("size")[2] > 0, 5000);
    }

    void everyKeyIsShownAndKept() {
        QCOMPARE(panel().edit().scenario, std::string("duct3d"));
        QCOMPARE(panel().edit().keys, kDuct);
        for (const KeySpec& k : find_scenario("duct3d")->keys) {
            const bool drawn = panel().field_rect(k.name)[2] > 0;
            QVERIFY2(drawn != tuned_live(k.name), k.name.c_str());
        }
        const KeySpec& length = *find_key(*find_scenario("duct3d"), "length");
        QCOMPARE(unset_hint(panel().edit(), length, snap()), std::string("24")); // the box's
        const KeySpec& drive = *find_key(*find_scenario("duct3d"), "drive");
        QCOMPARE(key_choices(drive), (std::vector<std::string>{"force", "pressure"}));
        // Tooltips from the key's spec: its help and what it allows.
        const std::string tip = key_tooltip(drive);
        QVERIFY(contains(tip, drive.help.c_str()) && contains(tip, "one of force|pressure"));
        QVERIFY(contains(key_tooltip(length), "an integer in [2, 4096]"));
        // The size field hovered: its tooltip drawn over the panel.
        QTest::mouseMove(&viewport(), centre_of(panel().field_rect("size")));
        QVERIFY(wait_frames(viewport(), 4));
        QVERIFY(viewport().grabFramebuffer().save(QString(LATTICELAB_GUI_OUTPUT) +
                                                  "/gui_scenario_keys_tooltip.png"));
    }

    void tauTypedAndAppliedKeepsTheBoxAndDrive() {
        const double derived = running().flow.tau; // from the drop and the preset's Re
        QVERIFY(std::abs(derived - 0.8) > 0.05);
        QVERIFY(type_into(viewport(), panel().field_rect("tau"), "0.8"));
        QTRY_COMPARE_WITH_TIMEOUT(edit_key("tau"), std::string("0.8"), 5000);
        QVERIFY(click_widget(viewport(), centre_of(panel().apply_button_rect())));
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(snap().tau - 0.8) < 1e-12, 10000);
        QVERIFY2(panel().refusal().empty(), panel().refusal().c_str());
        expect_duct_running(0.8);
        KeyValues expected = kDuct;
        expected["tau"] = "0.8";
        for (const auto& [key, value] : expected)
            QCOMPARE(solver().current_start().keys.at(key), value);
        QTRY_COMPARE_WITH_TIMEOUT(panel().edit().keys, expected, 5000); // follows the new run
    }

    void badSizeIsRefusedNamingTheField() {
        QVERIFY(type_into(viewport(), panel().field_rect("size"), "12x0x5"));
        QTRY_COMPARE_WITH_TIMEOUT(edit_key("size"), std::string("12x0x5"), 5000);
        const KeySpec& size = *find_key(*find_scenario("duct3d"), "size");
        const std::string why = key_problem(panel().edit(), size);
        qInfo("field: %s", why.c_str());
        QVERIFY(contains(why, "size = 12x0x5") && contains(why, "side 0 is out of range"));
        QVERIFY(contains(why, "[4, 1024]") && contains(why, "NXxNYxNZ"));
        QVERIFY(click_widget(viewport(), centre_of(panel().apply_button_rect())));
        QTRY_VERIFY_WITH_TIMEOUT(contains(panel().refusal(), "size = 12x0x5"), 5000);
        QVERIFY(contains(panel().refusal(), "the flow goes on"));
        expect_duct_running(0.8);
        QCOMPARE(edit_key("size"), std::string("12x0x5")); // kept to correct
        // The field's message and the refusal, with no tooltip over them.
        QTest::mouseMove(&viewport(), QPoint(viewport().width() - 20, viewport().height() / 2));
        QVERIFY(wait_frames(viewport(), 3));
        const QImage img = viewport().grabFramebuffer();
        const auto r = viewport().controls().panel_rect();
        const double dpr = img.devicePixelRatio();
        const QRect crop(int(r[0] * dpr), int(r[1] * dpr), int(r[2] * dpr), int(r[3] * dpr));
        QVERIFY(img.copy(crop).save(QString(LATTICELAB_GUI_OUTPUT) + "/gui_scenario_keys.png"));
    }

    void builderRefusalKeepsTheFlow() {
        ScenarioEdit e = panel().edit();
        set_key(e, "size", "24x12x8");
        set_key(e, "drive", "force"); // pressure_drop kept: the builder refuses the pair
        QVERIFY(edit_problems(e).empty());
        panel().apply(e, snap());
        QTRY_VERIFY_WITH_TIMEOUT(contains(snap().error, "only with drive = pressure"), 10000);
        qInfo("refused: %s", snap().error.c_str());
        expect_duct_running(0.8);
    }

    // The field checks without the window: the solver's messages, naming key and form.
    void fieldChecks() {
        const auto problem = [](const char* scenario, const char* key, const char* text) {
            ScenarioEdit e{scenario, {}};
            set_key(e, key, text);
            return key_problem(e, *find_key(*find_scenario(scenario), key));
        };
        const std::string box3 = problem("poiseuille2d", "size", "12x12x5");
        QVERIFY2(contains(box3, "size = '12x12x5'") && contains(box3, "NXxNY;"), box3.c_str());
        QVERIFY(contains(problem("duct3d", "size", "abc"), "size = 'abc': not a number"));
        QVERIFY(contains(problem("cylinder2d", "size", "12x12"), "not a box"));
        const std::string drop = problem("duct3d", "pressure_drop", "0.5");
        QVERIFY2(contains(drop, "pressure_drop = 0.5") && contains(drop, "[1e-10, 0.03]"),
                 drop.c_str());
        QVERIFY(contains(problem("duct3d", "tau", "0.5"), "greater than 0.5"));
        QVERIFY(problem("duct3d", "size", "128x128x64").empty());
        QVERIFY(problem("poiseuille2d", "size", "256x32").empty());
        ScenarioEdit e{"duct3d", {{"tau", "0.7"}}};
        set_key(e, "tau", ""); // an emptied field: the preset's default again
        QVERIFY(e.keys.empty());
        // What a restart takes from the run is what the panel leaves out.
        ModelChoice m;
        m.storage = Storage::FP16S;
        for (const auto& [key, value] : model_keys(m, LaunchConfig{}))
            QVERIFY2(key == "stencil" || tuned_live(key), key.c_str());
    }

    void liveTauIsCarriedInPlaceOfRe() {
        KeyValues keys{{"re", "40"}};
        carry_live_tau(keys, {{"tau", "0.547120"}}, 0.5471204); // to_string's six decimals
        QCOMPARE(keys, (KeyValues{{"re", "40"}}));
        carry_live_tau(keys, {{"tau", "0.547120"}}, double(0.7f)); // the tuning tab's float
        QCOMPARE(keys, (KeyValues{{"tau", "0.7"}}));
    }

    void cleanupTestCase() { window_.reset(); }
};

int main(int argc, char** argv) {
    return run_window_test<ScenarioKeysTest>(argc, argv);
}

#include "test_gui_scenario_keys.moc"
