# Install rules and an exported package, so another project can
#   find_package(Tessera REQUIRED)   and link   Tessera::tessera (every single-node layer) or one
#   layer: Tessera::core, Tessera::io, Tessera::algorithms
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS tessera tessera_core tessera_io tessera_algorithms EXPORT TesseraTargets
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
