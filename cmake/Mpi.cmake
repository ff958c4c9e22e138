# MPI for multi-node runs (`gpuaudit run --nccl-multinode` under mpirun or srun).
#   -DGPUAUDIT_MPI=AUTO  use MPI when CMake finds it (default)
#   -DGPUAUDIT_MPI=ON    require it
#   -DGPUAUDIT_MPI=OFF   never (single-node runs work the same; --nccl-multinode then says so)
# The MPI code is src/multigpu/mpi/*.cpp: an object library linked into the gpuaudit executable
# only, so the host library, the unit tests and the device code never need MPI headers.
# Include after the `gpuaudit` executable target exists.
set(GPUAUDIT_MPI AUTO CACHE STRING "Multi-node runs through MPI: AUTO (when found), ON or OFF")
set_property(CACHE GPUAUDIT_MPI PROPERTY STRINGS AUTO ON OFF)

set(GPUAUDIT_WITH_MPI OFF)
if(NOT GPUAUDIT_MPI STREQUAL "OFF")
  find_package(MPI COMPONENTS C QUIET)
  if(MPI_C_FOUND)
    set(GPUAUDIT_WITH_MPI ON)
  endif()
endif()
if(GPUAUDIT_MPI STREQUAL "ON" AND NOT GPUAUDIT_WITH_MPI)
  message(FATAL_ERROR "GPUAUDIT_MPI=ON but no MPI was found (install libopenmpi-dev, or set MPI_HOME)")
endif()

if(GPUAUDIT_WITH_MPI)
  file(GLOB GPUAUDIT_MPI_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/multigpu/mpi/*.cpp)
  add_library(gpuaudit_mpi OBJECT ${GPUAUDIT_MPI_SOURCES})
  target_link_libraries(gpuaudit_mpi PUBLIC gpuaudit_host MPI::MPI_C)
  # The C API only: mpi.h would otherwise pull in the (deprecated) C++ bindings under C++.
  target_compile_definitions(gpuaudit_mpi PRIVATE OMPI_SKIP_MPICXX=1 MPICH_SKIP_MPICXX=1)
  gpuaudit_warnings(gpuaudit_mpi)
  target_link_libraries(gpuaudit PRIVATE gpuaudit_mpi)
  message(STATUS "gpuaudit: MPI ${MPI_C_VERSION} (${MPI_C_LIBRARIES}): multi-node runs on")
else()
  message(STATUS "gpuaudit: building without MPI (no --nccl-multinode)")
endif()
