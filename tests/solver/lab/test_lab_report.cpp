// The lab's report files (app/lab/lab_report.hpp) and its least-squares fit, on a made-up study.
#include "app/lab/lab_report.hpp"
#include "app/lab/lab_stats.hpp"
#include "app/lab/lab_studies.hpp"
#include "render/png_writer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace ll::lab {
namespace {

std::string read(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

StudyReport sample() {
    StudyReport r;
    r.study = "sample";
    r.paper = "Obrecht et al. 2011, Code 1";
    r.title = "A sample";
    r.header = {{"device", "a GPU"},
                {"date", "2026-11-26"},
                {"commit", "abc1234"},
                {"copy_bandwidth_gb_per_s", 4200.0}};
    r.table.columns = {"N", "note"};
    r.table.rows = {{"1", "plain"}, {"2", "with, a comma and \"quotes\""}};
    r.findings = {"the paper found this"};
    auto s = plot_series("time", render::plot_color(0));
    s.x = {1, 2};
    s.y = {3, 5};
    render::PlotSpec p = plot_spec("T against N", "N", "T");
    p.series = {s};
    r.plots.push_back({"time", "time against N", p});
    return r;
}

TEST(LabReport, WritesCsvJsonMarkdownAndPlots) {
    const auto dir = std::filesystem::temp_directory_path() / "ll_lab_report_test";
    std::filesystem::remove_all(dir);
    const auto files = write_report(sample(), dir);
    EXPECT_EQ(read(dir / "sample.csv"),
              "N,note\n1,plain\n2,\"with, a comma and \"\"quotes\"\"\"\n");
    const std::string md = read(dir / "sample.md");
    for (const char* text :
         {"# A sample", "Obrecht et al. 2011, Code 1", "a GPU", "abc1234", "4200.0 GB/s",
          "the paper found this", "![time against N](sample-time.png)", "| N | note |"})
        EXPECT_NE(md.find(text), std::string::npos) << text << " not in\n" << md;
    const auto j = nlohmann::json::parse(read(dir / "sample.json"));
    EXPECT_EQ(j["rows"].size(), 2u);
    EXPECT_EQ(j["plots"][0], "sample-time.png");
    EXPECT_EQ(std::filesystem::exists(dir / "sample-time.png"), render::png_available());
    EXPECT_EQ(files.size(), render::png_available() ? 4u : 3u);
    std::filesystem::remove_all(dir);
}

// index.md links each study's page with what the run shows about this device ("Here ..."), or
// its title where it has no such finding; a '|' in a cell does not end it.
TEST(LabReport, IndexLinksEveryStudyWithWhatItShows) {
    const auto dir = std::filesystem::temp_directory_path() / "ll_lab_index_test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    StudyReport a = sample(), b = sample();
    a.findings.push_back("Here the copy | ran at 3 TB/s.");
    b.study = "other";
    b.title = "Another sample";
    write_index({a, b}, dir);
    const std::string md = read(dir / "index.md");
    for (const char* text : {"[sample](sample.md)", "Here the copy \\| ran at 3 TB/s.",
                             "[other](other.md)", "| Another sample |", "abc1234"})
        EXPECT_NE(md.find(text), std::string::npos) << text << " not in\n" << md;
    std::filesystem::remove_all(dir);
}

TEST(LabReport, CellsKeepSignificantDigitsAndShowNaNAsADash) {
    EXPECT_EQ(cell(23887.4, 5), "23887");
    EXPECT_EQ(cell(0.123456, 3), "0.123");
    EXPECT_EQ(cell(std::nan("")), "-");
}

// T = aN + b through exact points, and r^2 below 1 once a point is off the line.
TEST(LabStats, FitsALineByLeastSquares) {
    const LinearFit f = fit_line({0, 1, 2, 3}, {1, 3.5, 6, 8.5});
    EXPECT_NEAR(f.slope, 2.5, 1e-12);
    EXPECT_NEAR(f.intercept, 1.0, 1e-12);
    EXPECT_NEAR(f.r2, 1.0, 1e-12);
    EXPECT_LT(fit_line({0, 1, 2, 3}, {1, 3.5, 7, 8.5}).r2, 0.99);
    EXPECT_TRUE(std::isnan(fit_line({1}, {2}).slope));
    EXPECT_TRUE(std::isnan(fit_line({1, 1}, {2, 3}).slope));
}

TEST(LabStudies, EveryStudyNamesItsPaperAndWhetherItNeedsAGpu) {
    ASSERT_GE(studies().size(), 6u);
    for (const Study& s : studies()) {
        EXPECT_FALSE(s.paper.empty()) << s.name;
        EXPECT_NE(s.paper.find("et al."), std::string::npos) << s.name;
        EXPECT_EQ(find_study(s.name), &s);
    }
    EXPECT_EQ(find_study("nosuch"), nullptr);
    EXPECT_FALSE(find_study("memory")->needs_gpu.empty());
    EXPECT_TRUE(find_study("threads")->needs_gpu.empty());
}

} // namespace
} // namespace ll::lab
