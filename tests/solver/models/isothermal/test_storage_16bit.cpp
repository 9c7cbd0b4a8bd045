// Flows with 16-bit population storage (storage = fp16s | fp16c, computed in FP32) against the
// published values that the FP32/FP64 suites use, on the CPU back end:
//   Taylor-Green decay (Qian et al. 1992; shared/reference/README.md): D2Q9 BGK, N = 64,
//     u0 = 0.05, tau = 0.8: nu from the energy decay within 1 % of (tau - 1/2)/3
//   plane Poiseuille: D2Q9 TRT Lambda = 3/16, N = 32, tau = 0.8, body force, 20 000 steps
//     (the slowest start-up mode decays as exp(-nu pi^2 t / N^2), e^-19 by then): relative
//     L2 error <= 1e-2 against the parabola, which this TRT reproduces exactly in exact
//     arithmetic (Ginzburg et al. 2008), so all of the error is storage
//   mass in a closed box: cavity2d (D2Q9 TRT, N = 32, Re 100, u_lid = 0.1, tau = 0.596),
//     10 000 steps, pull and esoteric (the same arithmetic, the same drift): measured 2.0e-5
//     (fp16s) and 5.3e-6 (fp16c), bounded by 5e-5 (FP32: 1e-6). Round-to-nearest stores drift
//     2e-5 and 1e-5, and leave the Poiseuille flow 9 % and 6 % off: the steps round stochastically
#include "support/flow_fields.hpp"
#include "support/test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace ll {
namespace {

const int kThreads = test::use_threads(1);

class Storage16 : public testing::TestWithParam<std::string> {
protected:
    KeyValues keys(KeyValues k) const {
        k["precision"] = "fp32";
        k["storage"] = GetParam();
        return k;
    }
};

TEST_P(Storage16, TaylorGreenViscosity) {
    const int n = 64;
    const double tau = 0.8;
    auto sim = test::cpu_run("taylor_green2d",
                             keys({{"size", std::to_string(n)}, {"tau", std::to_string(tau)}}));
    ASSERT_EQ(stored_as(sim->setup().model), *parse_storage(GetParam()));
    const double nu = (tau - 0.5) / 3.0, k = 2 * std::numbers::pi / n;
    const int t1 = 100, span = int(std::lround(2.0 / (4 * nu * k * k)));
    const auto energy = [&] {
        return test::sum_over_fluid(test::flow_field(*sim), [](double rho, const double* u) {
            return 0.5 * rho * (u[0] * u[0] + u[1] * u[1]);
        });
    };
    sim->step(t1);
    const double e1 = energy();
    sim->step(span);
    const double e2 = energy();
    ASSERT_GT(e2, 0);
    const double measured = std::log(e1 / e2) / (4 * k * k * span);
    std::printf("%s Taylor-Green tau %.1f: nu %.6f, expected %.6f, relative error %.2e\n",
                GetParam().c_str(), tau, measured, nu, measured / nu - 1);
    EXPECT_NEAR(measured / nu, 1.0, 0.01);
}

TEST_P(Storage16, PoiseuilleProfile) {
    const int n = 32;
    auto sim = test::cpu_run("poiseuille2d", keys({{"size", std::to_string(n)},
                                                   {"collision", "trt"},
                                                   {"tau", "0.8"},
                                                   {"lambda", "0.1875"}}));
    sim->step(20000);
    const double force = sim->setup().flow.force[0];
    const double nu = (sim->setup().flow.tau - 0.5) / 3.0;
    const test::FlowField f = test::flow_field(*sim);
    const Dims d = sim->setup().dims;
    double num = 0, den = 0;
    for (std::uint32_t y = 0; y < d.ny; ++y)
        for (std::uint32_t x = 0; x < d.nx; ++x) {
            const std::size_t i = x + std::size_t(d.nx) * y;
            if (!f.updated[i]) continue;
            const double want = force / (2.0 * nu) * (y - 0.5) * (n + 0.5 - y);
            num += std::pow(f.u_at(i, 0) - want, 2) + std::pow(f.u_at(i, 1), 2);
            den += want * want;
        }
    const double err = std::sqrt(num / den);
    std::printf("%s plane Poiseuille N %d: relative L2 error %.3e\n", GetParam().c_str(), n, err);
    EXPECT_LE(err, 1e-2);
}

TEST_P(Storage16, MassInAClosedBox) {
    for (const std::string scheme : {"pull", "esoteric"}) {
        auto sim =
            test::cpu_run("cavity2d", keys({{"size", "32"}, {"re", "100"}, {"scheme", scheme}}));
        const auto mass = [&] {
            return test::sum_over_fluid(test::flow_field(*sim),
                                        [](double rho, const double*) { return rho; });
        };
        const double m0 = mass();
        double worst = 0;
        for (int block = 0; block < 10; ++block) {
            sim->step(1000);
            worst = std::max(worst, std::abs(mass() / m0 - 1));
        }
        std::printf("%s %s: worst relative mass drift %.3e over 10000 steps\n", GetParam().c_str(),
                    scheme.c_str(), worst);
        EXPECT_LE(worst, 5e-5);
    }
}

INSTANTIATE_TEST_SUITE_P(Formats, Storage16, testing::Values("fp16s", "fp16c"));

// The storage key's bad values name the key and what it allows.
TEST(Storage16Keys, BadValuesAreRefusedByName) {
    const auto refused = [](const std::string& scenario, const KeyValues& k) {
        try {
            test::cpu_run(scenario, k);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(refused("cavity2d", {{"storage", "fp8"}})
                  .find("storage = 'fp8': must be one of "
                        "fp64|fp32|fp16s|fp16c"),
              std::string::npos);
    EXPECT_NE(refused("cavity2d", {{"precision", "fp64"}, {"storage", "fp16s"}})
                  .find("storage = fp16s: with precision = fp64 the allowed storage is fp64"),
              std::string::npos);
    EXPECT_NE(refused("rt2d", {{"storage", "fp16c"}}).find("storage = fp16c: the d2q37 model"),
              std::string::npos);
    EXPECT_NE(refused("heated_cavity2d", {{"storage", "fp16s"}})
                  .find("storage = fp16s: the Boussinesq model"),
              std::string::npos);
    // The precision's own format is the default, spelled either way.
    auto sim = test::cpu_run("cavity2d", {{"size", "8"}, {"storage", "fp32"}});
    EXPECT_EQ(sim->setup().model.storage, std::nullopt);
    EXPECT_DOUBLE_EQ(bytes_per_node_update(sim->setup().model), 73.0);
}

TEST(Storage16Keys, BytesFollowTheOneFormula) {
    ModelChoice m{StencilKind::D3Q19, CollisionKind::BGK, Scheme::Esoteric,
                  Layout::SoA,        Precision::FP32,    Storage::FP16S};
    EXPECT_DOUBLE_EQ(bytes_per_node_update(m), 77.0); // 2 x 19 x 2 + 1
    EXPECT_DOUBLE_EQ(lattice_bytes(m, Dims{10, 10, 10}), 1000.0 * (19 * 2 + 1));
    m.storage.reset();
    EXPECT_DOUBLE_EQ(bytes_per_node_update(m), 153.0);
}

} // namespace
} // namespace ll
