// The pretend device of the CPU stand-in, from the environment, so one test binary runs at several
// SM counts and schedules (tests/cpusim/CMakeLists.txt registers them):
//   CPUSIM_SMS        SM count the device reports (multiProcessorCount), 1..1024; default 4
//   CPUSIM_SCHEDULE   in-order     blocks and threads in index order, each thread runs until it
//                                  waits at a barrier or exits
//                     reverse      blocks and threads in reverse order
//                     shuffled     blocks in a random order, the next thread picked at random
//                     interleaved  as shuffled, and a thread may also be switched out at every
//                                  atomic and clock read
//   CPUSIM_SEED       seed of the random orders (default 1)
// Blocks go to SMs round-robin in the order they run. In-order and reverse number the SMs 0..n-1;
// shuffled and interleaved give them ids 3s+2, not contiguous, as %smid need not be on a MIG slice.
#pragma once

#include <cstdint>

namespace cpusim {

enum class Schedule { in_order, reverse, shuffled, interleaved };

struct Config {
  int sms = 4;
  Schedule schedule = Schedule::in_order;
  std::uint64_t seed = 1;
};

// Read once; an invalid value ends the program with a one-line message (exit 2).
const Config& config();
const char* schedule_name(Schedule s);
// The %smid of the s-th SM (0-based) under this configuration.
unsigned sm_id_of(const Config& c, int sm);

}  // namespace cpusim
