# Finds every dependency, each with the reason Tessera needs it. The backend (Serial/OpenMP/
# CUDA) is whatever the Kokkos install found here was built with: choose it with Kokkos_ROOT
# (the presets point at scripts/setup-deps.sh's prefixes).
find_package(Kokkos 3.4 REQUIRED)           # portable kernels: every algorithm
# Kokkos Kernels normally sits in the same prefix as Kokkos.
get_filename_component(_kokkos_prefix "${Kokkos_DIR}/../../.." ABSOLUTE)
find_package(KokkosKernels REQUIRED HINTS "${_kokkos_prefix}")  # CRS row sorting, baselines
find_package(ZLIB REQUIRED)                 # gzip-compressed text inputs
find_package(yaml-cpp REQUIRED)             # experiment files for `tessera run`
if(TARGET yaml-cpp::yaml-cpp)
  set(TESSERA_YAML_TARGET yaml-cpp::yaml-cpp)
else()
  set(TESSERA_YAML_TARGET yaml-cpp)         # yaml-cpp < 0.8 exports an unscoped target
endif()
if(TESSERA_ENABLE_HDF5)
  enable_language(C)                        # FindHDF5 probes with a C compiler
  find_package(HDF5 REQUIRED COMPONENTS C)  # chunked, compressed graph storage; range reads
endif()
if(TESSERA_ENABLE_MPI)
  find_package(MPI REQUIRED COMPONENTS CXX) # the distributed layer
endif()
if(TESSERA_ENABLE_TESTS)
  find_package(doctest REQUIRED)
endif()
if(TESSERA_ENABLE_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
find_package(Git QUIET)
