# Host dependencies, all installed by scripts/build/setup.sh (Debian packages; the NVML header from PyPI).
find_package(Threads REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 2.1 REQUIRED)
if(GPUAUDIT_TESTS)
  find_package(GTest REQUIRED)
endif()
find_package(benchmark QUIET)
# nvidia-smi -q -x import (src/import/formats/parse_nvidia_smi_xml.cpp): Debian libpugixml-dev.
find_package(pugixml REQUIRED)
# Text tables padded by display width (src/text/text_table.cpp): Debian libfmt-dev, used header-only
# so that the binary, the .deb and the container need no libfmt at run time.
find_package(fmt 9 REQUIRED)
# Reading many result documents fast (report, export: src/core/document_read_simd.cpp): Debian
# libsimdjson-dev, a shared library (the .deb depends on libsimdjson14 through dpkg-shlibdeps).
find_package(simdjson 3 QUIET CONFIG)
if(NOT simdjson_FOUND)
  message(FATAL_ERROR "simdjson (3.0 or newer) not found: run scripts/build/setup.sh, or apt-get install libsimdjson-dev")
endif()

# NVML: only the header. The library is dlopen()ed at run time (src/probe/nvml_loader.cpp), so the
# binary starts on machines without a driver. Look in the toolkit, then in what setup.sh installed.
find_package(CUDAToolkit QUIET)
find_path(GPUAUDIT_NVML_INCLUDE_DIR nvml.h
  HINTS ${CUDAToolkit_INCLUDE_DIRS}
        ${PROJECT_SOURCE_DIR}/.deps/py/nvidia/nvml_dev/include
        ${PROJECT_SOURCE_DIR}/.deps/py/nvidia/cu13/include
  DOC "Folder holding nvml.h (toolkit, or PyPI nvidia-nvml-dev-cu12 via scripts/build/setup.sh)")
if(NOT GPUAUDIT_NVML_INCLUDE_DIR)
  message(FATAL_ERROR "nvml.h not found: run scripts/build/setup.sh, or pass -DGPUAUDIT_NVML_INCLUDE_DIR=<folder>")
endif()
add_library(gpuaudit_nvml_headers INTERFACE)
target_include_directories(gpuaudit_nvml_headers SYSTEM INTERFACE ${GPUAUDIT_NVML_INCLUDE_DIR})
add_library(gpuaudit::nvml_headers ALIAS gpuaudit_nvml_headers)
message(STATUS "gpuaudit: nvml.h from ${GPUAUDIT_NVML_INCLUDE_DIR}")
