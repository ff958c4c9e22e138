# The device library: kernels/ (device code, one family per file), benchmarks/ (one measurement per
# file, each registering itself) and src/cuda/ (CUDA runtime glue: probe, timing, telemetry hooks).
file(GLOB GPUAUDIT_DEVICE_SOURCES CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/kernels/*.cu
  ${PROJECT_SOURCE_DIR}/benchmarks/*.cu ${PROJECT_SOURCE_DIR}/benchmarks/*.cpp
  ${PROJECT_SOURCE_DIR}/src/cuda/*.cu ${PROJECT_SOURCE_DIR}/src/cuda/*.cpp)
list(FILTER GPUAUDIT_DEVICE_SOURCES EXCLUDE REGEX "/benchmarks/gbench_main\\.cpp$")
add_library(gpuaudit_device OBJECT ${GPUAUDIT_DEVICE_SOURCES})
target_include_directories(gpuaudit_device PUBLIC ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR})
# cudart static: it finds libcuda.so at run time, so the binary starts (and explains) without a driver.
target_link_libraries(gpuaudit_device PUBLIC gpuaudit_host CUDA::cudart_static CUDA::cublasLt)
set_target_properties(gpuaudit_device PROPERTIES CUDA_SEPARABLE_COMPILATION OFF POSITION_INDEPENDENT_CODE ON)
string(REPLACE ";" "," _archs_csv "${CMAKE_CUDA_ARCHITECTURES}")
target_compile_definitions(gpuaudit_device PRIVATE GPUAUDIT_CUDA_ARCHS="${_archs_csv}"
                                                   $<$<BOOL:${GPUAUDIT_PTX_CUDA_VERSION}>:GPUAUDIT_PTX_CUDA_VERSION=${GPUAUDIT_PTX_CUDA_VERSION}>)
target_compile_options(gpuaudit_device PRIVATE
  $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<CUDA_COMPILER_ID:NVIDIA>>:--expt-relaxed-constexpr -lineinfo>)
gpuaudit_warnings(gpuaudit_device)

# Google Benchmark, when installed: the "gpu" suite of `gpuaudit run` runs the GPU measurements
# through it, and gpuaudit-gbench exposes the same registrations with its own flags and JSON.
# Without it, the suite runs the registrations directly (benchmarks/gpu_suite.cpp).
if(benchmark_FOUND)
  target_link_libraries(gpuaudit_device PUBLIC benchmark::benchmark)
  target_compile_definitions(gpuaudit_device PUBLIC GPUAUDIT_HAVE_GBENCH=1)
  add_executable(gpuaudit-gbench ${PROJECT_SOURCE_DIR}/benchmarks/gbench_main.cpp)
  target_link_libraries(gpuaudit-gbench PRIVATE gpuaudit_device gpuaudit_host)
  gpuaudit_warnings(gpuaudit-gbench)
  install(TARGETS gpuaudit-gbench RUNTIME DESTINATION bin)
endif()
