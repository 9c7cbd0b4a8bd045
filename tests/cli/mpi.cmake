# One lattice over MPI ranks on the CPU back end (issue 12): 1 to 4 ranks (oversubscribed on
# CI's 2 cores) write the VTK file of the run in one process, 2 ranks its PNG byte for byte; a bad tiling, mixed binaries or
# arguments, and a rank that never answers end every rank with exit 2 and one message.
add_executable(silent_rank silent_rank.cpp)
target_link_libraries(silent_rank PRIVATE MPI::MPI_CXX)

# As root (CI), OpenMPI wants --allow-run-as-root; --oversubscribe: more ranks than cores.
set(MPIRUN ${MPIEXEC_EXECUTABLE} --allow-run-as-root --oversubscribe)
string(JOIN " " mpirun ${MPIRUN})
string(JOIN " " run run cavity2d --backend cpu --set size=24 --set precision=fp64 --steps 300)
string(JOIN " " run3d run cavity3d --backend cpu --set size=10 --set precision=fp64
       --set scheme=aa --steps 101)
add_test(NAME cli_mpi_ranks_equal_one_process
         COMMAND sh -c "set -e; rm -rf \"$0\"; mkdir -p \"$0\"; \
\"$1\" ${run} --quiet --vtk \"$0/one.vti\" --png \"$0/one.png\"; \
\"$1\" ${run3d} --quiet --vtk \"$0/one3d.vti\"; \
${mpirun} -np 2 \"$1\" ${run} --quiet --png \"$0/ranks2.png\"; cmp \"$0/one.png\" \"$0/ranks2.png\"; \
for n in 1 2 3 4; do ${mpirun} -np $n \"$1\" ${run} --vtk \"$0/ranks$n.vti\" > \"$0/ranks$n.log\"; \
  \"$2\" \"$3/compare_vti.py\" \"$0/one.vti\" \"$0/ranks$n.vti\"; done; \
${mpirun} -np 4 \"$1\" ${run3d} --tiles 2x1x2 --vtk \"$0/ranks3d.pvti\" > \"$0/ranks3d.log\"; \
\"$2\" \"$3/compare_vti.py\" \"$0/one3d.vti\" \"$0/ranks3d.pvti\" 4; \
grep -q '4 subdomains (1x4x1) on 4 ranks' \"$0/ranks4.log\"; \
${mpirun} -np 3 \"$1\" ${run} --json \"$0/ranks3.json\" > /dev/null; \
\"$2\" \"$3/check_subdomains_json.py\" \"$0/ranks3.json\" 1x3x1 3; \
test $(grep -c '^scenario' \"$0/ranks4.log\") = 1"
                 ${CLI_OUT}/mpi ${CLI_EXE} ${CLI_PY} ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_mpi_ranks_equal_one_process PROPERTIES LABELS cpu TIMEOUT 300)

# mpi_bad(NAME REGEX LAUNCH...): the launch exits 2 and its stderr matches, within the timeout.
function(mpi_bad name expect)
  string(JOIN " " launch ${ARGN})
  add_test(NAME cli_mpi_${name}
           COMMAND sh -c "out=$(LATTICELAB_MPI_TIMEOUT=3 ${launch} 2>&1); rc=$?; \
echo \"$out\"; test $rc = 2 && echo \"$out\" | grep -E -q \"$0\""
                   "${expect}")
  set_tests_properties(cli_mpi_${name} PROPERTIES LABELS cpu TIMEOUT 60)
endfunction()
string(JOIN " " small run cavity2d --backend cpu --steps 10)
file(MAKE_DIRECTORY ${CLI_OUT})
mpi_bad(tiles_not_ranks "error: --tiles 3x1x1 makes 3 subdomains, but 2 MPI ranks"
        ${mpirun} -np 2 $<TARGET_FILE:latticelab> ${small} --tiles 3x1x1)
mpi_bad(other_arguments "rank 1 was started with other arguments"
        ${mpirun} -np 1 $<TARGET_FILE:latticelab> ${small} :
        -np 1 $<TARGET_FILE:latticelab> ${small} --set size=16)
# Another build: the same binary with one byte more, made when the test runs.
set(other ${CLI_OUT}/latticelab-other)
mpi_bad(mixed_builds "rank 1 runs a different latticelab binary"
        cp $<TARGET_FILE:latticelab> ${other} && echo >> ${other} &&
        ${mpirun} -np 1 $<TARGET_FILE:latticelab> ${small} : -np 1 ${other} ${small})
mpi_bad(silent_rank "rank 0: the start-up check: no answer from another rank within 3 s"
        ${mpirun} -np 1 $<TARGET_FILE:latticelab> ${small} : -np 1 $<TARGET_FILE:silent_rank>)
mpi_bad(scale_bench "scale-bench: runs in one process"
        ${mpirun} -np 2 $<TARGET_FILE:latticelab> scale-bench --backend cpu --size 16)

# --timeline over 2 ranks: every rank's spans, gathered by rank 0, which alone prints the chart
# (one process: subdomains.cmake).
add_test(NAME cli_mpi_timeline
         COMMAND sh -c "set -e; rm -rf \"$0\"; mkdir -p \"$0\"; \
${mpirun} -np 2 \"$1\" ${small} --timeline --json \"$0/two.json\" > \"$0/two.log\"; \
\"$2\" \"$3/check_timeline_json.py\" \"$0/two.json\" 2; \
test $(grep -c '^timeline   one more step (11), traced' \"$0/two.log\") = 1; \
grep -q '^rank 1: tile 1' \"$0/two.log\""
                 ${CLI_OUT}/mpi_timeline ${CLI_EXE} ${CLI_PY} ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_mpi_timeline PROPERTIES LABELS cpu TIMEOUT 120)

# The D2Q37 model (rt2d) over 2 ranks, one tile each along x (the exchange replaces its pbc),
# and along y (the walls stay with the edge tiles): the VTK file of one process, as are 2x2
# tiles in one process.
string(JOIN " " rt2d run rt2d --backend cpu --set size=16 --set height=32 --steps 201)
add_test(NAME cli_mpi_rt2d_ranks_equal_one_process
         COMMAND sh -c "set -e; rm -rf \"$0\"; mkdir -p \"$0\"; \
\"$1\" ${rt2d} --quiet --vtk \"$0/one.vti\"; \
\"$1\" ${rt2d} --quiet --tiles 2x2 --vtk \"$0/tiles.vti\"; \
\"$2\" \"$3/compare_vti.py\" \"$0/one.vti\" \"$0/tiles.vti\"; \
for t in 2x1x1 1x2x1; do ${mpirun} -np 2 \"$1\" ${rt2d} --tiles $t --vtk \"$0/ranks$t.vti\" \
  > \"$0/ranks$t.log\"; \"$2\" \"$3/compare_vti.py\" \"$0/one.vti\" \"$0/ranks$t.vti\"; done; \
grep -q '2 subdomains (2x1x1) on 2 ranks' \"$0/ranks2x1x1.log\""
                 ${CLI_OUT}/mpi_rt2d ${CLI_EXE} ${CLI_PY} ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_mpi_rt2d_ranks_equal_one_process PROPERTIES LABELS cpu TIMEOUT 120)
