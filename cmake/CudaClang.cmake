# Clang as the CUDA compiler (the CUDA 12.9 build: PyPI's CUDA 12 wheels ship ptxas and libdevice
# but no nvcc front end, see scripts/build/cuda12-toolkit.sh). Included by Cuda.cmake after
# enable_language(CUDA) when CMAKE_CUDA_COMPILER_ID is Clang.

# CMake finds the toolkit root for clang but does not pass it on; clang needs it for the CUDA
# headers, libdevice and ptxas.
# The toolkit's headers also go first explicitly: clang searches /usr/local/include before the
# --cuda-path headers, and some images link another CUDA's headers there (this one: CUDA 13's),
# which would pair 13.0 declarations with the 12.9 runtime.
add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:--cuda-path=${CMAKE_CUDA_COMPILER_LIBRARY_ROOT}>
                    "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-isystem ${CMAKE_CUDA_COMPILER_LIBRARY_ROOT}/include>"
                    # Clang 19 knows CUDA up to 12.5 and says so for 12.9; the headers work.
                    $<$<COMPILE_LANGUAGE:CUDA>:-Wno-unknown-cuda-version>
                    # nvcc intrinsics clang lacks (__ldcg, __stcs, ...), so kernels stay nvcc-shaped.
                    "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-include ${PROJECT_SOURCE_DIR}/src/cuda/clang_cuda_compat.cuh>")

# Clang cannot emit PTX without SASS, and CMake turns "90-real;90-virtual" into flags that drop the
# PTX. So "N-virtual" becomes plain "N" (SASS and PTX of N) and its "N-real" twin goes; the list
# keeps meaning the same to src/cuda/cuda_probe.cu (plain N = sm_N and compute_N).
set(_clang_archs "")
set(_ptx "")
foreach(_a IN LISTS CMAKE_CUDA_ARCHITECTURES)
  if(_a MATCHES "^([0-9]+a?)-virtual$")
    list(APPEND _ptx ${CMAKE_MATCH_1})
  endif()
endforeach()
foreach(_a IN LISTS CMAKE_CUDA_ARCHITECTURES)
  string(REGEX REPLACE "-(real|virtual)$" "" _n "${_a}")
  if(_n IN_LIST _ptx)
    list(APPEND _clang_archs ${_n})
  else()
    list(APPEND _clang_archs ${_a})
  endif()
endforeach()
list(REMOVE_DUPLICATES _clang_archs)
set(CMAKE_CUDA_ARCHITECTURES "${_clang_archs}")
unset(_clang_archs)
unset(_ptx)

# Which PTX ISA clang writes (clang 19: 8.5, i.e. CUDA 12.5, whatever the toolkit): a driver JITs
# PTX up to its own CUDA version, so the binary's PTX needs a CUDA 12.5 driver, not a 12.9 one
# (src/probe/usability.cpp). Asked from the compiler rather than assumed from its version.
file(WRITE ${CMAKE_BINARY_DIR}/ptx_isa_probe.cu "__global__ void gpuaudit_ptx_isa_probe(int* p) { *p = 1; }\n")
list(GET CMAKE_CUDA_ARCHITECTURES -1 _newest)
string(REGEX REPLACE "[^0-9].*" "" _newest "${_newest}")
execute_process(COMMAND ${CMAKE_CUDA_COMPILER} -x cuda --cuda-path=${CMAKE_CUDA_COMPILER_LIBRARY_ROOT}
                        -Wno-unknown-cuda-version --cuda-gpu-arch=sm_${_newest} --cuda-device-only -S -o -
                        ${CMAKE_BINARY_DIR}/ptx_isa_probe.cu
                OUTPUT_VARIABLE _ptx ERROR_QUIET)
set(GPUAUDIT_PTX_CUDA_VERSION "")
if(_ptx MATCHES "\n\\.version ([0-9]+)\\.([0-9]+)")
  set(_isa "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
  # PTX ISA -> the CUDA release that introduced it (PTX ISA guide, release history).
  set(_isa_to_cuda "7.8=11080;8.0=12000;8.1=12010;8.2=12020;8.3=12030;8.4=12040;8.5=12050;8.6=12070;8.7=12080;8.8=12090;9.0=13000")
  foreach(_pair IN LISTS _isa_to_cuda)
    string(REPLACE "=" ";" _pair "${_pair}")
    list(GET _pair 0 _i)
    list(GET _pair 1 _v)
    if(_i STREQUAL _isa)
      set(GPUAUDIT_PTX_CUDA_VERSION ${_v})
    endif()
  endforeach()
  message(STATUS "gpuaudit: clang writes PTX ISA ${_isa} (needs a driver for CUDA >= ${GPUAUDIT_PTX_CUDA_VERSION} to JIT)")
endif()
unset(_ptx)
unset(_newest)
