// latticelab-gui: the interactive visualiser (work in progress; see issue 3).
#include "main_window.hpp"

#include <QApplication>
#include <QMessageBox>

int main(int argc, char** argv) {
    ll::gui::set_default_gl_format();
    QApplication app(argc, argv);
    // QSettings() without arguments files the remembered window and view under these names.
    QApplication::setOrganizationName("LatticeLab");
    QApplication::setApplicationName("latticelab-gui");
    try {
        ll::gui::MainWindow window{ll::gui::SolverStart{}};
        window.show();
        return app.exec();
    } catch (const std::exception& e) {
        QMessageBox::critical(nullptr, "LatticeLab", e.what());
        return 1;
    }
}
