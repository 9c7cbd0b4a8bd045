# Issue 10: see tests/cli/CMakeLists.txt
