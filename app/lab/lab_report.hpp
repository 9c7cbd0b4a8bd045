// What a lab study leaves behind (`latticelab lab`, the visualiser's Lab dock): one table as
// CSV, the whole record as JSON, a Markdown page that says what the paper found and what this
// device shows, and PNG plots. Every file starts from the same header: the device, the date,
// the commit and the copy bandwidth measured in the same run.
#pragma once
#include "render/line_plot.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace ll::lab {

struct LabTable {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows; // formatted cells, one per column
};

struct LabPlot {
    std::string suffix; // the file is <study>-<suffix>.png
    std::string caption;
    render::PlotSpec spec;
};

struct StudyReport {
    std::string study; // the name on the command line: memory, model, ...
    std::string paper; // "Obrecht et al. 2010" and the figure or table reproduced
    std::string title;
    nlohmann::json header;             // device, date, commit, copy bandwidth (lab_header)
    LabTable table;                    // <study>.csv, and the Markdown table
    std::vector<std::string> findings; // Markdown bullets: the paper's result, this device's
    nlohmann::json data;               // fits and every number behind the plots
    std::vector<LabPlot> plots;
};

// A plot's frame and a series, field by field (the lab's plots are all built from these).
inline render::PlotSpec plot_spec(std::string title, std::string x_label, std::string y_label) {
    render::PlotSpec p;
    p.title = std::move(title);
    p.x_label = std::move(x_label);
    p.y_label = std::move(y_label);
    return p;
}
inline render::PlotSeries plot_series(std::string label, render::Rgb color, bool lines = true,
                                      bool markers = true) {
    render::PlotSeries s;
    s.label = std::move(label);
    s.color = color;
    s.lines = lines;
    s.markers = markers;
    return s;
}

// Orders a series' points by x, so that its line runs left to right.
void sort_by_x(render::PlotSeries& s);

// "%.*g" of v with `digits` significant digits; "-" for NaN.
std::string cell(double v, int digits = 4);

// The files a report writes into `dir`: <study>.csv, .json, .md and one PNG per plot (none
// without libpng; the Markdown then says so). Each is written whole or not at all.
std::vector<std::filesystem::path> write_report(const StudyReport& r,
                                                const std::filesystem::path& dir);

// <dir>/index.md: one line per report (its study, paper, title and the findings about this
// device), linking each page; `lab` writes it after its studies. Written whole or not at all.
std::filesystem::path write_index(const std::vector<StudyReport>& reports,
                                  const std::filesystem::path& dir);

// The Markdown page alone (tests read it).
std::string report_markdown(const StudyReport& r);

} // namespace ll::lab
