# Install rules and an exported package: find_package(Tessera) + Tessera::tessera.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
