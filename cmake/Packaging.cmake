# What an installed prefix offers besides the programs and libraries: the CMake package
# (find_package(omp2numa CONFIG)), the pkg-config file, the documentation and man pages, and an
# uninstall target.  Everything is found relative to the prefix, so that a prefix can be moved.

include(CMakePackageConfigHelpers)
set(OMP2NUMA_CMAKE_DIR lib/cmake/omp2numa)

install(EXPORT omp2numaTargets NAMESPACE omp2numa:: DESTINATION ${OMP2NUMA_CMAKE_DIR})
configure_package_config_file(cmake/omp2numaConfig.cmake.in
  ${PROJECT_BINARY_DIR}/omp2numaConfig.cmake
  INSTALL_DESTINATION ${OMP2NUMA_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR)
# Within a major version the ABI only grows (include/omp2numa-abi.h).
write_basic_package_version_file(${PROJECT_BINARY_DIR}/omp2numaConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/omp2numaConfig.cmake
              ${PROJECT_BINARY_DIR}/omp2numaConfigVersion.cmake
        DESTINATION ${OMP2NUMA_CMAKE_DIR})

configure_file(cmake/omp2numa.pc.in ${PROJECT_BINARY_DIR}/omp2numa.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/omp2numa.pc DESTINATION lib/pkgconfig)

install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} PATTERN man EXCLUDE)
install(FILES docs/man/omp2numa.1 docs/man/omp2numa-cc.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# omp2numa-env(7) is written from docs/runtime.md's table of environment variables.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(OMP2NUMA_ENV_PAGE ${PROJECT_BINARY_DIR}/man/omp2numa-env.7)
add_custom_command(OUTPUT ${OMP2NUMA_ENV_PAGE}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
  COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/docs/man/env-page.py
          ${PROJECT_SOURCE_DIR}/docs/runtime.md ${PROJECT_VERSION} > ${OMP2NUMA_ENV_PAGE}
  DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/env-page.py ${PROJECT_SOURCE_DIR}/docs/runtime.md
  COMMENT "Writing omp2numa-env(7) from docs/runtime.md")
add_custom_target(omp2numa-man ALL DEPENDS ${OMP2NUMA_ENV_PAGE})
install(FILES ${OMP2NUMA_ENV_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man7)

# cmake --build <dir> --target uninstall: removes what the last install wrote
# (<dir>/install_manifest.txt), then the directories it leaves empty.
add_custom_target(uninstall
  COMMAND ${CMAKE_COMMAND} -DMANIFEST=${PROJECT_BINARY_DIR}/install_manifest.txt
          -P ${PROJECT_SOURCE_DIR}/cmake/Uninstall.cmake
  COMMENT "Removing the installed files"
  VERBATIM)
