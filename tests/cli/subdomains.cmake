# Subdomains on the command line (issue 12): --tiles and --subdomains refuse what cannot split,
# naming the value, and a split run writes the same VTK file as the run in one domain.
cli_bad(tiles_syntax "--tiles: \"2y1\" is not of the form N, NxM or NxMxK"
        run cavity2d --backend cpu --tiles 2y1)
cli_bad(tiles_z_on_2d "--tiles 1x1x2: the lattice is 1 node wide along z"
        run cavity2d --backend cpu --tiles 1x1x2)
cli_bad(tiles_thinner_than_halo "--tiles 12x1x1: the thinnest tile along x has width 0"
        run cavity2d --backend cpu --set size=8 --tiles 12x1x1)
# D2Q37's halo is 3 deep: 16 columns in 6 tiles are 2 or 3 wide (a D2Q9 tile may be 1 wide).
cli_bad(tiles_d2q37_thinner_than_halo
        "--tiles 6x1x1: the thinnest tile along x has width 2, less than the halo depth 3, the minimum tile width"
        run rt2d --backend cpu --set size=16 --tiles 6x1x1)
cli_bad(devices_on_cpu "--devices 7: GPUs need the CUDA back end"
        run cavity2d --backend cpu --devices 7)
cli_bad(devices_list "--devices 'x': must be a comma list of GPU numbers"
        run cavity2d --devices 0,x)
cli_bad(timeline_one_domain "--timeline: this run is one domain, with no halo exchange to trace"
        run cavity2d --backend cpu --steps 5 --timeline)
cli_bad(tiles_and_subdomains "--tiles and --subdomains: give one"
        run cavity2d --backend cpu --tiles 2x1 --subdomains 2)
cli_bad(subdomains_prime "--tiles: no tiling of 11 subdomains fits"
        run cavity2d --backend cpu --set size=8 --subdomains 11)

# cavity2d (walls on every side, a moving lid) in 2 x 2 tiles, and 3 subdomains chosen by the
# halo size: the VTK files equal the one-domain run's, also read back as a .pvti of 6 pieces
# by VTK's parallel reader.
string(JOIN " " args run cavity2d --backend cpu --set size=24 --set precision=fp64 --steps 300
       --quiet)
add_test(NAME cli_subdomains_equal_one_domain
         COMMAND sh -c "set -e; rm -rf \"$0\"; mkdir -p \"$0\"; \
\"$1\" ${args} --vtk \"$0/one.vti\"; \
\"$1\" ${args} --tiles 2x2 --vtk \"$0/tiles.vti\"; \
\"$1\" ${args} --subdomains 3 --vtk \"$0/three.vti\"; \
\"$1\" ${args} --tiles 3x2 --vtk \"$0/pieces.pvti\" --json \"$0/pieces.json\"; \
\"$2\" \"$3/check_subdomains_json.py\" \"$0/pieces.json\" 3x2x1 0; \
\"$2\" \"$3/compare_vti.py\" \"$0/one.vti\" \"$0/pieces.pvti\" 6; \
\"$2\" \"$3/compare_vti.py\" \"$0/one.vti\" \"$0/tiles.vti\"; \
\"$2\" \"$3/compare_vti.py\" \"$0/one.vti\" \"$0/three.vti\""
                 ${CLI_OUT}/subdomains ${CLI_EXE} ${CLI_PY} ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_subdomains_equal_one_domain PROPERTIES LABELS cpu TIMEOUT 100)

# --timeline in one process: 2 tiles' updates and the host exchange of one more step, the
# chart on stdout and the spans in --json (over ranks: mpi.cmake).
add_test(NAME cli_subdomains_timeline
         COMMAND sh -c "set -e; rm -rf \"$0\"; mkdir -p \"$0\"; \
\"$1\" run cavity2d --backend cpu --steps 10 --tiles 2x1 --timeline --json \"$0/one.json\" \
  > \"$0/one.log\"; \
\"$2\" \"$3/check_timeline_json.py\" \"$0/one.json\" 0; \
grep -q '^timeline   one more step (11), traced' \"$0/one.log\"; \
grep -q '^tile 1, host clock update  *|' \"$0/one.log\""
                 ${CLI_OUT}/subdomains_timeline ${CLI_EXE} ${CLI_PY} ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_subdomains_timeline PROPERTIES LABELS cpu TIMEOUT 60)

# scale-bench on the CPU at a tiny size: every table is written, and the numbers are sane.
cli_ok(scale_bench
       "scale-bench;--backend;cpu;--size;16;--weak-size;8;--counts;1,2,3;--repeats;1;--quiet;--json;%OUT%/s.json;--markdown;%OUT%/s.md"
       "${CLI_PY};${CMAKE_CURRENT_SOURCE_DIR}/check_scale_bench.py;%OUT%/s.json;%OUT%/s.md;1;2;3")
cli_bad(scale_bench_counts "--counts: 65 subdomains; use 1 to 64"
        scale-bench --backend cpu --counts 1,65)
cli_bad(scale_bench_tables "--tables 'bogus': must be a comma list of all, strong"
        scale-bench --backend cpu --tables halo,bogus)
cli_bad(scale_bench_gpus "--gpus 0: no usable GPU"
        scale-bench --backend cpu --gpus 0)
cli_bad(scale_bench_storage "--storage fp16s: storage = fp16s: with precision = fp64 the allowed storage is fp64"
        scale-bench --backend cpu --precision fp64 --storage fp16s)
cli_bad(scale_bench_storage_name "--storage 'fp8': must be"
        scale-bench --backend cpu --storage fp8)
cli_bad(scale_bench_d2q37 "--stencil d2q37: scale-bench times the isothermal models"
        scale-bench --backend cpu --stencil d2q37)
cli_bad(scale_bench_layout_name "--layout 'soaos': must be soa"
        scale-bench --backend cpu --layout soaos)
cli_bad(scale_bench_layout_scheme "--layout aosoa: layout = aosoa: offered with .*scheme = pull\\|aa\\|esoteric"
        scale-bench --backend cpu --layout aosoa --scheme push)

# render-bench (GL builds) takes --tiles and --devices too: bad ones are refused by name and
# range before any GL context or lattice exists.
if(TARGET latticelab_render_egl)
  cli_bad(render_bench_tiles_syntax "--tiles: \"2y1\" is not of the form N, NxM or NxMxK"
          render-bench --backend cpu --tiles 2y1)
  cli_bad(render_bench_tiles_too_fine
          "--tiles 16x1x1: the thinnest tile along x has width 0.*give N <= 10"
          render-bench --backend cpu --set size=8 --tiles 16x1x1)
  cli_bad(render_bench_devices "--devices 3: GPUs need the CUDA back end"
          render-bench --backend cpu --devices 3)
  cli_bad(render_bench_devices_list "--devices 'x': must be a comma list of GPU numbers"
          render-bench --backend cpu --devices 0,x)
endif()
