# libFuzzer targets (-DGPUAUDIT_FUZZ=ON, clang only; scripts/test/fuzz.sh configures, builds and runs them).
#
# Every src/<folder>/<name>_fuzz.cpp defines LLVMFuzzerTestOneInput and becomes the binary
# fuzz_<name>. The import parsers share one, fuzz_format (src/import/format_fuzz.cpp): it fuzzes the
# registered format named by GPUAUDIT_FUZZ_FORMAT, and scripts/test/fuzz.sh runs it once per format the
# registry lists, so a new format needs no target here. The parsers it calls must be instrumented too (coverage is what guides libFuzzer, and
# ASan/UBSan are what turn a bad read into a crash): with GPUAUDIT_SANITIZE=ON the sanitized
# gpuaudit_host itself gains coverage instrumentation (one build for tests and fuzzers, as CI does);
# otherwise the host sources are compiled a second time into gpuaudit_host_fuzz with
# -fsanitize=fuzzer-no-link,address,undefined and gpuaudit_host stays as it is. Object libraries: the
# formats register themselves from static objects.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "GPUAUDIT_FUZZ=ON needs clang (libFuzzer): configure with CC=clang CXX=clang++, "
                      "or run scripts/test/fuzz.sh")
endif()

set(GPUAUDIT_FUZZ_SANITIZERS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)

if(GPUAUDIT_SANITIZE)
  # One clang build for the sanitizer tests and the fuzzers (scripts/test.sh): gpuaudit_host is
  # already compiled with ASan+UBSan (cmake/Warnings.cmake); coverage instrumentation on top lets the
  # fuzz targets link it as it is, so the host sources are compiled once, not twice. The tests link
  # the same objects: the sanitizer runtime answers the coverage callbacks.
  target_compile_options(gpuaudit_host PRIVATE -fsanitize=fuzzer-no-link)
  set(GPUAUDIT_FUZZ_HOST gpuaudit_host)
else()
  add_library(gpuaudit_host_fuzz OBJECT ${GPUAUDIT_HOST_SOURCES})
  # Whatever gpuaudit_host needs (include folders, definitions, libraries such as libjpeg or pugixml),
  # read from it rather than repeated, so the copy never falls behind.
  target_include_directories(gpuaudit_host_fuzz PUBLIC $<TARGET_PROPERTY:gpuaudit_host,INTERFACE_INCLUDE_DIRECTORIES>)
  target_compile_definitions(gpuaudit_host_fuzz PUBLIC $<TARGET_PROPERTY:gpuaudit_host,INTERFACE_COMPILE_DEFINITIONS>)
  target_link_libraries(gpuaudit_host_fuzz PUBLIC $<TARGET_PROPERTY:gpuaudit_host,INTERFACE_LINK_LIBRARIES>)
  target_compile_options(gpuaudit_host_fuzz PRIVATE -fsanitize=fuzzer-no-link ${GPUAUDIT_FUZZ_SANITIZERS})
  gpuaudit_warnings(gpuaudit_host_fuzz)
  set(GPUAUDIT_FUZZ_HOST gpuaudit_host_fuzz)
endif()

file(GLOB GPUAUDIT_FUZZ_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/*/*_fuzz.cpp)
add_custom_target(gpuaudit_fuzz_all)
foreach(src IN LISTS GPUAUDIT_FUZZ_SOURCES)
  get_filename_component(stem ${src} NAME_WE)
  string(REGEX REPLACE "_fuzz$" "" stem "${stem}")
  add_executable(fuzz_${stem} ${src})
  target_link_libraries(fuzz_${stem} PRIVATE ${GPUAUDIT_FUZZ_HOST})
  # Targets that start from the repository's documents (document_mutation) find them here.
  target_compile_definitions(fuzz_${stem} PRIVATE GPUAUDIT_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data")
  target_compile_options(fuzz_${stem} PRIVATE -fsanitize=fuzzer ${GPUAUDIT_FUZZ_SANITIZERS})
  target_link_options(fuzz_${stem} PRIVATE -fsanitize=fuzzer ${GPUAUDIT_FUZZ_SANITIZERS})
  gpuaudit_warnings(fuzz_${stem})
  add_dependencies(gpuaudit_fuzz_all fuzz_${stem})
endforeach()
list(LENGTH GPUAUDIT_FUZZ_SOURCES GPUAUDIT_FUZZ_COUNT)
message(STATUS "gpuaudit: ${GPUAUDIT_FUZZ_COUNT} fuzz targets (build gpuaudit_fuzz_all)")
