# What a small run takes (issue 10): every run used to take about 520 MiB, even on an 8 x 8
# lattice, because the CPU copy-bandwidth probe always copied between two 256 MiB buffers. The
# probe is now sized to the lattice (host_copy_bandwidth), and a small CPU run needs about
# 8 MiB, CUDA runtime linked in or not (peak_rss.py reads 10-15 MiB: its own RSS is the floor).
# The bound leaves room for more threads and libraries but fails long before a stray large
# buffer. A run that lands on a GPU (auto) is skipped: a CUDA context alone takes ~140 MiB.
set(LATTICELAB_SMALL_RUN_MIB 32)
function(cli_memory name)
  add_test(NAME cli_memory_${name}
           COMMAND ${CLI_PY} ${CMAKE_CURRENT_SOURCE_DIR}/peak_rss.py ${LATTICELAB_SMALL_RUN_MIB}
                   ${CLI_EXE} ${ARGN})
  set_tests_properties(cli_memory_${name} PROPERTIES LABELS cpu TIMEOUT 100 SKIP_RETURN_CODE 77)
endfunction()
cli_memory(cavity2d run cavity2d --backend cpu --set size=8 --steps 1)
cli_memory(cavity2d_auto run cavity2d --set size=8 --steps 1)
cli_memory(cavity3d run cavity3d --backend cpu --set size=8 --steps 1)
cli_memory(rt2d run rt2d --backend cpu --set size=16 --set height=48 --steps 1)
cli_memory(heated_cavity2d run heated_cavity2d --backend cpu --set size=16 --steps 1)
