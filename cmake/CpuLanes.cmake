# The instruction set of the CPU back end's SIMD rows (solver/engine/cpu_rows.hpp).
#   host      (default) the widest of AVX-512F and AVX2 that the building machine runs, found
#             here by running a probe: the setup commands build on the machine that runs the
#             program, and one build of the lanes compiles in a third of the time of three
#   portable  all three (baseline SSE2, AVX2, AVX-512F), the one the running CPU supports
#             picked when the program starts: for a binary copied to other machines
# Both compute the same bits (no fused multiply-add either way). Only GCC on x86-64 builds
# either; other compilers build the plain loop.
set(LATTICELAB_CPU_LANES "host" CACHE STRING
    "ISA of the CPU back end's SIMD rows: host (what this machine runs) or portable (all)")
set_property(CACHE LATTICELAB_CPU_LANES PROPERTY STRINGS host portable)

set(LATTICELAB_CPU_LANES_DEFINITION "")
if(NOT LATTICELAB_CPU_LANES MATCHES "^(host|portable)$")
  message(FATAL_ERROR "LATTICELAB_CPU_LANES = '${LATTICELAB_CPU_LANES}': allowed are host "
                      "and portable")
elseif(LATTICELAB_CPU_LANES STREQUAL "portable")
  set(LATTICELAB_CPU_LANES_DEFINITION LL_CPU_LANES_PORTABLE=1)
  message(STATUS "LatticeLab: CPU rows for SSE2, AVX2 and AVX-512F, picked at start-up")
elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  if(NOT DEFINED LATTICELAB_CPU_LANES_HOST_ISA)
    set(probe ${CMAKE_BINARY_DIR}/CMakeFiles/cpu_lanes_probe.cpp)
    file(WRITE ${probe} "#include <cstdio>
int main() {
    __builtin_cpu_init();
    std::puts(__builtin_cpu_supports(\"avx512f\") ? \"avx512f\"
              : __builtin_cpu_supports(\"avx2\")  ? \"avx2\"
                                                   : \"default\");
}
")
    try_run(run_result compile_result ${CMAKE_BINARY_DIR}/CMakeFiles/cpu_lanes_probe
            SOURCES ${probe} RUN_OUTPUT_VARIABLE isa)
    string(STRIP "${isa}" isa)
    if(NOT compile_result OR NOT run_result EQUAL 0 OR NOT isa MATCHES "^(avx512f|avx2|default)$")
      set(isa default)
    endif()
    set(LATTICELAB_CPU_LANES_HOST_ISA ${isa} CACHE INTERNAL "the building CPU's widest lanes")
  endif()
  if(NOT LATTICELAB_CPU_LANES_HOST_ISA STREQUAL "default")
    set(LATTICELAB_CPU_LANES_DEFINITION LL_CPU_LANES_TARGET="${LATTICELAB_CPU_LANES_HOST_ISA}")
  endif()
  message(STATUS "LatticeLab: CPU rows built for this machine's ${LATTICELAB_CPU_LANES_HOST_ISA}"
                 " (LATTICELAB_CPU_LANES=portable for a binary that runs elsewhere)")
endif()
