#include "recorder.hpp"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace ll::gui {

Recorder::Recorder() {
    // One writer keeps the frames in order on disk and leaves the other cores to the solver.
    writers_.setMaxThreadCount(1);
}

Recorder::~Recorder() {
    writers_.waitForDone();
    if (ffmpeg_ && ffmpeg_->state() != QProcess::NotRunning) {
        ffmpeg_->kill();
        ffmpeg_->waitForFinished(2000);
    }
}

QString Recorder::ffmpeg_path() {
    return QStandardPaths::findExecutable("ffmpeg");
}

bool Recorder::start(const QString& folder, QString& message) {
    if (state_ != State::Idle) {
        message = state_ == State::Recording ? "Already recording into " + folder_
                                             : "Still encoding the last recording";
        return false;
    }
    if (!QDir().mkpath(folder) || !QFileInfo(folder).isWritable()) {
        message = "Cannot record into " + folder + ": the folder cannot be created or written";
        return false;
    }
    folder_ = QDir(folder).absolutePath();
    // Old frames from an earlier recording would end up in this video: remove them.
    QDir dir(folder_);
    for (const QString& old : dir.entryList({"frame_*.png"}, QDir::Files))
        dir.remove(old);
    frames_ = 0;
    last_ms_ = -1;
    encode_result_.clear();
    state_ = State::Recording;
    message = "Recording frames into " + folder_;
    return true;
}

bool Recorder::wants_frame(qint64 ms) const {
    return state_ == State::Recording && (last_ms_ < 0 || ms - last_ms_ >= 1000 / kFps);
}

void Recorder::add_frame(QImage frame, qint64 ms) {
    if (state_ != State::Recording) return;
    last_ms_ = ms;
    const QString path = folder_ + QString("/frame_%1.png").arg(frames_++, 5, 10, QChar('0'));
    writers_.start([frame = std::move(frame), path] { frame.save(path, "PNG"); });
}

QString Recorder::stop() {
    if (state_ != State::Recording) return "Not recording";
    writers_.waitForDone();
    const QString pngs = QString("%1 PNG frames in %2").arg(frames_).arg(folder_);
    const QString ffmpeg = ffmpeg_path();
    if (frames_ == 0 || ffmpeg.isEmpty()) {
        state_ = State::Idle;
        encode_result_ = frames_ == 0 ? "no frames were recorded"
                                      : "ffmpeg is not installed (not on PATH): no MP4; " + pngs;
        return "Recording stopped: " + encode_result_;
    }
    state_ = State::Encoding;
    ffmpeg_ = std::make_unique<QProcess>();
    ffmpeg_->setProcessChannelMode(QProcess::MergedChannels);
    QObject::connect(
        ffmpeg_.get(), &QProcess::finished, [this, pngs](int code, QProcess::ExitStatus) {
            const QString tail = QString::fromLocal8Bit(ffmpeg_->readAll()).right(400);
            encode_result_ = code == 0 && QFileInfo(mp4_path()).size() > 0
                                 ? "MP4 written: " + mp4_path() + " (" + pngs + ")"
                                 : "ffmpeg failed (exit " + QString::number(code) + "): " + tail;
            state_ = State::Idle;
        });
    QObject::connect(ffmpeg_.get(), &QProcess::errorOccurred, [this](QProcess::ProcessError) {
        if (state_ != State::Encoding || ffmpeg_->state() != QProcess::NotRunning) return;
        encode_result_ = "ffmpeg could not run: " + ffmpeg_->errorString();
        state_ = State::Idle;
    });
    // H.264 in yuv420p plays everywhere; it needs even sizes, hence the pad.
    ffmpeg_->start(ffmpeg, {"-y", "-loglevel", "error", "-framerate", QString::number(kFps), "-i",
                            folder_ + "/frame_%05d.png", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                            "-c:v", "libx264", "-pix_fmt", "yuv420p", mp4_path()});
    return "Recording stopped: encoding " + mp4_path() + " with ffmpeg from " + pngs;
}

} // namespace ll::gui
