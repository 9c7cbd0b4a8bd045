// The Lab dock: the launch sweeps on the running flow, measured against the performance model
// (live_sweep_panel.hpp), and the papers' studies (app/lab/, `latticelab lab`). Pick a study,
// run it, and see its first plot and what the paper found against what this machine shows; its
// CSV, JSON, Markdown and plots go to a folder the dock names. On a machine without a usable
// GPU the sweeps and the GPU studies cannot be picked, and the dock says why.
#pragma once
#include "app/lab/lab_studies.hpp"
#include "live_sweep_panel.hpp"

#include <QDockWidget>

#include <atomic>
#include <memory>
#include <thread>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace ll::gui {

class LabDock : public QDockWidget {
public:
    // gpu: a usable CUDA GPU (the GPU studies need one). out: where the studies' files go.
    // sweep: queues a live sweep on the solver thread (none: the button does nothing).
    LabDock(bool gpu, QString out, QWidget* parent = nullptr, LiveSweepPanel::Start sweep = {});
    ~LabDock() override; // stops a running study at its next step and waits for it

    // Runs the study `name` on a worker thread, as the Run button does (false: unknown, needs
    // a GPU here, or one is already running).
    bool run(const QString& name);
    bool running() const { return busy_; }

    LiveSweepPanel* live_sweeps() const { return sweeps_; }
    QComboBox* studies() const { return studies_; }
    QPushButton* run_button() const { return run_; }
    QCheckBox* quick() const { return quick_; }
    QLabel* plot() const { return plot_; } // the last study's first plot
    QTextBrowser* findings() const { return findings_; }
    QLabel* status() const { return status_; } // progress, the folder written, or an error

private:
    void finished(const std::shared_ptr<lab::StudyReport>& report, const QString& error);
    void show_status(const QString& text, bool error = false);

    bool gpu_;
    QString out_;
    std::atomic<bool> busy_{false};
    std::atomic<bool> cancel_{false}; // set on close: the study stops at its next progress step
    std::thread worker_;
    LiveSweepPanel* sweeps_ = nullptr;
    QComboBox* studies_ = nullptr;
    QPushButton* run_ = nullptr;
    QCheckBox* quick_ = nullptr;
    QLabel* plot_ = nullptr;
    QTextBrowser* findings_ = nullptr;
    QLabel* status_ = nullptr;
};

} // namespace ll::gui
