// The grid runner of the CPU stand-in: a launch runs its blocks one after another (in the order
// the schedule gives, each on the next pretend SM round-robin), every thread of a block on its own
// fiber. A thread runs until it exits or waits at a barrier: __syncthreads waits for every thread
// of the block that has not exited; a __shfl_*_sync waits for every lane its mask names, and it
// is a fault when the mask names a lane that has exited or that a partial warp does not have
// (undefined on a GPU). When no thread can run and some have not exited, the launch deadlocked.
#include "cpusim/config.hpp"
#include "cpusim/cpusim.hpp"
#include "cpusim/fiber.hpp"
#include "cpusim/grid.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

namespace cpusim {

namespace {

constexpr int kErrorLaunchFailure = 719;           // cudaErrorLaunchFailure (driver_types.h)
constexpr int kErrorInvalidConfiguration = 9;      // cudaErrorInvalidConfiguration
constexpr int kErrorInvalidValue = 1;              // cudaErrorInvalidValue
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kStackBytes = 512 * 1024;    // instrumented frames are larger
#else
constexpr std::size_t kStackBytes = 64 * 1024;
#endif

enum class State { ready, at_sync, at_shuffle, done };

struct Lane {
  uint3 tid;
  int index = 0, warp = 0, lane = 0;
  State state = State::ready;
  unsigned mask = 0;  // the shuffle it waits at
  int source = 0;
  std::uint64_t value = 0, result = 0;
  const char* what = "";
};

struct Running {
  const char* name = "";
  dim3 grid, block;
  KernelBody body = nullptr;
  void* closure = nullptr;
  uint3 block_idx;
  unsigned smid = 0;
  std::vector<Lane> lanes;
  std::vector<unsigned> arrived;  // per warp: lanes waiting at a shuffle
  std::deque<int> ready;
  int live = 0, at_sync = 0, current = -1;
  bool faulted = false;
};

Running* g_run = nullptr;
std::vector<std::unique_ptr<Fiber>> g_fibers;
std::mt19937_64 g_rng;
unsigned long long g_now_ns = 1ull << 30;
Counters g_counters;
int g_last_error = 0, g_sticky = 0;

Lane& me() {
  if (!g_run || g_run->current < 0) fault(kErrorLaunchFailure, "a device function was called from host code");
  return g_run->lanes[static_cast<std::size_t>(g_run->current)];
}

void make_ready(Lane& l) {
  l.state = State::ready;
  g_run->ready.push_back(l.index);
}

// The current thread waits (state already set) until a barrier makes it ready again.
void wait() {
  Fiber& f = *g_fibers[static_cast<std::size_t>(g_run->current)];
  f.suspend();
}

void release_sync_if_complete() {
  Running& r = *g_run;
  if (r.at_sync == 0 || r.at_sync != r.live) return;
  r.at_sync = 0;
  for (Lane& l : r.lanes)
    if (l.state == State::at_sync) make_ready(l);
}

unsigned lanes_in_warp(int warp) {
  const int n = static_cast<int>(g_run->lanes.size()) - warp * 32;
  return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

void on_exit(Lane& l) {
  Running& r = *g_run;
  l.state = State::done;
  --r.live;
  for (int i = 0; i < 32; ++i) {
    const std::size_t other = static_cast<std::size_t>(l.warp * 32 + i);
    if (other < r.lanes.size() && r.lanes[other].state == State::at_shuffle && (r.lanes[other].mask >> l.lane & 1u))
      fault(kErrorLaunchFailure, "lane %d exited while lane %d waits for it in %s (mask 0x%08x)", l.lane, i,
            r.lanes[other].what, r.lanes[other].mask);
  }
  release_sync_if_complete();
}

void thread_entry(void* arg) {
  Lane& l = *static_cast<Lane*>(arg);
  g_run->body(g_run->closure);
  on_exit(l);
}

std::vector<int> order(int n) {
  std::vector<int> o(static_cast<std::size_t>(n));
  std::iota(o.begin(), o.end(), 0);
  const Schedule s = config().schedule;
  if (s == Schedule::reverse) std::reverse(o.begin(), o.end());
  if (s == Schedule::shuffled || s == Schedule::interleaved) std::shuffle(o.begin(), o.end(), g_rng);
  return o;
}

int next_ready() {
  std::deque<int>& q = g_run->ready;
  const Schedule s = config().schedule;
  if ((s == Schedule::shuffled || s == Schedule::interleaved) && q.size() > 1) {
    const auto pick = std::uniform_int_distribution<std::size_t>(0, q.size() - 1)(g_rng);
    std::swap(q[pick], q.front());
  }
  const int t = q.front();
  q.pop_front();
  return t;
}

void report_deadlock() {
  Running& r = *g_run;
  int sync = 0, shuffle = 0;
  for (const Lane& l : r.lanes) {
    sync += l.state == State::at_sync ? 1 : 0;
    shuffle += l.state == State::at_shuffle ? 1 : 0;
  }
  std::fprintf(stderr, "cpusim: kernel %s block (%u,%u,%u): deadlock: %d threads wait at __syncthreads, %d at a shuffle\n",
               r.name, r.block_idx.x, r.block_idx.y, r.block_idx.z, sync, shuffle);
  r.faulted = true;
  g_sticky = g_last_error = kErrorLaunchFailure;
}

void run_block(Running& r, unsigned linear, unsigned smid) {
  const unsigned n = r.block.x * r.block.y * r.block.z;
  r.block_idx = {linear % r.grid.x, linear / r.grid.x % r.grid.y, linear / (r.grid.x * r.grid.y)};
  r.smid = smid;
  r.lanes.assign(n, Lane{});
  r.arrived.assign((n + 31) / 32, 0u);
  while (g_fibers.size() < n) g_fibers.push_back(std::make_unique<Fiber>(kStackBytes));
  for (unsigned t = 0; t < n; ++t) {
    Lane& l = r.lanes[t];
    l.tid = {t % r.block.x, t / r.block.x % r.block.y, t / (r.block.x * r.block.y)};
    l.index = static_cast<int>(t);
    l.warp = static_cast<int>(t / 32);
    l.lane = static_cast<int>(t % 32);
    g_fibers[t]->start(thread_entry, &l);
  }
  r.ready.clear();
  for (int t : order(static_cast<int>(n))) r.ready.push_back(t);
  r.live = static_cast<int>(n);
  r.at_sync = 0;
  while (!r.faulted && r.live > 0) {
    if (r.ready.empty()) {
      report_deadlock();
      break;
    }
    r.current = next_ready();
    g_fibers[static_cast<std::size_t>(r.current)]->resume();
    r.current = -1;
  }
}

int check_shape(dim3 grid, dim3 block, std::size_t shared_bytes) {
  const unsigned long long threads = 1ull * block.x * block.y * block.z;
  if (!grid.x || !grid.y || !grid.z || !threads) return kErrorInvalidConfiguration;
  if (threads > 1024 || block.z > 64 || grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535)
    return kErrorInvalidConfiguration;
  if (shared_bytes > 48 * 1024) return kErrorInvalidValue;  // beyond the default limit without an opt-in
  return 0;
}

}  // namespace

int run_grid(const char* name, dim3 grid, dim3 block, std::size_t shared_bytes, KernelBody body, void* closure) {
  if (g_run) fault(kErrorLaunchFailure, "kernel %s launched from device code", name);
  if (g_sticky) return g_last_error = g_sticky;
  if (const int e = check_shape(grid, block, shared_bytes)) return g_last_error = e;
  if (1ull * grid.x * grid.y * grid.z > (1ull << 24)) {
    std::fprintf(stderr, "cpusim: kernel %s: %u x %u x %u blocks is more than the stand-in runs (2^24)\n", name, grid.x,
                 grid.y, grid.z);
    return g_last_error = kErrorInvalidValue;
  }
  static const bool seeded = (g_rng.seed(config().seed), true);
  (void)seeded;
  Running r;
  r.name = name;
  r.grid = grid;
  r.block = block;
  r.body = body;
  r.closure = closure;
  g_run = &r;
  const std::vector<int> blocks = order(static_cast<int>(grid.x * grid.y * grid.z));
  for (std::size_t p = 0; p < blocks.size() && !r.faulted; ++p)
    run_block(r, static_cast<unsigned>(blocks[p]), sm_id_of(config(), static_cast<int>(p % static_cast<std::size_t>(config().sms))));
  g_run = nullptr;
  return r.faulted ? g_last_error : 0;
}

const uint3& thread_idx() { return me().tid; }
const uint3& block_idx() { return g_run->block_idx; }
const dim3& block_dim() { return g_run->block; }
const dim3& grid_dim() { return g_run->grid; }
int lane_id() { return me().lane; }
unsigned sm_id() { return g_run ? g_run->smid : 0; }

void preemption_point() {
  if (!g_run || g_run->current < 0 || config().schedule != Schedule::interleaved) return;
  make_ready(me());
  wait();
}

unsigned long long global_timer_ns() {
  preemption_point();
  return g_now_ns += kTimerStepNs;
}

long long clock64() {
  preemption_point();
  return static_cast<long long>(++g_now_ns * kCyclesPerNs);
}

uint4 load_l2_only(const uint4* p) {
  g_counters.l2_only_load_bytes += sizeof(uint4);
  return *p;
}

Counters& counters() { return g_counters; }

void syncthreads() {
  Lane& l = me();
  l.state = State::at_sync;
  ++g_run->at_sync;
  release_sync_if_complete();
  wait();
}

std::uint64_t warp_exchange(unsigned mask, std::uint64_t value, int source_lane, const char* what) {
  Lane& l = me();
  Running& r = *g_run;
  if (!(mask >> l.lane & 1u)) fault(kErrorLaunchFailure, "%s with mask 0x%08x from lane %d, which it does not name", what, mask, l.lane);
  if (mask & ~lanes_in_warp(l.warp))
    fault(kErrorLaunchFailure, "%s with mask 0x%08x in warp %d of a %zu-thread block: the mask names lanes the partial warp does not have",
          what, mask, l.warp, r.lanes.size());
  const std::size_t base = static_cast<std::size_t>(l.warp) * 32;
  for (int i = 0; i < 32; ++i)
    if ((mask >> i & 1u) && r.lanes[base + static_cast<std::size_t>(i)].state == State::done)
      fault(kErrorLaunchFailure, "%s with mask 0x%08x: lane %d has exited", what, mask, i);
  l.state = State::at_shuffle;
  l.mask = mask;
  l.value = value;
  l.source = source_lane;
  l.what = what;
  unsigned& arrived = r.arrived[static_cast<std::size_t>(l.warp)];
  arrived |= 1u << l.lane;
  if ((arrived & mask) == mask) {
    for (int i = 0; i < 32; ++i) {
      if (!(mask >> i & 1u)) continue;
      Lane& o = r.lanes[base + static_cast<std::size_t>(i)];
      if (o.mask != mask) fault(kErrorLaunchFailure, "lanes %d and %d meet with masks 0x%08x and 0x%08x", l.lane, i, mask, o.mask);
      if (o.source < 0 || o.source > 31 || !(mask >> o.source & 1u))
        fault(kErrorLaunchFailure, "%s: lane %d reads lane %d, which mask 0x%08x does not name", o.what, i, o.source, mask);
      o.result = r.lanes[base + static_cast<std::size_t>(o.source)].value;
    }
    arrived &= ~mask;
    for (int i = 0; i < 32; ++i)
      if (mask >> i & 1u) make_ready(r.lanes[base + static_cast<std::size_t>(i)]);
  }
  wait();
  return l.result;
}

void fault(int error, const char* fmt, ...) {
  char where[256];
  describe_current(where, sizeof where);
  std::fprintf(stderr, "cpusim: fault in %s: ", where);
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "\n");
  g_sticky = g_last_error = error;
  if (!g_run || g_run->current < 0) std::exit(1);  // not on a fiber: nothing to abandon
  g_run->faulted = true;
  wait();  // never resumed: the launch is abandoned
  std::abort();
}

int take_last_error() {
  const int e = g_last_error;
  g_last_error = g_sticky;
  return e;
}
int sticky_error() { return g_sticky; }
void set_last_error(int error) { g_last_error = error; }

void describe_current(char* out, std::size_t size) {
  if (!g_run || g_run->current < 0) {
    std::snprintf(out, size, "host code");
    return;
  }
  const Lane& l = g_run->lanes[static_cast<std::size_t>(g_run->current)];
  std::snprintf(out, size, "kernel %s, block (%u,%u,%u), thread (%u,%u,%u)", g_run->name, g_run->block_idx.x,
                g_run->block_idx.y, g_run->block_idx.z, l.tid.x, l.tid.y, l.tid.z);
}

bool in_fiber_guard(const void* address) {
  return std::any_of(g_fibers.begin(), g_fibers.end(), [&](const auto& f) { return f->in_guard(address); });
}

}  // namespace cpusim
