#include "host_memory.hpp"

#include <cstdio>
#include <unistd.h>

namespace ll {

double physical_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
}

double cpu_run_bytes(const ModelChoice& model, const Dims& dims, int temperature_velocities) {
    // flags (1) + rho (8) + u (24) (+ T (8)) in the setup, and Q doubles of canonical state at
    // start-up.
    const int q = velocities(model.stencil) + temperature_velocities;
    const double startup =
        double(dims.nodes()) * (33.0 + (temperature_velocities ? 8.0 : 0.0) + 8.0 * q);
    return lattice_bytes(model, dims, temperature_velocities) + startup;
}

std::string gib_text(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
    return buf;
}

ModelChoice sixteen_bit_choice(const ModelChoice& m) {
    ModelChoice half = m;
    half.precision = Precision::FP32;
    half.storage = Storage::FP16S;
    if (m.layout == Layout::AoSoA) half.layout = Layout::SoA;
    return half;
}

std::string sixteen_bit_hint(const ModelChoice& m, double need) {
    const ModelChoice half = sixteen_bit_choice(m);
    return std::string("; with ") + (half.precision != m.precision ? "precision = fp32 and " : "") +
           (half.layout != m.layout ? "layout = soa and " : "") +
           "storage = fp16s|fp16c it needs " + gib_text(need) + " and fits";
}

void check_host_memory(double needed, double lattice, const std::string& size_key, long max_size) {
    const double have = physical_memory_bytes();
    if (have <= 0 || needed <= have) return;
    // With the populations on the GPU only the start-up copies live in host memory.
    std::string msg = lattice > 0
                          ? size_key + ": the run needs " + gib_text(needed) + " (lattice " +
                                gib_text(lattice) + "), the CPU back end has " + gib_text(have)
                          : size_key + ": the initial fields need " + gib_text(needed) +
                                " of host memory, this machine has " + gib_text(have);
    msg += max_size > 0 ? "; use size <= " + std::to_string(max_size) : "; use a smaller lattice";
    throw ConfigError(msg);
}

} // namespace ll
