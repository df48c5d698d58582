# Sanitizer build of the translator (ASan + UBSan), for the mutation fuzzer (tests/fuzz) and for
# debugging crashes:
#
#   cmake -G Ninja -S . -B ../build-asan -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=clang++-16 \
#         -DCMAKE_BUILD_TYPE=Debug -DOMP2NUMA_SANITIZE=ON
#   ninja -C ../build-asan omp2numa
#
# OMP2NUMA_SANITIZE is OFF, ON (= address;undefined) or a list of sanitizers, e.g.
# "address;undefined" or "undefined".  Only the C++ targets of translator/ are instrumented: the
# translator links the shared libclang-cpp and libLLVM, which stay uninstrumented (ASan works with
# uninstrumented shared libraries; only our code and the LLVM/Clang header code it instantiates is
# checked).  The runtime (C, runtime/) is not touched: it has its own ThreadSanitizer build
# (OMP2NUMA_BUILD_TSAN).  UBSan stops at the first report (-fno-sanitize-recover), so a report is
# a non-zero exit the fuzzer sees.  With CMAKE_BUILD_TYPE=Debug, NDEBUG is not defined, so the
# assertions of LLVM's headers (cast<>, ArrayRef bounds, ...) are live in our code as well.
#
# Included at the end of the top-level CMakeLists.txt, after every add_subdirectory().

set(OMP2NUMA_SANITIZE OFF CACHE STRING
    "Sanitizers for the translator: OFF, ON (address;undefined), or a list such as address;undefined")

function(omp2numa_sanitize_directory dir flags)
  set(done "")   # a function sees its caller's variables: start empty in every directory
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      continue()   # custom targets (the omp2numa-cc wrapper script)
    endif()
    # C++ only: the flags are clang++'s, and the C compiler may be another one (gcc).
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${flags}>)
    if(NOT type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY)$")
      target_link_options(${target} PRIVATE ${flags})
    endif()
    list(APPEND done ${target})
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    omp2numa_sanitize_directory("${sub}" "${flags}")
  endforeach()
  if(done)
    message(STATUS "omp2numa: sanitizers (${flags}) on ${done}")
  endif()
endfunction()

if(OMP2NUMA_SANITIZE AND OMP2NUMA_BUILD_TRANSLATOR)
  if(OMP2NUMA_SANITIZE MATCHES "^(ON|On|on|TRUE|True|true|YES|Yes|yes|1)$")
    set(_o2n_sanitizers address undefined)
  else()
    set(_o2n_sanitizers ${OMP2NUMA_SANITIZE})
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang|GNU")
    message(FATAL_ERROR "OMP2NUMA_SANITIZE needs clang++ or g++ (CMAKE_CXX_COMPILER is ${CMAKE_CXX_COMPILER_ID})")
  endif()
  list(JOIN _o2n_sanitizers "," _o2n_list)
  set(_o2n_flags -fsanitize=${_o2n_list} -fno-omit-frame-pointer)
  if("undefined" IN_LIST _o2n_sanitizers)
    list(APPEND _o2n_flags -fno-sanitize-recover=undefined)
  endif()
  omp2numa_sanitize_directory("${PROJECT_SOURCE_DIR}/translator" "${_o2n_flags}")
endif()
