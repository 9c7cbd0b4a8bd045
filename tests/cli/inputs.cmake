# Inputs of the fuzzing run (issue 10): every spelling of an integer key gets the same checks,
# scenario files refuse what is not a scenario (a number beyond a double, a key twice, a FIFO,
# a device, a large file) naming the file, the line and the key, derived extents blame the key
# that sets them, and the comma lists of bench and thermal-bench refuse empty and repeated
# items. The solver-side cases are in tests/solver/scenario/test_scenario_inputs.cpp.

# ---- numbers: one reading of an integer key, for the pre-flight and the builders -------------
# 4096 x 1026 x 1026 nodes: the pre-flight used to skip a size it could not read as an integer.
foreach(spelling 1024.0 1.024e3 +1024)
  cli_bad(size_spelling_${spelling} "size = 1024: the lattice would have [0-9]+ nodes; at most 2\\^32 - 1"
          run duct3d --backend cpu --set size=${spelling} --set length=4096)
endforeach()
cli_bad(size_real_memory "size = 1024: the run needs .* GiB.*use size <= [0-9]+"
        run cavity3d --backend cpu --set size=1024.0 --set precision=fp64)
cli_bad(size_hex "size = '0x400': not a number or the sides NXxNYxNZ; must be an integer in \\[8, 1024\\]"
        run cavity3d --set size=0x400)
cli_bad(size_fraction "size = 128.5: must be an integer in \\[8, 8192\\]" run cavity2d --set size=128.5)
# 1.6e1 is 16, and the record says so.
cli_ok(size_exponent
       "run;cavity2d;--backend;cpu;--set;size=1.6e1;--steps;20;--json;%OUT%/r.json"
       "${CLI_PY};${CMAKE_CURRENT_SOURCE_DIR}/check_json.py;%OUT%/r.json;18;18;1;20;73;size=16")

# ---- scenario file contents --------------------------------------------------------------------
cli_bad(json_number_overflow "re_overflow.json:1: key 're': 1e400 is beyond the range of a double"
        run ${CLI_DATA}/re_overflow.json)
cli_bad(json_huge_integer "size = 18446744073709551615: must be an integer in \\[8, 8192\\]"
        run ${CLI_DATA}/size_huge.json)
cli_bad(json_duplicate_key "duplicate_key.json:4: key 'size' is given twice \\(first on line 3\\)"
        run ${CLI_DATA}/duplicate_key.json)
cli_bad(toml_duplicate_key "duplicate_key.toml:3: TOML syntax error" run ${CLI_DATA}/duplicate_key.toml)
cli_bad(toml_nan "re_nan.toml:3: key 're': nan is not a finite number" run ${CLI_DATA}/re_nan.toml)
cli_bad(json_empty_key "empty_key.json:1: an empty key" run ${CLI_DATA}/empty_key.json)

# ---- scenario files that are not regular files, or too large --------------------------------
# Made by a fixture in a folder of its own (cli_bad empties its output folder before each run).
set(special ${CLI_OUT}/inputs_special)
add_test(NAME cli_inputs_special_files
         COMMAND sh -c "rm -rf \"$0\" && mkdir -p \"$0/folder.json\" && mkfifo \"$0/fifo.json\" && ln -s /dev/zero \"$0/zero.json\" && truncate -s 2M \"$0/big.json\" && ln -s \"$1\" \"$0/link.json\""
                 ${special} ${CLI_DATA}/cavity.json)
set_tests_properties(cli_inputs_special_files PROPERTIES LABELS cpu FIXTURES_SETUP inputs_special)
cli_bad(scenario_fifo "fifo.json is a FIFO, not a regular file" run ${special}/fifo.json)
cli_bad(scenario_device "zero.json is a character device, not a regular file"
        run ${special}/zero.json)
cli_bad(scenario_directory "folder.json is a directory, not a regular file"
        run ${special}/folder.json)
cli_bad(scenario_large "big.json is larger than 1 MiB" run ${special}/big.json)
cli_ok(scenario_link "run;${special}/link.json;--backend;cpu;--steps;2" "")
foreach(t cli_bad_scenario_fifo cli_bad_scenario_device cli_bad_scenario_directory
          cli_bad_scenario_large cli_scenario_link)
  set_tests_properties(${t} PROPERTIES FIXTURES_REQUIRED inputs_special)
endforeach()

# ---- extents derived from two keys blame the one that is wrong -------------------------------
cli_bad(rayleigh_benard_aspect "aspect = 0.25: .*with size = 4 use aspect in \\[0.375, 16\\]"
        run rayleigh_benard2d --set size=4 --set aspect=0.25)
cli_bad(rayleigh_benard3d_aspect "aspect = 0.25: .*with size = 4 use aspect in \\[0.375, 16\\]"
        run rayleigh_benard3d --set size=4 --set aspect=0.25)
cli_bad(poiseuille_length "length = 1: must be an integer in \\[2, 65536\\]"
        run poiseuille2d --set length=1)

