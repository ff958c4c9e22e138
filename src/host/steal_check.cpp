#include "host/steal_check.hpp"

#include "host/cpu_contention.hpp"
#include "host/host_result.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

const CpuTimes* find_cpu(const std::vector<CpuTimes>& v, const std::string& name) {
  for (const auto& t : v)
    if (t.cpu == name) return &t;
  return nullptr;
}

}  // namespace

StealResults steal_results(const std::vector<ProcStatSnapshot>& snaps, const std::vector<int>& allowed) {
  StealResults out;
  if (snaps.size() < 2) {
    out.steal = host_status("host/steal", "%", "error", "/proc/stat was not read at the start and end of the run");
    out.iowait = host_status("host/iowait", "%", "error", out.steal.message);
    out.steal.higher_is_better = out.iowait.higher_is_better = false;
    return out;
  }
  std::vector<double> steal, iowait;
  double max_steal = 0;
  for (size_t i = 1; i < snaps.size(); ++i) {
    const CpuTimes* a = find_cpu(snaps[i - 1].times, "cpu");
    const CpuTimes* b = find_cpu(snaps[i].times, "cpu");
    if (!a || !b) continue;
    for (const auto& s : cpu_shares({*a}, {*b})) {
      steal.push_back(s.steal_pct);
      iowait.push_back(s.iowait_pct);
      max_steal = std::max(max_steal, s.steal_pct);
    }
  }
  if (steal.empty()) {  // e.g. --only host/steal: start and end fell in the same clock tick
    const std::string why = "the run was too short for /proc/stat to count CPU time (" +
                            std::to_string(snaps.back().t_s - snaps.front().t_s) + " s)";
    out.steal = host_status("host/steal", "%", "skipped", why);
    out.iowait = host_status("host/iowait", "%", "skipped", why);
    out.steal.higher_is_better = out.iowait.higher_is_better = false;
    return out;
  }
  out.steal = host_figure("host/steal", "%", steal, false);
  out.iowait = host_figure("host/iowait", "%", iowait, false);

  const auto whole = cpu_shares(snaps.front().times, snaps.back().times);
  json per_cpu = json::array();
  for (const auto& s : whole) {
    if (s.cpu == "cpu") {
      out.steal.derived["whole_run_pct"] = s.steal_pct;
      out.iowait.derived["whole_run_pct"] = s.iowait_pct;
      out.steal.derived["busy_pct"] = s.busy_pct;
      continue;
    }
    per_cpu.push_back({{"cpu", s.cpu}, {"steal_pct", s.steal_pct}, {"iowait_pct", s.iowait_pct}, {"busy_pct", s.busy_pct}});
  }
  if (!steal.empty()) out.steal.derived["max_window_pct"] = max_steal;
  if (const auto c = cpu_contention({snaps.front().times, snaps.front().own_ticks}, {snaps.back().times, snaps.back().own_ticks}, allowed))
    out.steal.derived["foreign_cpu_pct"] = c->foreign_pct;
  const double run_s = snaps.back().t_s - snaps.front().t_s;
  for (auto* r : {&out.steal, &out.iowait}) {
    r->params = {{"run_s", run_s},
                 {"windows", snaps.size() - 1},
                 {"window_s", run_s / static_cast<double>(snaps.size() - 1)},
                 {"per_cpu", per_cpu}};
  }
  if (out.iowait.status == "ok") out.iowait.message = "includes the wait caused by host/disk when it ran";
  return out;
}

ProcStatSampler::ProcStatSampler(std::string path, double period_s, size_t max_snapshots)
    : path_(std::move(path)), period_s_(period_s), max_snapshots_(std::max<size_t>(max_snapshots, 4)) {}

ProcStatSampler::~ProcStatSampler() { stop(); }

bool ProcStatSampler::running() const {
  std::lock_guard lock(m_);
  return running_;
}

double ProcStatSampler::elapsed_s() const {
  std::lock_guard lock(m_);
  return running_ ? std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count() : 0.0;
}

void ProcStatSampler::take(bool full) {
  // Our own time first, as mark_cpu_usage does; only beside the real /proc/stat (tests read fixtures).
  const auto own = full && path_ == "/proc/stat" ? read_own_cpu_ticks() : std::nullopt;
  auto t = read_proc_stat(path_);
  if (!t) return;
  ProcStatSnapshot s;
  s.t_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  if (full) {
    s.own_ticks = own;
    s.times = std::move(*t);
  } else if (const CpuTimes* all = find_cpu(*t, "cpu")) {
    s.times = {*all};
  }
  std::lock_guard lock(m_);
  snaps_.push_back(std::move(s));
}

void ProcStatSampler::start() {
  {
    std::lock_guard lock(m_);
    if (running_) return;
    running_ = true;
    stopping_ = false;
    snaps_.clear();
    t0_ = std::chrono::steady_clock::now();
  }
  take(true);
  thread_ = std::thread([this] { loop(); });
}

void ProcStatSampler::loop() {
  std::unique_lock lock(m_);
  for (;;) {
    if (cv_.wait_for(lock, std::chrono::duration<double>(period_s_), [this] { return stopping_; })) return;
    lock.unlock();
    take(false);
    lock.lock();
    if (snaps_.size() >= max_snapshots_) {
      // Keep the first (full) snapshot and every other one after it; sample half as often.
      std::vector<ProcStatSnapshot> kept;
      for (size_t i = 0; i < snaps_.size(); i += 2) kept.push_back(std::move(snaps_[i]));
      snaps_ = std::move(kept);
      period_s_ *= 2;
    }
  }
}

std::vector<ProcStatSnapshot> ProcStatSampler::stop() {
  {
    std::lock_guard lock(m_);
    if (!running_) return {};
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  take(true);
  std::lock_guard lock(m_);
  running_ = false;
  return std::move(snaps_);
}

ProcStatSampler& run_proc_stat_sampler() {
  static ProcStatSampler sampler;
  return sampler;
}

}  // namespace gpuaudit
