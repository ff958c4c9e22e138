// tests/gpu/kernels_test.cu, unmodified, compiled as host C++ against the CPU stand-in
// (tests/cpusim/CMakeLists.txt runs it at several pretend SM counts and schedules).
#include "gpu/kernels_test.cu"