# ---- comma lists: empty lists, empty items and repeats are refused ----------------------------
# cli_bad_empty(NAME COMMAND FLAG): `latticelab COMMAND FLAG ''` must exit 2 with "FLAG: empty
# list". Through sh: CMake drops an empty argument from a command line, and CLI11 refuses
# `FLAG=` by itself, so only a separate '' reaches the list parser.
function(cli_bad_empty name command flag)
  add_test(NAME cli_bad_${name}
           COMMAND sh -c "out=$(\"$0\" $1 $2 '' 2>&1); rc=$?; echo \"$out\"; [ $rc -eq 2 ] && echo \"$out\" | grep -q -e \"$2: empty list\""
                   ${CLI_EXE} ${command} ${flag})
  set_tests_properties(cli_bad_${name} PROPERTIES LABELS cpu TIMEOUT 60)
endfunction()
cli_bad_empty(bench_schemes_empty bench --schemes)
cli_bad_empty(bench_collisions_empty bench --collisions)
cli_bad_empty(thermal_bench_block_sizes_empty thermal-bench --block-sizes)
cli_bad_empty(thermal_bench_kernels_empty thermal-bench --kernels)
cli_bad(bench_schemes_repeat "--schemes 'pull,pull': 'pull' is a repeat" bench --schemes pull,pull)
cli_bad(bench_schemes_trailing_comma "--schemes 'pull,': an empty item" bench --schemes pull,)
cli_bad(bench_layouts_empty_item "--layouts 'soa,,aos': an empty item" bench --layouts soa,,aos)
cli_bad(bench_precisions_repeat "--precisions 'fp32,fp64,fp32': 'fp32' is a repeat"
        bench --precisions fp32,fp64,fp32)
cli_bad(bench_stencils_repeat "--stencils 'd2q9,d2q9': 'd2q9' is a repeat" bench --stencils d2q9,d2q9)
cli_bad(bench_block_sizes_repeat "--block-sizes '128,1.28e2': '1.28e2' is a repeat"
        bench --block-sizes 128,1.28e2)
cli_bad(thermal_bench_kernels_repeat "--kernels 'collide,collide': 'collide' is a repeat"
        thermal-bench --kernels collide,collide)
cli_bad(thermal_bench_schemes_item "--schemes 'pull,': an empty item" thermal-bench --schemes pull,)
# Without --schemes: every scheme, six rows with one layout.
# Seed 003's cubic and non-cubic lattices in one call: a cube, a 3-D box and a 2-D one; a
# lattice of the other dimension is skipped for a stencil.
cli_ok(bench_several_lattices
       "bench;--backend;cpu;--size;12,16x12x8,20x12;--stencils;d3q19,d2q9;--schemes;aa;--layouts;soa;--steps;1;--repeats;1;--json;%OUT%/l.json;--markdown;%OUT%/l.md"
       "${CLI_PY};${CMAKE_CURRENT_SOURCE_DIR}/check_bench.py;%OUT%/l.json;%OUT%/l.md;4;12x12x12,12x12x1,16x12x8,20x12x1")
# Bailey et al. 2009's CPU comparison: the same rows at 1 and 2 OpenMP threads.
cli_ok(bench_thread_sweep
       "bench;--backend;cpu;--size;12;--schemes;aa,pull;--layouts;soa;--threads;1,2;--steps;1;--repeats;1;--json;%OUT%/t.json;--markdown;%OUT%/t.md"
       "${CLI_PY};${CMAKE_CURRENT_SOURCE_DIR}/check_bench.py;%OUT%/t.json;%OUT%/t.md;4;12x12x12;1,2")
cli_bad(bench_threads_zero "--threads '0': must be a comma list of thread counts from 1 to"
        bench --backend cpu --threads 0)
cli_bad(bench_size_sides "--size '8x8x8x8': must be a comma list of N" bench --size 8x8x8x8)
cli_bad(bench_size_small "--size '3x8': must be a comma list of N" bench --size 3x8)
cli_bad(bench_size_repeat "--size '16,16': '16' is a repeat" bench --size 16,16)
# Register caps (the register_cap key) pick GPU kernel variants: the CPU back end has none.
cli_bad_empty(bench_register_caps_empty bench --register-caps)
cli_bad(bench_register_caps_cpu "--register-caps 0,32: register_cap = 32: the CPU back end offers no"
        bench --backend cpu --register-caps 0,32)
cli_bad(bench_register_caps_range "--register-caps .*register caps from 0 \\(the compiler's choice\\) to 255"
        bench --register-caps 0,256)
cli_bad(bench_size_memory "--size 100000x100000x100000 .size = its longest side.: size = 100000"
        bench --backend cpu --size 100000x100000x100000)
cli_ok(bench_all_schemes
       "bench;--backend;cpu;--size;8;--steps;1;--repeats;1;--layouts;soa;--json;%OUT%/b.json;--markdown;%OUT%/b.md"
       "${CLI_PY};${CMAKE_CURRENT_SOURCE_DIR}/check_bench.py;%OUT%/b.json;%OUT%/b.md;6")
# Issue 10: see tests/cli/CMakeLists.txt
