// The pretend device's configuration from the environment (config.hpp).
#include "cpusim/config.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace cpusim {

namespace {

[[noreturn]] void bad(const char* var, const char* value, const char* want) {
  std::fprintf(stderr, "cpusim: %s=%s: expected %s\n", var, value, want);
  std::exit(2);
}

Config read_config() {
  Config c;
  if (const char* v = std::getenv("CPUSIM_SMS")) {
    char* end = nullptr;
    const long n = std::strtol(v, &end, 10);
    if (end == v || *end || n < 1 || n > 1024) bad("CPUSIM_SMS", v, "an SM count from 1 to 1024");
    c.sms = static_cast<int>(n);
  }
  if (const char* v = std::getenv("CPUSIM_SCHEDULE")) {
    bool found = false;
    for (Schedule s : {Schedule::in_order, Schedule::reverse, Schedule::shuffled, Schedule::interleaved})
      if (std::strcmp(v, schedule_name(s)) == 0) {
        c.schedule = s;
        found = true;
      }
    if (!found) bad("CPUSIM_SCHEDULE", v, "in-order, reverse, shuffled or interleaved");
  }
  if (const char* v = std::getenv("CPUSIM_SEED")) {
    char* end = nullptr;
    c.seed = std::strtoull(v, &end, 10);
    if (end == v || *end) bad("CPUSIM_SEED", v, "a number");
  }
  return c;
}

}  // namespace

const Config& config() {
  static const Config c = read_config();
  return c;
}

const char* schedule_name(Schedule s) {
  switch (s) {
    case Schedule::in_order: return "in-order";
    case Schedule::reverse: return "reverse";
    case Schedule::shuffled: return "shuffled";
    case Schedule::interleaved: return "interleaved";
  }
  return "?";
}

unsigned sm_id_of(const Config& c, int sm) {
  const bool sparse = c.schedule == Schedule::shuffled || c.schedule == Schedule::interleaved;
  return sparse ? static_cast<unsigned>(3 * sm + 2) : static_cast<unsigned>(sm);
}

}  // namespace cpusim
