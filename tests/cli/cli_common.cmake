# Shared by bad_input.cmake and run_ok.cmake: a fresh output folder DIR holding
# existing.json with `content`, then EXE run with ARGS ('|'-separated, %OUT% = DIR).
# Sets rc, out and err in the caller's scope.
macro(cli_fresh_run content timeout)
  file(REMOVE_RECURSE "${DIR}")
  file(MAKE_DIRECTORY "${DIR}")
  file(WRITE "${DIR}/existing.json" "${content}")
  string(REPLACE "|" ";" args "${ARGS}")
  string(REPLACE "%OUT%" "${DIR}" args "${args}")
  execute_process(COMMAND "${EXE}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT ${timeout})
endmacro()
