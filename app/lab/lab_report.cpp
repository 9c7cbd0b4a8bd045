#include "lab_report.hpp"

#include "render/png_writer.hpp"
#include "solver/io/output_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace ll::lab {
namespace {

// CSV cells are quoted when they hold a comma, a quote or a line break (RFC 4180).
std::string csv_cell(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string csv(const LabTable& t) {
    std::ostringstream out;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        out << (c ? "," : "") << csv_cell(t.columns[c]);
    out << "\n";
    for (const auto& row : t.rows) {
        for (std::size_t c = 0; c < row.size(); ++c)
            out << (c ? "," : "") << csv_cell(row[c]);
        out << "\n";
    }
    return out.str();
}

// A Markdown table cell: a '|' would end the cell.
std::string md_cell(const std::string& s) {
    std::string out;
    for (char c : s)
        out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::string plot_file(const StudyReport& r, const LabPlot& p) {
    return r.study + (p.suffix.empty() ? "" : "-" + p.suffix) + ".png";
}

std::string header_line(const nlohmann::json& h) {
    char buf[512];
    std::snprintf(
        buf, sizeof buf,
        "- device: %s\n- date: %s, commit %s\n- copy bandwidth (same run): %.1f GB/s\n",
        h.value("device", std::string("?")).c_str(), h.value("date", std::string("?")).c_str(),
        h.value("commit", std::string("?")).c_str(), h.value("copy_bandwidth_gb_per_s", 0.0));
    return buf;
}

} // namespace

void sort_by_x(render::PlotSeries& s) {
    std::vector<std::size_t> order(s.x.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return s.x[a] < s.x[b]; });
    std::vector<double> x, y;
    for (std::size_t i : order) {
        x.push_back(s.x[i]);
        y.push_back(s.y[i]);
    }
    s.x = std::move(x);
    s.y = std::move(y);
}

std::string cell(double v, int digits) {
    if (std::isnan(v)) return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

std::string report_markdown(const StudyReport& r) {
    std::ostringstream md;
    md << "# " << r.title << "\n\n*" << r.paper << "* (`latticelab lab " << r.study << "`)\n\n"
       << header_line(r.header) << "\n";
    if (!r.findings.empty()) {
        md << "## What it shows\n\n";
        for (const auto& f : r.findings)
            md << "- " << f << "\n";
        md << "\n";
    }
    for (const LabPlot& p : r.plots)
        md << "![" << p.caption << "](" << plot_file(r, p) << ")\n\n*" << p.caption << "*\n\n";
    md << "## Measurements (" << r.study << ".csv)\n\n|";
    for (const auto& c : r.table.columns)
        md << " " << c << " |";
    md << "\n|";
    for (std::size_t c = 0; c < r.table.columns.size(); ++c)
        md << (c ? "---:|" : "---|");
    md << "\n";
    for (const auto& row : r.table.rows) {
        md << "|";
        for (const auto& v : row)
            md << " " << md_cell(v) << " |";
        md << "\n";
    }
    return md.str();
}

std::filesystem::path write_index(const std::vector<StudyReport>& reports,
                                  const std::filesystem::path& dir) {
    std::ostringstream md;
    md << "# LatticeLab lab: the papers' measurements on this machine\n\n";
    if (!reports.empty()) md << header_line(reports.front().header) << "\n";
    md << "| study | paper | what this run shows |\n|---|---|---|\n";
    for (const StudyReport& r : reports) {
        std::string here;
        for (const std::string& f : r.findings)
            if (f.rfind("Here", 0) == 0 || f.rfind("This GPU", 0) == 0)
                here += (here.empty() ? "" : " ") + f;
        md << "| [" << r.study << "](" << r.study << ".md) | " << md_cell(r.paper) << " | "
           << md_cell(here.empty() ? r.title : here) << " |\n";
    }
    const auto path = dir / "index.md";
    write_output_file(path, md.str());
    return path;
}

std::vector<std::filesystem::path> write_report(const StudyReport& r,
                                                const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    std::vector<std::filesystem::path> written;
    const auto put = [&](const std::string& name, const std::string& bytes) {
        write_output_file(dir / name, bytes);
        written.push_back(dir / name);
    };
    put(r.study + ".csv", csv(r.table));
    nlohmann::json j = {{"study", r.study},           {"paper", r.paper},
                        {"title", r.title},           {"header", r.header},
                        {"columns", r.table.columns}, {"rows", r.table.rows},
                        {"findings", r.findings},     {"data", r.data}};
    std::string md = report_markdown(r);
    if (!render::png_available() && !r.plots.empty())
        md += "\n(This build has no libpng: the plots were not drawn.)\n";
    for (const LabPlot& p : r.plots) {
        j["plots"].push_back(plot_file(r, p));
        if (render::png_available()) {
            render::write_png(dir / plot_file(r, p), render::draw_line_plot(p.spec));
            written.push_back(dir / plot_file(r, p));
        }
    }
    put(r.study + ".json", j.dump(1) + "\n");
    put(r.study + ".md", md);
    return written;
}

} // namespace ll::lab
