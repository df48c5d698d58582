# cmake -DIN=omp2numa-cc -DOUT=<copy> -DVERSION=x.y.z -DVERSION_NUMBER=n -DOPENMP_VERSION=yyyymm
#       -DLIBDIR=<dir> -DINCLUDEDIR=<dir> -P this
#
# Writes the wrapper with its versions and its runtime and header directories (relative to the
# script's directory, or absolute) filled in, executable.  Used by CMakeLists.txt at build time.
foreach(var IN ITEMS IN OUT VERSION VERSION_NUMBER OPENMP_VERSION LIBDIR INCLUDEDIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "configure-wrapper.cmake: -D${var}=... is required")
  endif()
endforeach()

file(READ "${IN}" text)
foreach(pair IN ITEMS "o2n_version|${VERSION}" "o2n_version_number|${VERSION_NUMBER}"
                      "openmp_version|${OPENMP_VERSION}" "o2n_libdir_rel|${LIBDIR}"
                      "o2n_includedir_rel|${INCLUDEDIR}")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 name)
  list(GET pair 1 value)
  # Single-quoted for the shell: a quote in the value is written '\''.
  string(REPLACE "'" "'\\''" value "${value}")
  string(REGEX REPLACE "\n${name}=[^\n]*" "\n${name}='${value}'" new "${text}")
  if(new STREQUAL text)
    message(FATAL_ERROR "configure-wrapper.cmake: no '${name}=' line in ${IN}")
  endif()
  set(text "${new}")
endforeach()

get_filename_component(dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
file(WRITE "${OUT}.tmp" "${text}")
file(CHMOD "${OUT}.tmp" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
                                    GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(RENAME "${OUT}.tmp" "${OUT}")
