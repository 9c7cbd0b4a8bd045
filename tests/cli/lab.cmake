# `latticelab lab`: the studies this machine can run write their files; the GPU studies are
# refused by name where there is no GPU; bad study names are refused.
cli_ok(lab_cpu_studies
       "lab;all;--quick;--backend;cpu;--quiet;--out;%OUT%/lab"
       "${CLI_PY};${CMAKE_CURRENT_SOURCE_DIR}/check_lab.py;${CMAKE_CURRENT_SOURCE_DIR}/check_png.py;%OUT%/lab;lattices;threads;d2q37-cpu")
cli_ok(lab_list "lab;list" "" "memory +Obrecht et al. 2010.*model.*transfer.*misaligned.*lattices.*threads.*registers +Bailey et al. 2009, Fig. 7.*d2q37-layout +Calore et al. 2016, Fig. 2.*d2q37-phases.*d2q37-cpu")
cli_bad(lab_unknown_study "lab: study 'bogus' does not exist; use memory\\|model\\|transfer\\|misaligned\\|lattices\\|threads\\|registers\\|d2q37-layout\\|d2q37-phases\\|d2q37-cpu, all or list"
        lab bogus)
cli_bad(lab_gpu_study_on_cpu "lab memory: needs a CUDA GPU \\(it times each warp.*--backend cpu asks for the CPU"
        lab memory --backend cpu)
cli_bad(lab_d2q37_layout_on_cpu "lab d2q37-layout: needs a CUDA GPU \\(it times the CUDA kernels over threads per block\\).*--backend cpu asks for the CPU"
        lab d2q37-layout --backend cpu)
cli_bad(lab_registers_on_cpu "lab registers: needs a CUDA GPU \\(it runs the GPU kernels' register-capped variants\\).*--backend cpu asks for the CPU"
        lab registers --backend cpu)
cli_bad(lab_list_with_bogus "lab: study 'bogus' does not exist" lab list bogus)
cli_bad(lab_out_is_a_file "--out .*: exists and is not a folder" lab threads --out ${CMAKE_CURRENT_SOURCE_DIR}/lab.cmake)
cli_bad(lab_no_study "studies is required" lab)
cli_bad(lab_blocks_without_gpu "--blocks: the misaligned study needs a CUDA GPU, and none is usable here"
        lab all --blocks 64 --backend cpu)
cli_bad(lab_blocks_wrong_study "--blocks: only the misaligned study takes it"
        lab threads --blocks 64)
