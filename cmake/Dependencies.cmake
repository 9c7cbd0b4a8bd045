# Third-party packages. Debian's packages are used when present (README's install command);
# on a machine without them (the bare GPU machine) the same headers and GoogleTest sources can
# be carried in LATTICELAB_DEPS_DIR (scripts/prepare-gpu-deps fills it from this machine).
set(LATTICELAB_DEPS_DIR "${PROJECT_SOURCE_DIR}/.deps" CACHE PATH
    "Fallback folder with include/ (nlohmann, CLI, toml++) and googletest/ sources")

find_package(nlohmann_json 3.10 QUIET)
if(NOT TARGET nlohmann_json::nlohmann_json)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${LATTICELAB_DEPS_DIR}/include)
  message(STATUS "LatticeLab: nlohmann-json from ${LATTICELAB_DEPS_DIR}")
endif()

find_package(tomlplusplus QUIET)
if(NOT TARGET tomlplusplus::tomlplusplus)
  # toml++ works header-only when its compiled library is absent.
  add_library(tomlplusplus::tomlplusplus INTERFACE IMPORTED)
  target_include_directories(tomlplusplus::tomlplusplus INTERFACE ${LATTICELAB_DEPS_DIR}/include)
  target_compile_definitions(tomlplusplus::tomlplusplus INTERFACE TOML_HEADER_ONLY=1)
  message(STATUS "LatticeLab: toml++ header-only from ${LATTICELAB_DEPS_DIR}")
endif()

find_package(CLI11 QUIET)
if(NOT TARGET CLI11::CLI11)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  target_include_directories(CLI11::CLI11 INTERFACE ${LATTICELAB_DEPS_DIR}/include)
  message(STATUS "LatticeLab: CLI11 from ${LATTICELAB_DEPS_DIR}")
endif()

if(LATTICELAB_TESTS)
  find_package(GTest QUIET)
  if(NOT TARGET GTest::gtest AND EXISTS ${LATTICELAB_DEPS_DIR}/googletest/CMakeLists.txt)
    set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
    set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
    add_subdirectory(${LATTICELAB_DEPS_DIR}/googletest ${CMAKE_BINARY_DIR}/googletest
                     EXCLUDE_FROM_ALL SYSTEM)
    add_library(GTest::gtest ALIAS gtest)
    add_library(GTest::gtest_main ALIAS gtest_main)
    message(STATUS "LatticeLab: GoogleTest built from ${LATTICELAB_DEPS_DIR}/googletest")
  endif()
  if(NOT TARGET GTest::gtest)
    message(FATAL_ERROR "GoogleTest not found: install libgtest-dev (see README.md)")
  endif()
endif()

find_package(PNG QUIET)
if(NOT TARGET PNG::PNG AND EXISTS ${LATTICELAB_DEPS_DIR}/lib/libpng16.a)
  add_library(PNG::PNG STATIC IMPORTED)
  set_target_properties(PNG::PNG PROPERTIES
    IMPORTED_LOCATION ${LATTICELAB_DEPS_DIR}/lib/libpng16.a
    INTERFACE_INCLUDE_DIRECTORIES ${LATTICELAB_DEPS_DIR}/include
    INTERFACE_LINK_LIBRARIES "${LATTICELAB_DEPS_DIR}/lib/libz.a;m")
  message(STATUS "LatticeLab: libpng from ${LATTICELAB_DEPS_DIR}")
endif()
if(NOT TARGET PNG::PNG)
  message(FATAL_ERROR "libpng not found: install libpng-dev (see README.md)")
endif()

# The GL renderer (render/gl, render/egl) needs GLEW, a GL library and EGL, but no Qt: the GPU
# machine builds it from the packages carried in .gl (scripts/prepare-gpu-deps).
if(LATTICELAB_GL)
  find_package(OpenGL QUIET COMPONENTS OpenGL EGL)
  find_package(GLEW QUIET)
  if(NOT OpenGL_OpenGL_FOUND OR NOT OpenGL_EGL_FOUND OR NOT GLEW_FOUND)
    message(WARNING "LatticeLab: GLEW, OpenGL or EGL not found: building without the GL "
                    "renderer and the visualiser (scripts/install-deps installs them)")
    set(LATTICELAB_GL OFF)
  endif()
endif()

# The visualiser needs the GL renderer, Qt6 and Dear ImGui; without them (the bare GPU machine)
# the rest builds and a warning says what is missing.
if(LATTICELAB_GUI)
  find_package(Qt6 QUIET COMPONENTS Widgets OpenGLWidgets Gui Test)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(LATTICELAB_IMGUI_PROBE QUIET imgui)
  endif()
  if(NOT LATTICELAB_GL OR NOT Qt6_FOUND OR NOT LATTICELAB_IMGUI_PROBE_FOUND)
    message(WARNING "LatticeLab: the GL renderer, Qt6 or Dear ImGui is missing: building "
                    "without the visualiser (scripts/install-deps installs them)")
    set(LATTICELAB_GUI OFF)
  endif()
endif()

# MPI (Debian: openmpi-bin libopenmpi-dev) for one lattice over several processes or machines
# (solver/domain/); optional: without it `latticelab run` refuses to start under mpirun.
if(LATTICELAB_MPI)
  find_package(MPI QUIET COMPONENTS CXX)
endif()
if(MPI_CXX_FOUND)
  message(STATUS "MPI: ${MPI_CXX_LIBRARIES} (mpirun: ${MPIEXEC_EXECUTABLE})")
else()
  message(STATUS "MPI: not found (openmpi-bin libopenmpi-dev); runs under mpirun are refused")
endif()

# NCCL (beside CUDA, or Debian's libnccl-dev) moves halos GPU to GPU between MPI ranks
# (solver/cuda/nccl_exchange.cu); optional: without it the ranks exchange through host memory.
set(LATTICELAB_HAS_NCCL OFF)
if(LATTICELAB_HAS_CUDA AND LATTICELAB_NCCL)
  find_path(LATTICELAB_NCCL_INCLUDE_DIR nccl.h HINTS ${CUDAToolkit_INCLUDE_DIRS})
  if(LATTICELAB_NCCL_INCLUDE_DIR)
    get_filename_component(nccl_prefix "${LATTICELAB_NCCL_INCLUDE_DIR}" DIRECTORY)
    # The library beside the header found, so that the two agree on NCCL's version.
    find_library(LATTICELAB_NCCL_LIBRARY nccl NO_DEFAULT_PATH
                 PATHS ${nccl_prefix}/lib64 ${nccl_prefix}/lib ${nccl_prefix}/lib/x86_64-linux-gnu
                       ${CUDAToolkit_LIBRARY_DIR})
  endif()
  if(LATTICELAB_NCCL_INCLUDE_DIR AND LATTICELAB_NCCL_LIBRARY)
    set(LATTICELAB_HAS_NCCL ON)
    message(STATUS "NCCL: ${LATTICELAB_NCCL_LIBRARY}")
  else()
    message(STATUS "NCCL: not found; MPI ranks exchange halos through host memory")
  endif()
endif()
