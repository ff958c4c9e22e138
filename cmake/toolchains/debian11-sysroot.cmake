# Toolchain of the prebuilt gpuaudit (scripts/deploy/dist.sh): this machine's clang-19 compiling for a
# Debian 11 root (scripts/deploy/dist-root.sh; its path in the environment variable GPUAUDIT_SYSROOT), so
# the binary asks for no glibc newer than 2.31 and links gcc 10's libstdc++ and libgcc statically.
# Its libraries are static archives from the root (/opt/gpuaudit-deps, libjpeg.a): the binary then
# needs only the C runtime (libc, libm, libdl, libpthread, librt, ld-linux) of any Linux from 2020 on.
# The root: GPUAUDIT_SYSROOT from the environment at the first configure, kept in the cache so
# that a later re-run of CMake (ninja regenerating build.ninja) and try_compile find it too.
if(DEFINED ENV{GPUAUDIT_SYSROOT})
  set(GPUAUDIT_SYSROOT "$ENV{GPUAUDIT_SYSROOT}" CACHE PATH "The Debian 11 root (scripts/deploy/dist-root.sh)" FORCE)
elseif(NOT GPUAUDIT_SYSROOT)
  message(FATAL_ERROR "debian11-sysroot.cmake: set GPUAUDIT_SYSROOT to the root made by scripts/deploy/dist-root.sh")
endif()
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES GPUAUDIT_SYSROOT)
set(CMAKE_SYSROOT "${GPUAUDIT_SYSROOT}")
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
# clang takes the C library, the GCC installation (crt files, libgcc, libstdc++ 10 and its headers)
# from --sysroot; CMake passes it to C and C++, the CUDA compile gets it here.
set(CMAKE_CUDA_FLAGS_INIT "--sysroot=${CMAKE_SYSROOT}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static-libstdc++ -static-libgcc")

# Libraries and headers from the root first (its /opt/gpuaudit-deps, its /usr), then this machine
# for what only it has (the CUDA toolkit named by CUDAToolkit_ROOT); programs from this machine.
set(CMAKE_PREFIX_PATH /opt/gpuaudit-deps)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
# libjpeg-turbo's static archive: FindJPEG would take the .so (the platform files reset
# CMAKE_FIND_LIBRARY_SUFFIXES after a toolchain file), so its cache entry is set here. The others
# are static because /opt/gpuaudit-deps holds only archives.
set(JPEG_LIBRARY_RELEASE "${CMAKE_SYSROOT}/usr/lib/x86_64-linux-gnu/libjpeg.a" CACHE FILEPATH "libjpeg-turbo, static")
