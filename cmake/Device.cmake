# The device library: kernels/ (device code, one family per file), benchmarks/ (one file per
# measurement family, each registering its table of figures; benchmarks/framework/ runs them) and
# src/cuda/ (CUDA runtime glue: probe, timing, pinned memory, the NCCL loader).
file(GLOB GPUAUDIT_DEVICE_SOURCES CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/kernels/*.cu
  ${PROJECT_SOURCE_DIR}/benchmarks/*.cpp ${PROJECT_SOURCE_DIR}/benchmarks/framework/*.cpp
  ${PROJECT_SOURCE_DIR}/src/cuda/*.cu ${PROJECT_SOURCE_DIR}/src/cuda/*.cpp)
list(FILTER GPUAUDIT_DEVICE_SOURCES EXCLUDE REGEX "/benchmarks/framework/gbench_main\\.cpp$")
list(FILTER GPUAUDIT_DEVICE_SOURCES EXCLUDE REGEX "/kernels/wgmma\\.cu$")
add_library(gpuaudit_device OBJECT ${GPUAUDIT_DEVICE_SOURCES})

# tensor/mma_bf16's Hopper path (kernels/wgmma.cu): wgmma.mma_async exists only in the sm_90a
# target, and an sm_90a cubin runs only on compute capability 9.0, so that one file is built for
# 90a alone, in its own object library, whenever the architecture list has a 9.0 entry and the
# compiler knows sm_90a (nvcc >= 12.0; clang >= 17 for the CUDA 12.9 build). Adding 90a to the
# whole list instead would compile every other kernel twice for the same cards.
set(_wants_90 OFF)
foreach(_a IN LISTS CMAKE_CUDA_ARCHITECTURES)
  if(_a MATCHES "^(90|all|all-major|native)")
    set(_wants_90 ON)
  endif()
endforeach()
set(GPUAUDIT_WGMMA OFF)
if(_wants_90 AND ((CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA" AND CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 12.0)
                  OR (CMAKE_CUDA_COMPILER_ID STREQUAL "Clang" AND CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 17)))
  set(GPUAUDIT_WGMMA ON)
  add_library(gpuaudit_wgmma OBJECT ${PROJECT_SOURCE_DIR}/kernels/wgmma.cu)
  target_include_directories(gpuaudit_wgmma PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR})
  target_link_libraries(gpuaudit_wgmma PRIVATE CUDA::cudart_static)
  set_target_properties(gpuaudit_wgmma PROPERTIES CUDA_ARCHITECTURES 90a-real CUDA_SEPARABLE_COMPILATION OFF
                                                  POSITION_INDEPENDENT_CODE ON)
  target_compile_options(gpuaudit_wgmma PRIVATE $<$<CUDA_COMPILER_ID:NVIDIA>:-lineinfo>)
  gpuaudit_warnings(gpuaudit_wgmma)
  # Its objects reach every binary that links gpuaudit_device (an object library's own objects
  # would reach only targets linking it directly).
  target_link_libraries(gpuaudit_device PUBLIC $<TARGET_OBJECTS:gpuaudit_wgmma>)
  target_compile_definitions(gpuaudit_device PUBLIC GPUAUDIT_HAVE_WGMMA=1)
endif()
unset(_wants_90)
message(STATUS "gpuaudit: wgmma (sm_90a) kernel for tensor/mma_bf16 on CC 9.0: ${GPUAUDIT_WGMMA}")
target_include_directories(gpuaudit_device PUBLIC ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR})
# cudart static: it finds libcuda.so at run time, so the binary starts (and explains) without a driver.
# cuBLASLt is not linked: src/cuda/cublaslt_loader.cpp opens it when a GEMM runs (its header only, from
# the toolkit's include folder that cudart_static brings).
target_link_libraries(gpuaudit_device PUBLIC gpuaudit_host CUDA::cudart_static)
set_target_properties(gpuaudit_device PROPERTIES CUDA_SEPARABLE_COMPILATION OFF POSITION_INDEPENDENT_CODE ON)
string(REPLACE ";" "," _archs_csv "${CMAKE_CUDA_ARCHITECTURES}")
target_compile_definitions(gpuaudit_device PRIVATE GPUAUDIT_CUDA_ARCHS="${_archs_csv}"
                                                   $<$<BOOL:${GPUAUDIT_PTX_CUDA_VERSION}>:GPUAUDIT_PTX_CUDA_VERSION=${GPUAUDIT_PTX_CUDA_VERSION}>)
target_compile_options(gpuaudit_device PRIVATE
  $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<CUDA_COMPILER_ID:NVIDIA>>:--expt-relaxed-constexpr -lineinfo>)
gpuaudit_warnings(gpuaudit_device)

# Google Benchmark, when installed: the "gpu" suite of `gpuaudit run` runs the GPU measurements
# through it, and gpuaudit-gbench exposes the same registrations with its own flags and JSON.
# Without it, the suite runs the registrations directly (benchmarks/framework/gpu_suite.cpp).
if(benchmark_FOUND)
  target_link_libraries(gpuaudit_device PUBLIC benchmark::benchmark)
  target_compile_definitions(gpuaudit_device PUBLIC GPUAUDIT_HAVE_GBENCH=1)
  add_executable(gpuaudit-gbench ${PROJECT_SOURCE_DIR}/benchmarks/framework/gbench_main.cpp)
  target_link_libraries(gpuaudit-gbench PRIVATE gpuaudit_device gpuaudit_host)
  gpuaudit_warnings(gpuaudit-gbench)
  install(TARGETS gpuaudit-gbench RUNTIME DESTINATION bin)
endif()
