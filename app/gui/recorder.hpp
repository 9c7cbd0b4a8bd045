// Recording: the viewport's frames as a numbered PNG sequence in a folder (QImage, written on a
// worker thread so the GUI does not stall on PNG compression), and on stop an MP4 encoded by
// `ffmpeg` through QProcess when it is on PATH. Without ffmpeg, stop() says so and where the
// PNGs are.
#pragma once
#include <QImage>
#include <QProcess>
#include <QString>
#include <QThreadPool>

#include <memory>

namespace ll::gui {

class Recorder {
public:
    enum class State { Idle, Recording, Encoding };
    static constexpr int kFps = 25; // frames kept per second of wall time, and the MP4's rate

    Recorder();
    ~Recorder();

    // Starts a sequence in `folder` (created when missing). False with a message when the
    // folder cannot be made or written, or a recording or encoding is under way.
    bool start(const QString& folder, QString& message);
    // Whether the frame drawn at `ms` (a steady clock in milliseconds) should be kept.
    bool wants_frame(qint64 ms) const;
    void add_frame(QImage frame, qint64 ms);
    // Ends the sequence: waits for the PNGs, then starts ffmpeg (State::Encoding until it
    // ends) or explains that it is missing. Returns the message for the user.
    QString stop();

    State state() const { return state_; }
    int frames() const { return frames_; }
    QString folder() const { return folder_; }
    QString mp4_path() const { return folder_ + "/latticelab.mp4"; }
    // The outcome of the last encoding, once it finished ("" before).
    QString encode_result() const { return encode_result_; }
    static QString ffmpeg_path(); // empty when ffmpeg is not on PATH

private:
    State state_ = State::Idle;
    QString folder_;
    int frames_ = 0;
    qint64 last_ms_ = -1;
    QThreadPool writers_;
    std::unique_ptr<QProcess> ffmpeg_;
    QString encode_result_;
};

} // namespace ll::gui
