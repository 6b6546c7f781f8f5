"""Builds gdwire._gdwire with the project's CMake (../CMakeLists.txt with
-DGDWIRE_BUILD_PYTHON=ON): the C++ libraries and the pybind11 module, with
Debian's packages only (python/README.md). Metadata: pyproject.toml.

GDWIRE_CMAKE_BUILD_DIR=DIR reuses a CMake build folder (the CI's, say): only
what the module needs is (re)built there. CMAKE_BUILD_PARALLEL_LEVEL sets
the jobs (default: the CPUs).
"""

import os
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        if not os.path.exists(os.path.join(ROOT, "CMakeLists.txt")):
            sys.exit("gdwire: build from the repository (the C++ sources are in ../): "
                     "pip install --no-build-isolation ./python, or "
                     "python3 -m build --wheel --no-isolation python")
        out = os.path.dirname(os.path.abspath(self.get_ext_fullpath(ext.name)))
        build = os.environ.get("GDWIRE_CMAKE_BUILD_DIR") or os.path.abspath(
            os.path.join(self.build_temp, "cmake"))
        os.makedirs(build, exist_ok=True)
        args = ["cmake", "-S", ROOT, "-B", build, "-DGDWIRE_BUILD_PYTHON=ON",
                "-DPython3_EXECUTABLE=" + sys.executable, "-DGDWIRE_PYTHON_OUT=" + out]
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            # A new build: the libraries and the module only (no GoogleTest,
            # tools or plugin needed).
            args += ["-DCMAKE_BUILD_TYPE=Release", "-DGDWIRE_BUILD_TESTS=OFF",
                     "-DGDWIRE_BUILD_TOOLS=OFF", "-DGDWIRE_INSTALL=OFF",
                     "-DGDWIRE_BUILD_WIRESHARK=OFF"]
        subprocess.check_call(args)
        env = dict(os.environ)
        env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.check_call(["cmake", "--build", build, "--target", "gdwire_python"],
                              env=env)


setup(ext_modules=[Extension("gdwire._gdwire", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
