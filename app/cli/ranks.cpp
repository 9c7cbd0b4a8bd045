#include "ranks.hpp"

#include <cstdio>
#include <fstream>
#include <iterator>

namespace ll::cli {

namespace {

std::string& command_line_text() {
    static std::string text;
    return text;
}

// FNV-1a over the running binary: two builds differ, two copies of one build do not.
std::string binary_fingerprint() {
    std::ifstream in("/proc/self/exe", std::ios::binary);
    std::uint64_t h = 1469598103934665603ull;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        for (std::streamsize k = 0; k < in.gcount(); ++k)
            h = (h ^ std::uint8_t(buffer[k])) * 1099511628211ull;
        if (!in) break;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", (unsigned long long)h);
    return text;
}

} // namespace

RankContext rank_context() {
    return {launched_ranks()};
}

void set_command_line(int argc, char** argv) {
    std::string& t = command_line_text();
    t.clear();
    for (int k = 1; k < argc; ++k) {
        if (k > 1) t += ' ';
        t.append(argv[k]);
    }
}

void agree_on_start(const RankContext& c, const std::string& my_error) {
    if (!c.several()) {
        if (!my_error.empty()) throw ConfigError(my_error);
        return;
    }
    // One record per rank: its binary, its arguments, then its error (possibly empty).
    const std::string mine = binary_fingerprint() + "\n" + command_line_text() + "\n" + my_error;
    const std::vector<std::string> all = c.ranks->all_gather(mine, "the start-up check");
    const auto field = [](const std::string& r, int k) {
        std::size_t at = 0;
        for (int i = 0; i < k; ++i)
            at = r.find('\n', at) + 1;
        return k < 2 ? r.substr(at, r.find('\n', at) - at) : r.substr(at);
    };
    for (std::size_t r = 1; r < all.size(); ++r) {
        const std::string who = "rank " + std::to_string(r);
        if (field(all[r], 0) != field(all[0], 0))
            throw AgreedError(who + " runs a different latticelab binary (fingerprint " +
                              field(all[r], 0) + ", rank 0: " + field(all[0], 0) +
                              "): run one build on every rank");
        if (field(all[r], 1) != field(all[0], 1))
            throw AgreedError(who + " was started with other arguments ('" + field(all[r], 1) +
                              "', rank 0: '" + field(all[0], 1) + "'): give every rank the same");
    }
    // The same failure on every rank (a bad option) needs no rank named.
    bool everywhere = true;
    for (const std::string& r : all)
        everywhere = everywhere && field(r, 2) == field(all[0], 2);
    if (everywhere && !field(all[0], 2).empty()) throw AgreedError(field(all[0], 2));
    for (std::size_t r = 0; r < all.size(); ++r)
        if (!field(all[r], 2).empty())
            throw AgreedError("rank " + std::to_string(r) + ": " + field(all[r], 2));
}

int report_config_error(const ConfigError& e) {
    const RankContext c = rank_context();
    if (!c.several()) {
        std::fprintf(stderr, "latticelab: error: %s\n", e.what());
        return 2;
    }
    if (dynamic_cast<const AgreedError*>(&e)) {
        if (c.leader()) std::fprintf(stderr, "latticelab: error: %s\n", e.what());
        return 2;
    }
    const std::string text = e.what();
    const std::string prefix = "rank " + std::to_string(c.rank()) + ": ";
    std::fprintf(stderr, "latticelab: error: %s%s\n",
                 text.rfind(prefix, 0) == 0 ? "" : prefix.c_str(), text.c_str());
    std::fflush(stderr);
    c.ranks->abort(2);
    return 2; // not reached: abort() ends the process
}

} // namespace ll::cli
