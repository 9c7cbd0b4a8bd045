// Obrecht et al. 2011's data-transfer kernel (Code 1: each thread reads N words and writes them
// back, coalesced) and Calore et al. 2016's misaligned copies (Fig. 4), both on the lab's probe.
#include "lab_stats.hpp"
#include "lab_studies.hpp"

#include "solver/lab/memory_probe.hpp"

#include <cmath>
#include <map>

namespace ll::lab {
namespace {

MemoryProbeResult copy(int words, int word_bytes, int block, int l, int m, std::int64_t threads) {
    MemoryProbeSpec s;
    s.words = words;
    s.word_bytes = word_bytes;
    s.block = block;
    s.blocks_per_sm = probe_max_blocks_per_sm(word_bytes, words, block, false);
    s.misaligned_reads = l;
    s.misaligned_writes = m;
    s.threads = threads;
    s.time_warps = false;
    return run_memory_probe(s, 5);
}

} // namespace

StudyReport transfer_study(const LabContext& ctx) {
    StudyReport r = begin_report(
        "transfer", "The data-transfer kernel and the effective maximal throughput", ctx,
        {"N words per thread", "threads", "time (us)", "GB/s (read + write)",
         "% of the cudaMemcpy copy"});
    const std::int64_t threads = ctx.quick ? (1 << 20) : (1 << 24);
    const double copy_bw = r.header.value("copy_bandwidth_bytes_per_s", 0.0);
    auto time = plot_series("measured", render::plot_color(0));
    auto rate = plot_series("data-transfer kernel", render::plot_color(0));
    for (int n = 1; n <= 32; n += (ctx.quick ? 7 : 1)) {
        ctx.progress("transfer: N = " + std::to_string(n));
        const MemoryProbeResult p = copy(n, 4, 128, 0, 0, threads);
        time.x.push_back(n);
        time.y.push_back(p.seconds * 1e6);
        rate.x.push_back(n);
        rate.y.push_back(p.bytes_per_s() / 1e9);
        r.table.rows.push_back({std::to_string(n), std::to_string(p.threads), cell(p.seconds * 1e6),
                                cell(p.bytes_per_s() / 1e9),
                                cell(100 * p.bytes_per_s() / copy_bw, 3) + " %"});
    }
    // The fit leaves out N < 8, where a thread's few words do not keep the memory busy and the
    // time is the blocks' own (nearly flat in N).
    std::vector<double> fx, fy;
    for (std::size_t i = 0; i < time.x.size(); ++i)
        if (time.x[i] >= 8) {
            fx.push_back(time.x[i]);
            fy.push_back(time.y[i]);
        }
    const LinearFit f = fit_line(fx, fy);
    // The slope is the time per word per thread: 2 x 4 bytes x threads move in `slope` us.
    const double effective = 2.0 * 4 * double(threads) / (f.slope * 1e-6);
    r.data["fit_us"] = {{"a", f.slope}, {"b", f.intercept}, {"r2", f.r2}};
    r.data["effective_maximal_throughput_bytes_per_s"] = effective;
    r.data["copy_bandwidth_bytes_per_s"] = copy_bw;
    auto line = plot_series("T = aN + b", render::plot_color(1), true, false);
    for (double n : {8.0, 32.0}) {
        line.x.push_back(n);
        line.y.push_back(f.at(n));
    }
    render::PlotSpec tp = plot_spec("Time of the data-transfer kernel (" + std::to_string(threads) +
                                        " threads, FP32 words)",
                                    "N (words read and written per thread)", "time (us)");
    tp.series = {time, line};
    r.plots.push_back({"time", "Fig. 4: time against words per thread, and the linear fit", tp});
    auto memcpy_line = plot_series("cudaMemcpy copy", render::plot_color(2), true, false);
    for (double n : {1.0, 32.0}) {
        memcpy_line.x.push_back(n);
        memcpy_line.y.push_back(copy_bw / 1e9);
    }
    render::PlotSpec rp = plot_spec("Throughput of the data-transfer kernel",
                                    "N (words per thread)", "GB/s (read + write)");
    rp.series = {rate, memcpy_line};
    rp.y_min = 0;
    r.plots.push_back({"throughput", "Throughput against N, beside the cudaMemcpy copy", rp});
    r.findings.push_back(
        "The paper (GTX 295): T = 2.78 N + 0.99 (T in ns, one warp), an almost constant 90.7 GB/s, "
        "81 % of the theoretical peak and close to the SDK's bandwidthTest (91.3 GB/s). That "
        "rate is the effective maximal throughput the paper's LBM kernels are measured against.");
    r.findings.push_back("Here, over N = 8..32: T = " + cell(f.slope) + " N " +
                         (f.intercept < 0 ? "- " : "+ ") + cell(std::abs(f.intercept)) +
                         " us (r^2 " + cell(f.r2, 3) + "): an effective maximal throughput of " +
                         cell(effective / 1e9) + " GB/s, " + cell(100 * effective / copy_bw, 3) +
                         " % of the cudaMemcpy copy measured in the same run (" +
                         cell(copy_bw / 1e9) +
                         " GB/s), the denominator of every % of copy in "
                         "LatticeLab.");
    return r;
}

StudyReport misaligned_study(const LabContext& ctx) {
    StudyReport r = begin_report(
        "misaligned", "Misaligned reads against misaligned writes (pull against push)", ctx,
        {"copy", "word", "threads per block", "GB/s (read + write)", "% of the cudaMemcpy copy"});
    const std::int64_t threads = ctx.quick ? (1 << 20) : (1 << 23);
    const double copy_bw = r.header.value("copy_bandwidth_bytes_per_s", 0.0);
    const int words = 8; // several words per thread, as a propagate kernel moves
    render::PlotSpec plot =
        plot_spec("Copies of 8 words per thread", "threads per block", "GB/s (read + write)");
    plot.log_x = true;
    plot.y_min = 0;
    int colour = 0;
    std::map<std::string, double> at256; // "FP32 mraw (pull)" -> bytes/s at 256 threads
    for (int bytes : {8, 4})
        for (auto [name, l, m] :
             {std::tuple{"aligned", 0, 0}, {"mraw (pull)", words, 0}, {"armw (push)", 0, words}}) {
            const std::string word = bytes == 8 ? "FP64" : "FP32";
            auto s = plot_series(std::string(name) + ", " + word, render::plot_color(colour++));
            std::vector<int> blocks = ctx.blocks;
            if (blocks.empty())
                for (int b = 32; b <= max_probe_block(bytes, words, false); b *= ctx.quick ? 8 : 2)
                    blocks.push_back(b);
            for (int block : blocks) {
                ctx.progress("misaligned: " + std::string(name) + " " + word + ", block " +
                             std::to_string(block));
                const MemoryProbeResult p = copy(words, bytes, block, l, m, threads);
                s.x.push_back(block);
                s.y.push_back(p.bytes_per_s() / 1e9);
                if (block == 256) at256[word + " " + name] = p.bytes_per_s();
                r.table.rows.push_back({name, word, std::to_string(block),
                                        cell(p.bytes_per_s() / 1e9),
                                        cell(100 * p.bytes_per_s() / copy_bw, 3) + " %"});
            }
            plot.series.push_back(s);
        }
    r.plots.push_back({"", "Fig. 4: copy bandwidth against threads per block", plot});
    r.findings.push_back(
        "The paper (C2050, K40, ECC on): misaligned reads with aligned writes (mraw, what pull "
        "does) beat aligned reads with misaligned writes (armw, push): largely on the C2050, "
        "by a smaller gain on the more recent K20 and K40; hence its pull propagate kernel.");
    for (const std::string word : {"FP64", "FP32"}) {
        const double pull = at256[word + " mraw (pull)"], push = at256[word + " armw (push)"];
        if (pull > 0 && push > 0)
            r.findings.push_back(
                "Here, " + word + " at 256 threads per block (the solver's default): mraw " +
                cell(pull / 1e9) + " GB/s (" + cell(100 * pull / copy_bw, 3) +
                " % of copy), armw " + cell(push / 1e9) + " GB/s (" +
                cell(100 * push / copy_bw, 3) + " %): " +
                (pull > push ? "misaligned reads cost less than misaligned writes, as in the paper"
                             : "misaligned writes cost no more than misaligned reads on this GPU") +
                ".");
        r.data["at_256_threads_bytes_per_s"][word] = {{"mraw", pull}, {"armw", push}};
    }
    return r;
}

} // namespace ll::lab
