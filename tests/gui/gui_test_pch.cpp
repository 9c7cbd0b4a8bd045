// The target that owns the window tests' precompiled header (tests/gui/CMakeLists.txt): CMake
// builds a precompiled header with a target, and a target needs a source.
