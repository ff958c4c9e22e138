// One GPU thread of the CPU stand-in: its own stack (mmap'ed, a guard page below it) and the
// switch between it and the scheduler that runs it (grid.cpp). On x86-64 the switch is twenty
// instructions of our own (callee-saved registers, MXCSR and the x87 control word, as the
// System V ABI requires); elsewhere it is ucontext. AddressSanitizer is told of every switch.
#pragma once

#include <cstddef>

namespace cpusim {

class Fiber {
 public:
  using Entry = void (*)(void* arg);
  explicit Fiber(std::size_t stack_bytes);
  ~Fiber();
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Makes the next resume() run entry(arg) from the top of the stack. A fiber left suspended (an
  // abandoned launch) may be started again.
  void start(Entry entry, void* arg);
  // Scheduler -> fiber: returns when the fiber calls suspend() or its entry returns.
  void resume();
  // Fiber -> scheduler (called on the fiber's own stack).
  void suspend();
  bool finished() const { return finished_; }
  // True when `address` is in this fiber's guard page (a stack overflow).
  bool in_guard(const void* address) const;

  struct Impl;  // the switch's own state (fiber.cpp)

 private:
  friend struct Impl;
  void* map_ = nullptr;  // guard page + stack
  std::size_t map_bytes_ = 0;
  Impl* impl_ = nullptr;
  Entry entry_ = nullptr;
  void* arg_ = nullptr;
  bool finished_ = true;
  bool abandoned_ = false;  // suspended when start() was called: the stack holds stale frames
};

}  // namespace cpusim
