// The fiber switch of the CPU stand-in (fiber.hpp says what it is for).
#include "cpusim/fiber.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define CPUSIM_ASAN 1
#else
#define CPUSIM_ASAN 0
#endif

// Our own switch on x86-64; ucontext elsewhere, or with -DCPUSIM_UCONTEXT (to test that path here).
#if defined(__x86_64__) && !defined(CPUSIM_UCONTEXT)
#define CPUSIM_OWN_SWITCH 1
#else
#define CPUSIM_OWN_SWITCH 0
#include <ucontext.h>
#endif

namespace cpusim {

struct Fiber::Impl {
#if CPUSIM_OWN_SWITCH
  void* sp = nullptr;            // the fiber's saved stack pointer while it is suspended
  void* scheduler_sp = nullptr;  // the scheduler's while the fiber runs
#else
  ucontext_t context{}, scheduler{};
#endif
  void* fiber_fake_stack = nullptr;  // AddressSanitizer's bookkeeping of the two stacks
  const void* scheduler_bottom = nullptr;
  std::size_t scheduler_size = 0;

  static void run(Fiber* f);  // the fiber's first frame; never returns
  static void switch_to_fiber(Fiber* f);
  static void switch_to_scheduler(Fiber* f, bool exiting);
};

}  // namespace cpusim

#if CPUSIM_OWN_SWITCH
// cpusim_switch(save, load): pushes the callee-saved registers, MXCSR and the x87 control word
// on the current stack, stores the stack pointer to *save, loads `load` and pops the same from it.
// A new fiber's stack is laid out as if it had called cpusim_switch from cpusim_fiber_trampoline,
// with the Fiber* in the rbx slot.
extern "C" void cpusim_switch(void** save, void* load);
extern "C" void cpusim_fiber_trampoline();
extern "C" [[noreturn]] void cpusim_fiber_main(cpusim::Fiber* f) {
  cpusim::Fiber::Impl::run(f);
  std::abort();
}
asm(R"(
  .text
  .globl cpusim_switch
  .type cpusim_switch, @function
cpusim_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size cpusim_switch, .-cpusim_switch
  .globl cpusim_fiber_trampoline
  .type cpusim_fiber_trampoline, @function
cpusim_fiber_trampoline:
  movq %rbx, %rdi
  call cpusim_fiber_main@PLT
  ud2
  .size cpusim_fiber_trampoline, .-cpusim_fiber_trampoline
)");
#else
namespace {
cpusim::Fiber* g_starting = nullptr;  // makecontext passes ints only
void ucontext_entry() { cpusim::Fiber::Impl::run(g_starting); }
}  // namespace
#endif

namespace cpusim {

namespace {
std::size_t page_bytes() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }
}  // namespace

Fiber::Fiber(std::size_t stack_bytes) : impl_(new Impl) {
  const std::size_t page = page_bytes();
  map_bytes_ = (stack_bytes + page - 1) / page * page + page;
  map_ = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map_ == MAP_FAILED || mprotect(map_, page, PROT_NONE) != 0) {
    std::fprintf(stderr, "cpusim: cannot map a %zu-byte fiber stack\n", map_bytes_);
    std::abort();
  }
}

Fiber::~Fiber() {
  munmap(map_, map_bytes_);
  delete impl_;
}

bool Fiber::in_guard(const void* address) const {
  const auto* a = static_cast<const char*>(address);
  const auto* lo = static_cast<const char*>(map_);
  return a >= lo && a < lo + page_bytes();
}

void Fiber::start(Entry entry, void* arg) {
  entry_ = entry;
  arg_ = arg;
  char* const stack_lo = static_cast<char*>(map_) + page_bytes();
  const std::size_t stack_size = map_bytes_ - page_bytes();
#if CPUSIM_ASAN
  if (abandoned_) __asan_unpoison_memory_region(stack_lo, stack_size);  // frames that never returned
#endif
  abandoned_ = !finished_;
  finished_ = false;
#if CPUSIM_OWN_SWITCH
  auto* top = reinterpret_cast<std::uint64_t*>(stack_lo + stack_size);
  std::uint64_t* frame = top - 8;  // 16-byte aligned, so the trampoline's call leaves the ABI's alignment
  frame[0] = 0x1f80ull | (0x037full << 32);  // MXCSR default, x87 control word default
  frame[1] = frame[2] = frame[3] = frame[4] = 0;  // r15..r12
  frame[5] = reinterpret_cast<std::uint64_t>(this);  // rbx: the trampoline's argument
  frame[6] = 0;  // rbp
  frame[7] = reinterpret_cast<std::uint64_t>(&cpusim_fiber_trampoline);
  impl_->sp = frame;
#else
  getcontext(&impl_->context);
  impl_->context.uc_stack.ss_sp = stack_lo;
  impl_->context.uc_stack.ss_size = stack_size;
  impl_->context.uc_link = nullptr;
  makecontext(&impl_->context, ucontext_entry, 0);
#endif
}

void Fiber::resume() { Impl::switch_to_fiber(this); }

void Fiber::suspend() { Impl::switch_to_scheduler(this, false); }

void Fiber::Impl::run(Fiber* f) {
#if CPUSIM_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &f->impl_->scheduler_bottom, &f->impl_->scheduler_size);
#endif
  f->entry_(f->arg_);
  f->finished_ = true;
  switch_to_scheduler(f, true);
  std::abort();  // a finished fiber is never resumed
}

void Fiber::Impl::switch_to_fiber(Fiber* f) {
  Impl* s = f->impl_;
#if CPUSIM_ASAN
  void* fake = nullptr;
  __sanitizer_start_switch_fiber(&fake, static_cast<char*>(f->map_) + page_bytes(), f->map_bytes_ - page_bytes());
#endif
#if CPUSIM_OWN_SWITCH
  cpusim_switch(&s->scheduler_sp, s->sp);
#else
  g_starting = f;
  swapcontext(&s->scheduler, &s->context);
#endif
#if CPUSIM_ASAN
  __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
}

void Fiber::Impl::switch_to_scheduler(Fiber* f, bool exiting) {
  Impl* s = f->impl_;
#if CPUSIM_ASAN
  __sanitizer_start_switch_fiber(exiting ? nullptr : &s->fiber_fake_stack, s->scheduler_bottom, s->scheduler_size);
#else
  (void)exiting;
#endif
#if CPUSIM_OWN_SWITCH
  cpusim_switch(&s->sp, s->scheduler_sp);
#else
  swapcontext(&s->context, &s->scheduler);
#endif
#if CPUSIM_ASAN
  __sanitizer_finish_switch_fiber(s->fiber_fake_stack, &s->scheduler_bottom, &s->scheduler_size);
#endif
}

}  // namespace cpusim
