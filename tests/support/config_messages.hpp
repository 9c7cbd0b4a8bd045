// Checks of ConfigError messages for the input tests: the message a call throws, and that it
// names every fragment (the key, its value, the range), so a user can fix the input from it.
#pragma once
#include "solver/options.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace ll::test {

// The message of the ConfigError that `what` throws; a failure for anything else.
inline std::string config_error_of(const std::function<void()>& what) {
    try {
        what();
    } catch (const ConfigError& e) {
        return e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "threw a non-ConfigError: " << e.what();
        return "";
    }
    ADD_FAILURE() << "no ConfigError thrown";
    return "";
}

inline void expect_message(const std::string& message,
                           std::initializer_list<std::string> fragments) {
    for (const auto& f : fragments)
        EXPECT_NE(message.find(f), std::string::npos) << "'" << message << "' lacks '" << f << "'";
}

} // namespace ll::test
