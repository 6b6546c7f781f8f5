# gdwire install rules, included by the top CMakeLists.txt (GDWIRE_INSTALL).
#
#   include/gdwire/{codec,simd}/...   public headers, plus the internal/
#                                     headers a public header includes
#   <libdir>/libgdwire_*.a            (or .so.VERSION + SONAME links)
#   <libdir>/cmake/gdwire/            gdwireConfig.cmake, version, targets
#   <libdir>/pkgconfig/gdwire.pc
#   bin/gdwire                        the command line tool
#
# Components: dev (headers, static libraries, .so links, config files),
# runtime (shared libraries), cli (bin/gdwire); CPack makes one Debian
# package of each (cmake/gdwire_cpack.cmake).
include(CMakePackageConfigHelpers)

# --- Headers: the non-internal headers of every library folder, and the
# closure of what they include from the project (codec/stream/parser.h is
# a header-only parser whose code lives in codec/stream/internal/; the view
# headers hold their cursor state in codec/core/). Test helpers
# and the SIMD kernels' per-target -inl.h files are not installed.
set(_todo "")
foreach(dir ${GDWIRE_HEADER_DIRS})
  file(GLOB _hs CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}
       ${PROJECT_SOURCE_DIR}/${dir}/*.h)
  list(FILTER _hs EXCLUDE REGEX "(-inl|test_util|_test)\\.h$")
  list(APPEND _todo ${_hs})
endforeach()
set(GDWIRE_INSTALL_HEADERS "")
set(_internal "")
while(_todo)
  list(POP_FRONT _todo _h)
  if(_h IN_LIST GDWIRE_INSTALL_HEADERS)
    continue()
  endif()
  list(APPEND GDWIRE_INSTALL_HEADERS ${_h})
  if(_h MATCHES "/internal/")
    list(APPEND _internal ${_h})
  endif()
  set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY
               CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${_h})
  file(STRINGS ${PROJECT_SOURCE_DIR}/${_h} _incs REGEX "^#include \"[^\"]+\"")
  foreach(_line ${_incs})
    string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" _inc "${_line}")
    if(EXISTS ${PROJECT_SOURCE_DIR}/${_inc} AND NOT _inc IN_LIST GDWIRE_INSTALL_HEADERS)
      list(APPEND _todo ${_inc})
    endif()
  endforeach()
endwhile()
list(SORT GDWIRE_INSTALL_HEADERS)
list(SORT _internal)
list(LENGTH GDWIRE_INSTALL_HEADERS _n)
message(STATUS "gdwire install: ${_n} headers; internal ones included by public headers: ${_internal}")
foreach(_h ${GDWIRE_INSTALL_HEADERS})
  get_filename_component(_d ${_h} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${_h}
          DESTINATION ${GDWIRE_INCLUDEDIR}/${_d} COMPONENT dev)
endforeach()

# --- Libraries and the exported targets gdwire::<folder>, gdwire::gdwire.
install(TARGETS ${GDWIRE_FOLDER_LIBS} gdwire
        EXPORT gdwireTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime
                NAMELINK_COMPONENT dev
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(EXPORT gdwireTargets NAMESPACE gdwire:: FILE gdwireTargets.cmake
        DESTINATION ${GDWIRE_CMAKEDIR} COMPONENT dev)

# --- gdwireConfig.cmake: finds the dependencies, then the targets.
set(GDWIRE_FIND_DEPENDENCIES "")
foreach(_dep ${GDWIRE_DEPS})
  if(_dep STREQUAL "Threads")  # CMake's own FindThreads module
    string(APPEND GDWIRE_FIND_DEPENDENCIES
           "set(THREADS_PREFER_PTHREAD_FLAG ON)\nfind_dependency(Threads)\n")
  else()
    string(APPEND GDWIRE_FIND_DEPENDENCIES "find_dependency(${_dep} CONFIG)\n")
  endif()
endforeach()
set(GDWIRE_COMPONENTS "")
foreach(_lib ${GDWIRE_FOLDER_LIBS})
  string(REGEX REPLACE "^gdwire_" "" _short ${_lib})
  list(APPEND GDWIRE_COMPONENTS ${_short})
endforeach()
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/gdwireConfig.cmake.in
  ${PROJECT_BINARY_DIR}/gdwireConfig.cmake
  INSTALL_DESTINATION ${GDWIRE_CMAKEDIR})
# 0.x: a new minor version may change the API, so only the same minor
# version satisfies a request.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/gdwireConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gdwireConfig.cmake
              ${PROJECT_BINARY_DIR}/gdwireConfigVersion.cmake
        DESTINATION ${GDWIRE_CMAKEDIR} COMPONENT dev)

# --- gdwire.pc. Libs lists the libraries users before used (each folder
# library is defined after the ones it needs). With static libraries
# simdjson must be on the user's link line: Requires; with shared ones it
# is the libraries' own business: Requires.private.
# The same for the thread library of codec/stream/parallel (-pthread).
set(GDWIRE_PC_LIBS "")
foreach(_lib ${GDWIRE_FOLDER_LIBS})
  string(PREPEND GDWIRE_PC_LIBS "-l${_lib} ")
endforeach()
string(STRIP "${GDWIRE_PC_LIBS}" GDWIRE_PC_LIBS)
set(_pc_public "")
foreach(_a ${GDWIRE_ABSL})
  string(REPLACE "absl::" "absl_" _a ${_a})
  list(APPEND _pc_public ${_a})
endforeach()
# Highway: its headers only (Requires.private still gives their cflags);
# its library is not linked (simd/internal/hwy_runtime.cc).
set(_pc_linked "")
if(GDWIRE_USES_SIMDJSON)
  list(APPEND _pc_linked simdjson)
endif()
if(BUILD_SHARED_LIBS)
  set(_pc_private libhwy ${_pc_linked})
  set(GDWIRE_PC_LIBS_PRIVATE -pthread)
else()
  list(APPEND _pc_public ${_pc_linked})
  set(_pc_private libhwy)
  # The system libraries the static folder libraries link privately.
  string(APPEND GDWIRE_PC_LIBS " -lpcap -lenet -lzstd -lz -pthread")
  set(GDWIRE_PC_LIBS_PRIVATE "")
endif()
string(REPLACE ";" ", " GDWIRE_PC_REQUIRES "${_pc_public}")
string(REPLACE ";" ", " GDWIRE_PC_REQUIRES_PRIVATE "${_pc_private}")
# The prefix is the one given at install time (cmake --install --prefix,
# or /usr in a package), filled in by the install step.
set(GDWIRE_PC_PREFIX "@GDWIRE_PC_PREFIX@")
configure_file(${PROJECT_SOURCE_DIR}/cmake/gdwire.pc.in
               ${PROJECT_BINARY_DIR}/gdwire.pc.template @ONLY)
install(CODE "
  file(READ \"${PROJECT_BINARY_DIR}/gdwire.pc.template\" _pc)
  string(REPLACE \"@GDWIRE_PC_PREFIX@\" \"\${CMAKE_INSTALL_PREFIX}\" _pc \"\${_pc}\")
  file(WRITE \"${PROJECT_BINARY_DIR}/pkgconfig/gdwire.pc\" \"\${_pc}\")
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\"
       TYPE FILE FILES \"${PROJECT_BINARY_DIR}/pkgconfig/gdwire.pc\")
" COMPONENT dev)

# --- The command line tool. With shared libraries outside the system's
# library folders it finds them through its RUNPATH.
if(TARGET gdwire_cli)
  if(BUILD_SHARED_LIBS AND NOT CMAKE_INSTALL_FULL_LIBDIR IN_LIST
                               CMAKE_CXX_IMPLICIT_LINK_DIRECTORIES)
    file(RELATIVE_PATH _rel ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})
    set_target_properties(gdwire_cli PROPERTIES INSTALL_RPATH "$ORIGIN/${_rel}")
  endif()
  install(TARGETS gdwire_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
endif()

include(${PROJECT_SOURCE_DIR}/cmake/gdwire_cpack.cmake)
