#include "run/gpu_schedule.hpp"

#include "core/latch.hpp"

#include <algorithm>
#include <exception>
#include <thread>

namespace gpuaudit {

bool shares_host_link(const std::string& bench) { return bench.rfind("pcie/", 0) == 0; }

bool needs_alone_pass(const std::string& bench, const std::string& mode) {
  return shares_host_link(bench) && (mode == "full" || bench == "pcie/h2d_pinned");
}

std::vector<ScheduleStep> plan_schedule(const std::vector<ScheduleBench>& benches, int devices, const std::string& mode,
                                        bool sequential, const std::function<bool(const std::string&)>& selected) {
  std::vector<ScheduleStep> out;
  if (devices <= 0) return out;
  std::vector<ScheduleBench> sorted = benches;
  std::stable_sort(sorted.begin(), sorted.end(), [](const ScheduleBench& a, const ScheduleBench& b) {
    return a.order != b.order ? a.order < b.order : a.name < b.name;
  });
  const auto wanted = [&](const ScheduleBench& b) {
    return (mode == "full" || !b.full_only) && (!selected || selected(b.name));
  };
  std::vector<int> all;
  for (int i = 0; i < devices; ++i) all.push_back(i);
  const char* together = devices > 1 ? kAllGpus : kAlone;
  if (sequential) {
    for (int slot = 0; slot < devices; ++slot)
      for (const auto& b : sorted)
        if (!b.all_gpus && wanted(b)) out.push_back({b.name, {slot}, kAlone, false});
  } else {
    for (const auto& b : sorted) {
      if (b.all_gpus || !wanted(b)) continue;
      if (devices > 1 && needs_alone_pass(b.name, mode))
        for (int slot = 0; slot < devices; ++slot) out.push_back({b.name, {slot}, kAlone, false});
      out.push_back({b.name, all, together, false});
    }
  }
  for (const auto& b : sorted)
    if (b.all_gpus && wanted(b)) out.push_back({b.name, {0}, together, true});
  return out;
}

std::vector<Measurement> run_together(const std::vector<int>& slots, const std::function<Measurement(int slot)>& fn) {
  std::vector<Measurement> results(slots.size());
  const auto guarded = [&fn](int slot) {
    try {
      return fn(slot);
    } catch (const std::exception& e) {
      return measurement_error(e.what());
    } catch (...) {
      return measurement_error("unknown exception");
    }
  };
  if (slots.size() == 1) {
    results[0] = guarded(slots[0]);
    return results;
  }
  // Every thread first makes itself ready (the backend sets its device inside fn, which is cheap
  // next to a measurement); the latch then releases all of them at once.
  Latch start(static_cast<std::ptrdiff_t>(slots.size()));
  std::vector<std::thread> threads;
  threads.reserve(slots.size());
  for (size_t i = 0; i < slots.size(); ++i)
    threads.emplace_back([&, i] {
      start.arrive_and_wait();
      results[i] = guarded(slots[i]);
    });
  for (auto& t : threads) t.join();
  return results;
}

void stamp_concurrency(Measurement& m, const ScheduleStep& step) {
  if (!m.params.is_object()) m.params = json::object();
  m.params["concurrency"] = step.concurrency;
  if (step.concurrency == std::string(kAllGpus) && !step.all_gpus_bench) {
    m.params["concurrent_gpus"] = static_cast<int>(step.slots.size());
    // Measured alone as well: this row is "what each GPU gets while all copy" (a label variant).
    if (shares_host_link(step.bench)) m.params["shares_host_link"] = true;
  }
}

int execute_schedule(const std::vector<ScheduleStep>& steps, StepBackend& backend, const ScheduleHooks& hooks) {
  int ran = 0;
  for (const auto& step : steps) {
    if (hooks.interrupted && hooks.interrupted()) break;
    if (hooks.on_start) hooks.on_start(step);
    std::vector<Measurement> results = run_together(step.slots, [&](int slot) { return backend.run(step, slot); });
    ++ran;
    for (size_t i = 0; i < step.slots.size(); ++i) {
      stamp_concurrency(results[i], step);
      if (hooks.record) hooks.record(step, step.slots[i], results[i]);
    }
  }
  return ran;
}

}  // namespace gpuaudit
