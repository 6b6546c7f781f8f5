# Debian packages with CPack (cmake/gdwire_install.cmake's components):
#
#   cmake -S . -B build -DCMAKE_INSTALL_PREFIX=/usr   # multiarch libdir
#   cmake --build build -j2 && (cd build && cpack -G DEB)
#
#   libgdwire-dev    headers, static libraries (or the .so links), the CMake
#                    package and gdwire.pc; Depends on Debian's -dev
#                    packages of what gdwire uses (Abseil, Highway, and
#                    simdjson when codec/text reads JSON with it)
#   gdwire           bin/gdwire; Depends computed by dpkg-shlibdeps
#   python3-gdwire   the Python module (-DGDWIRE_BUILD_PYTHON, AUTO)
#   libgdwire<SOVERSION>  the shared libraries (BUILD_SHARED_LIBS=ON only)
set(CPACK_PACKAGE_NAME gdwire)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The gdwire Authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(GDWIRE_DEB_MAINTAINER "The gdwire Authors" CACHE STRING
    "Maintainer field of the Debian packages")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${GDWIRE_DEB_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
if(NOT CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  message(STATUS "gdwire: configure with -DCMAKE_INSTALL_PREFIX=/usr for a "
                 "multiarch libdir in the .deb (now: ${CMAKE_INSTALL_LIBDIR})")
endif()
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS OFF)
set(CPACK_COMPONENTS_ALL dev)
if(TARGET gdwire_cli)
  list(APPEND CPACK_COMPONENTS_ALL cli)
endif()

# Depends: Debian's packages at least at the upstream version this build
# used (static libraries are tied to the Abseil they were compiled with:
# Debian's Abseil has an inline namespace per LTS, so a mismatch is a clean
# link error, never a silent one).
function(gdwire_deb_dep out pkg)
  execute_process(COMMAND dpkg-query -W -f=\${Version} ${pkg}
                  OUTPUT_VARIABLE v ERROR_QUIET RESULT_VARIABLE rc)
  if(rc EQUAL 0 AND v)
    string(REGEX REPLACE "-[^-]*$" "" v "${v}")  # the Debian revision
    set(${out} "${pkg} (>= ${v})" PARENT_SCOPE)
  else()
    set(${out} "${pkg}" PARENT_SCOPE)
  endif()
endfunction()
gdwire_deb_dep(_absl libabsl-dev)
gdwire_deb_dep(_hwy libhwy-dev)
# gdwire::capture links libpcap (codec/capture): static users need its .so.
gdwire_deb_dep(_pcap libpcap-dev)
# gdwire::enet links libenet, zlib and zstd (codec/enet).
gdwire_deb_dep(_enet libenet-dev)
gdwire_deb_dep(_zlib zlib1g-dev)
gdwire_deb_dep(_zstd libzstd-dev)
set(_dev_depends "${_absl}, ${_hwy}, ${_pcap}, ${_enet}, ${_zlib}, ${_zstd}")
if(GDWIRE_USES_SIMDJSON)
  gdwire_deb_dep(_simdjson libsimdjson-dev)
  string(APPEND _dev_depends ", ${_simdjson}")
endif()

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libgdwire-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_DESCRIPTION
    "Godot Variant binary codec (development files)
 Headers, libraries, CMake package (find_package(gdwire)) and pkg-config
 file (gdwire.pc) of gdwire, a C++17 codec for Godot's var_to_bytes /
 bytes_to_var format and StreamPeer / PacketPeer framings (Godot 3,
 Godot 4, Pandemonium).")

set(CPACK_DEBIAN_CLI_PACKAGE_NAME gdwire)
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_CLI_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_CLI_DESCRIPTION
    "Godot Variant binary codec (command line tool)
 gdwire decode, encode, recode, validate and bench: Godot's binary
 Variant serialization to and from the engines' text form or JSON, with
 the StreamPeer and PacketPeerStream framings.")

# gdwire-wireshark: the Wireshark plugin (wireshark/) in Wireshark's plugin
# folder; Depends by dpkg-shlibdeps (libwireshark of the Wireshark it was
# built for).
if(TARGET gdwire_wireshark)
  list(APPEND CPACK_COMPONENTS_ALL wireshark)
  set(CPACK_DEBIAN_WIRESHARK_PACKAGE_NAME gdwire-wireshark)
  set(CPACK_DEBIAN_WIRESHARK_PACKAGE_SECTION net)
  set(CPACK_DEBIAN_WIRESHARK_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_WIRESHARK_PACKAGE_RECOMMENDS "tshark | wireshark")
  set(CPACK_DEBIAN_WIRESHARK_DESCRIPTION
      "Godot traffic in Wireshark (gdwire plugin)
 Dissectors for Godot's put_var values over TCP, UDP and WebSocket
 (protocol godot), ENet as Godot's ENetConnection sends it (enet) and
 Godot's high-level multiplayer, SceneMultiplayer over ENet or WebSocket
 (godotmp), for Wireshark and tshark ${GDWIRE_WIRESHARK_VERSION}.")
endif()

# python3-gdwire: the Python module (python/) in Debian's dist-packages for
# every Python 3; Depends by dpkg-shlibdeps plus python3 and python3-numpy.
if(TARGET gdwire_python)
  list(APPEND CPACK_COMPONENTS_ALL python)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-gdwire)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS
      "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${GDWIRE_PYTHON_NEXT_MINOR}), python3-numpy")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS "python3-dask, python3-distributed, python3-pandas")
  set(CPACK_DEBIAN_PYTHON_DESCRIPTION
      "Godot Variant binary codec (Python 3 module)
 import gdwire: Godot's var_to_bytes / bytes_to_var, StreamPeer put_var
 streams and packet captures as Python values (math types, NumPy packed
 arrays, documents), in every dialect (Godot 3, Godot 4, Pandemonium).")
endif()

if(BUILD_SHARED_LIBS)
  set(_rt libgdwire${GDWIRE_SOVERSION})
  list(APPEND CPACK_COMPONENTS_ALL runtime)
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ${_rt})
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
  set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
      "Godot Variant binary codec (shared libraries)
 The gdwire libraries, built with BUILD_SHARED_LIBS=ON.")
  set(_ver "${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}")
  string(APPEND _dev_depends ", ${_rt} (= ${_ver})")
  # The CLI's own libraries come from the runtime package (dpkg-shlibdeps
  # cannot see them in the build tree).
  set(CPACK_DEBIAN_CLI_PACKAGE_DEPENDS "${_rt} (= ${_ver})")
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR})
endif()
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${_dev_depends}")
include(CPack)
