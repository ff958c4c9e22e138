// What the stand-in's runtime (runtime.cpp) asks of the grid runner (grid.cpp): the error a launch
// left, and where a fault happened.
#pragma once

#include <cstddef>

namespace cpusim {

// The error of the last launch (a cudaError_t value), cleared by the call, as cudaGetLastError.
int take_last_error();
// The error of a kernel fault: every later runtime call returns it, as a GPU's sticky errors.
int sticky_error();
// Records a launch error (a bad configuration) from the runtime side.
void set_last_error(int error);
// "kernel K, block (x,y,z), thread (x,y,z)" of the running GPU thread, or "host code".
void describe_current(char* out, std::size_t size);
// True when `address` is in the guard page of one of the fibers' stacks.
bool in_fiber_guard(const void* address);

}  // namespace cpusim
