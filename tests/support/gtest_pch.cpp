// The target that owns the solver tests' precompiled GoogleTest header (tests/CMakeLists.txt):
// CMake builds a precompiled header with a target, and a target needs a source.
