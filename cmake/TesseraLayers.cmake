# The library is split by layer, each a target of its own that links only the layers below it:
#
#   core         types, errors, graphs, hypergraphs, kokkos_ext, util
#   io           readers, writers, generators                    -> core
#   algorithms   triangle counting, pattern mining, partitioning -> core
#   distributed  the MPI layer (distributed/CMakeLists.txt)      -> algorithms, io, core
#
# `Tessera::tessera` is the single-node layers together. What a layer's sources may include is
# the same table, checked on every build by cmake/TesseraCheckLayers.cmake: an `#include` of a
# layer above (or beside) fails the build with the file and line.

# tessera_add_layer(<name> [<layer below> ...]): the library tessera_<name> (Tessera::<name>).
function(tessera_add_layer name)
  add_library(tessera_${name})
  add_library(Tessera::${name} ALIAS tessera_${name})
  set_target_properties(tessera_${name} PROPERTIES EXPORT_NAME ${name} POSITION_INDEPENDENT_CODE ON)
  foreach(below IN LISTS ARGN)
    target_link_libraries(tessera_${name} PUBLIC tessera_${below})
  endforeach()
endfunction()

# The umbrella target and the include check; called once every layer exists.
function(tessera_finish_layers)
  add_library(tessera INTERFACE)
  add_library(Tessera::tessera ALIAS tessera)
  set_target_properties(tessera PROPERTIES EXPORT_NAME tessera)
  target_link_libraries(tessera INTERFACE tessera_core tessera_io tessera_algorithms)
  add_custom_target(tessera_layer_check ALL
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -P ${PROJECT_SOURCE_DIR}/cmake/TesseraCheckLayers.cmake
    COMMENT "Checking that every layer includes only the layers below it")
  foreach(layer core io algorithms)
    add_dependencies(tessera_${layer} tessera_layer_check)
  endforeach()
endfunction()
