# Decide whether to build device code, and for which architectures.
#
# Architectures, unless CMAKE_CUDA_ARCHITECTURES is given: every real architecture the toolkit
# can build from sm_50 (CUDA 12.x: Maxwell, for the M60/M40/M10 still rented for VDI) or sm_75
# (CUDA 13.x, which dropped older ones) up to the newest it knows, plus PTX of the newest so cards
# that come later can still JIT the kernels. (The CUDA 12.9 build from PyPI wheels uses clang, which
# cannot list architectures: scripts/build/build-cuda12.sh passes them.)
set(GPUAUDIT_WITH_CUDA OFF)
if(NOT GPUAUDIT_CUDA STREQUAL "OFF")
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      execute_process(COMMAND ${CMAKE_CUDA_COMPILER} --list-gpu-code
                      OUTPUT_VARIABLE _codes ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
      string(REGEX MATCHALL "sm_[0-9]+" _codes "${_codes}")
      set(_archs "")
      foreach(_c IN LISTS _codes)
        string(REPLACE "sm_" "" _n "${_c}")
        # Data-center and consumer families people rent; skip Jetson/Tegra-only (53, 62, 72, 87, 101, 110)
        # and the short-lived 103/121 variants that the 100/120 cubins already run on.
        if(_n GREATER_EQUAL 50 AND NOT _n MATCHES "^(53|62|72|87|88|101|103|110|121)$")
          list(APPEND _archs ${_n})
        endif()
      endforeach()
      if(NOT _archs)  # clang, or an nvcc that cannot list them
        message(FATAL_ERROR "${CMAKE_CUDA_COMPILER} does not list its GPU architectures (--list-gpu-code): "
                            "pass -DCMAKE_CUDA_ARCHITECTURES=..., e.g. 75-real;80-real;90-real;90-virtual")
      endif()
      list(REMOVE_DUPLICATES _archs)
      list(SORT _archs COMPARE NATURAL)
      list(GET _archs -1 _newest)
      list(TRANSFORM _archs APPEND "-real")
      list(APPEND _archs "${_newest}-virtual")
      set(CMAKE_CUDA_ARCHITECTURES "${_archs}" CACHE STRING "CUDA architectures to build")
    endif()
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    if(CMAKE_CUDA_COMPILER_ID STREQUAL "Clang")
      include(CudaClang)  # the CUDA 12.9 build from PyPI wheels (scripts/build/build-cuda12.sh)
    endif()
    set(GPUAUDIT_WITH_CUDA ON)
  endif()
endif()
if(GPUAUDIT_CUDA STREQUAL "ON" AND NOT GPUAUDIT_WITH_CUDA)
  message(FATAL_ERROR "GPUAUDIT_CUDA=ON but no CUDA compiler was found (set CUDACXX or PATH)")
endif()
if(GPUAUDIT_WITH_CUDA)
  # CMake 3.25 does not know that nvcc >= 12.0 speaks C++20: teach it the flag.
  if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
    set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
    set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    list(APPEND CMAKE_CUDA_COMPILE_FEATURES cuda_std_20)
  endif()
  set(CMAKE_CUDA_STANDARD 20)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  message(STATUS "gpuaudit: CUDA ${CUDAToolkit_VERSION} (${CMAKE_CUDA_COMPILER_ID} ${CMAKE_CUDA_COMPILER_VERSION}), "
                 "architectures: ${CMAKE_CUDA_ARCHITECTURES}")
else()
  message(STATUS "gpuaudit: building without CUDA (offline commands only)")
endif()
