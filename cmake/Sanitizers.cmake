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
# a non-zero exit the fuzzer sees.  Beware: ASan's and UBSan's default exit status is 1, which is
# also the translator's "input rejected"; tests/fuzz/run.py sets ASAN_OPTIONS/UBSAN_OPTIONS
# exitcode= to other values and also looks for the reports on stderr.  With
# CMAKE_BUILD_TYPE=Debug, NDEBUG is not defined, so the assertions of LLVM's headers (cast<>,
# ArrayRef bounds, ...) are live in our code as well.
#
# clang++ needs the sanitizers' run-time libraries, which Debian 12 packages apart from clang-16:
# libclang-rt-16-dev (scripts/install-deps --with-sanitizers).  Configuring checks that a program
# links with the flags and stops with that hint if not.
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
  # The sanitizers' run-time libraries come in a separate package for clang (Debian 12:
  # libclang-rt-16-dev for clang++-16; g++ uses libasan8/libubsan1, installed with gcc).  Without
  # it, configuring succeeds and only the final link of bin/omp2numa fails ("cannot find
  # .../libclang_rt.asan-x86_64.a"): check here, so that the error says what to install.
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "${_o2n_flags}")
  list(JOIN CMAKE_REQUIRED_FLAGS " " CMAKE_REQUIRED_FLAGS)
  set(CMAKE_REQUIRED_LINK_OPTIONS ${_o2n_flags})
  set(CMAKE_REQUIRED_QUIET ON)
  unset(OMP2NUMA_SANITIZE_LINKS CACHE)   # checked again at every configure: the setting may change
  check_cxx_source_compiles("int main() { return 0; }" OMP2NUMA_SANITIZE_LINKS)
  unset(CMAKE_REQUIRED_FLAGS)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  unset(CMAKE_REQUIRED_QUIET)
  if(NOT OMP2NUMA_SANITIZE_LINKS)
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
      string(REGEX REPLACE "\\..*" "" _o2n_major "${CMAKE_CXX_COMPILER_VERSION}")
      set(_o2n_hint "Is the sanitizer run-time missing?  clang++ ${CMAKE_CXX_COMPILER_VERSION} "
                    "needs its compiler-rt libraries: on Debian 12, "
                    "apt-get install libclang-rt-${_o2n_major}-dev")
    else()
      set(_o2n_hint "Is the sanitizer run-time missing?  g++ needs libasan and libubsan "
                    "(Debian 12: libasan8, libubsan1)")
    endif()
    list(JOIN _o2n_hint "" _o2n_hint)
    list(JOIN _o2n_flags " " _o2n_flag_text)
    message(FATAL_ERROR "OMP2NUMA_SANITIZE=${OMP2NUMA_SANITIZE}: ${CMAKE_CXX_COMPILER} cannot "
                        "compile and link a program with ${_o2n_flag_text} (see "
                        "CMakeFiles/CMakeError.log).  ${_o2n_hint}")
  endif()
  omp2numa_sanitize_directory("${PROJECT_SOURCE_DIR}/translator" "${_o2n_flags}")
endif()
