# cmake -DMANIFEST=<build>/install_manifest.txt -P Uninstall.cmake
#
# Removes every file the last `cmake --install` wrote, then each directory of the package that
# is left empty (lib/cmake/omp2numa, include/omp2numa, share/doc/omp2numa, ...), never one that
# holds anything else.
if(NOT EXISTS "${MANIFEST}")
  message(FATAL_ERROR "uninstall: ${MANIFEST} not found: nothing was installed from this build")
endif()
file(STRINGS "${MANIFEST}" files)
set(dirs)
foreach(file IN LISTS files)
  if(EXISTS "${file}" OR IS_SYMLINK "${file}")
    message(STATUS "Removing ${file}")
    file(REMOVE "${file}")
  endif()
  get_filename_component(dir "${file}" DIRECTORY)
  list(APPEND dirs "${dir}")
endforeach()
# Deepest first, so that a directory emptied by its children's removal goes too.
list(REMOVE_DUPLICATES dirs)
list(SORT dirs ORDER DESCENDING)
foreach(dir IN LISTS dirs)
  while(dir MATCHES "omp2numa")
    file(GLOB left "${dir}/*")
    if(left OR NOT IS_DIRECTORY "${dir}")
      break()
    endif()
    file(REMOVE_RECURSE "${dir}")
    get_filename_component(dir "${dir}" DIRECTORY)
  endwhile()
endforeach()
