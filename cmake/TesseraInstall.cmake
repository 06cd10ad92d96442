# Install rules and an exported package, so another project can
#   find_package(Tessera REQUIRED)   and link   Tessera::tessera (every single-node layer) or one
#   layer: Tessera::core, Tessera::io, Tessera::algorithms, and Tessera::dist (the MPI layer,
#   when built with TESSERA_ENABLE_MPI). examples/consumer is such a project (.ci/run builds it).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(_tessera_installed tessera tessera_core tessera_io tessera_algorithms)
if(TARGET tessera_dist)
  list(APPEND _tessera_installed tessera_dist)
endif()
install(TARGETS ${_tessera_installed} EXPORT TesseraTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
foreach(_dir core io algorithms distributed)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${_dir} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tessera
          FILES_MATCHING PATTERN "*.hpp")
endforeach()
install(EXPORT TesseraTargets NAMESPACE Tessera:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Tessera)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/TesseraConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TesseraConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Tessera)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TesseraConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TesseraConfig.cmake ${PROJECT_BINARY_DIR}/TesseraConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Tessera)
