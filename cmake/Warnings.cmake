# Warnings on for our own code (not for dependencies), and the sanitizer build.
function(gpuaudit_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>
    # GCC 12 reports false -Wrestrict positives inside std::string (GCC bug 105651).
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-Wno-restrict>
    $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<CUDA_COMPILER_ID:NVIDIA>>:-Xcompiler=-Wall,-Wextra>
    $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<CUDA_COMPILER_ID:Clang>>:-Wall -Wextra>)
  if(GPUAUDIT_WERROR)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
  endif()
endfunction()

# -O1 with line tables, as OSS-Fuzz builds: ASan's own advice for usable speed. At a Debug build's
# -O0 the 1470 sanitized tests took 850 s on 2 cores instead of 278 s (a 64 MiB paste split: 117 s
# instead of 16 s), and full debug information made the compile and the link slower; line tables
# still give every report its file and line. Asserts stay on (CMake adds NDEBUG only to
# Release-like types).
if(GPUAUDIT_SANITIZE)
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=address,undefined>
                      $<$<COMPILE_LANGUAGE:CXX>:-fno-omit-frame-pointer>
                      $<$<COMPILE_LANGUAGE:CXX>:-fno-sanitize-recover=undefined>
                      $<$<COMPILE_LANGUAGE:CXX>:-O1>
                      $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:Clang>>:-gline-tables-only>
                      $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-g1>)
  add_link_options(-fsanitize=address,undefined)
endif()
