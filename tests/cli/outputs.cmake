# Outputs that never damage the machine (issue 10): special files written through or refused,
# every output or none, interrupts, standard output checked at exit, -q. Each case is a
# function of check_outputs.py, which makes its device nodes, FIFOs, sockets and links in its
# own folder (never the system's); device nodes need root and skip, saying so, without it.
foreach(case full_device null_device stdout_dash stdout_link fifo refused_kinds
             link_to_regular all_or_none all_or_none_stream same_file_twice interrupt
             second_interrupt stale_temporaries stdout_full quiet every_command)
  add_test(NAME cli_outputs_${case}
           COMMAND ${CLI_PY} ${CMAKE_CURRENT_SOURCE_DIR}/check_outputs.py ${CLI_EXE}
                   ${CLI_OUT}/outputs_${case} ${case})
  set_tests_properties(cli_outputs_${case} PROPERTIES LABELS cpu TIMEOUT 180
                       SKIP_REGULAR_EXPRESSION ": SKIP: ")
endforeach()
