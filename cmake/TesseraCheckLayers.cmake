# cmake -DSOURCE_DIR=<repo> -P cmake/TesseraCheckLayers.cmake
# Fails when a source file includes a header of a layer it may not depend on (see
# cmake/TesseraLayers.cmake), or when <mpi.h> appears outside the MPI layer. Run on every build
# (target tessera_layer_check) and by ctest (layer-includes).
cmake_minimum_required(VERSION 3.21)  # script mode: IN_LIST and the other policies of the project
set(_allowed_core core)
set(_allowed_io core io)
set(_allowed_algorithms core algorithms)
set(_allowed_distributed core io algorithms distributed)
set(_layers core io algorithms apps distributed)

set(_errors "")
foreach(layer core io algorithms distributed)
  file(GLOB_RECURSE _files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${layer}/*.hpp ${SOURCE_DIR}/${layer}/*.cpp)
  foreach(f IN LISTS _files)
    file(STRINGS ${SOURCE_DIR}/${f} _includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    foreach(line IN LISTS _includes)
      if(line MATCHES "#[ \t]*include[ \t]*\"([a-z_]+)/" AND CMAKE_MATCH_1 IN_LIST _layers
         AND NOT CMAKE_MATCH_1 IN_LIST _allowed_${layer})
        string(REPLACE ";" ", " _may "${_allowed_${layer}}")
        string(APPEND _errors "\n  ${f}: ${line}  (the ${layer} layer may include only: ${_may})")
      elseif(line MATCHES "#[ \t]*include[ \t]*<mpi\\.h>" AND NOT layer STREQUAL "distributed")
        string(APPEND _errors "\n  ${f}: ${line}  (MPI belongs to distributed/)")
      endif()
    endforeach()
  endforeach()
endforeach()
if(_errors)
  message(FATAL_ERROR "wrong-way includes (a layer depends only on the layers below it):${_errors}")
endif()
