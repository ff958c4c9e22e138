// `top` output (batch `top -b -n N`, or a copy of the interactive screen): each frame starts with
// `top - 11:24:50 up 2 min, 2 users, load average: ...` and has a CPU summary
// `%Cpu(s):  5.9 us,  5.9 sy,  0.0 ni, 88.2 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st` (procps-ng; the
// older procps prints `Cpu(s):  0.3%us, ...`; the `1` toggle prints `%Cpu0 :` per CPU instead,
// averaged here with equal weight, as each CPU has the same ticks). top computes each share from
// /proc/stat's tick deltas since its previous refresh, so a frame's `st` and `wa` are the same
// measure as gpuaudit's host/steal and host/iowait over that refresh (host_rows.hpp).
//
// What a frame covers: every frame after the first covers the delay between refreshes (-d, 3 s by
// default; taken from the frames' clocks). The FIRST frame has no previous refresh: procps before
// 3.3 shows the shares since boot, later versions a fraction of a second after start. Either way it
// is not a window of the run, so with several frames it is not counted; a paste of one frame (a
// screen copied from an interactive top, which has refreshed since) is kept as a snapshot
// (params.snapshot) of an unknown span -- a few seconds at best, not a run. A paste that starts at
// the `Tasks:` line (the `top -` line left out) is read as a frame too.
// Locales that write a decimal comma (`0,3 us`) are read; graph modes (`t` toggle bars) are not.
#include "import/rows/host_rows.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace gpuaudit::imports {

namespace {

using smi::trim;

bool frame_start(std::string_view l) { return l.rfind("top - ", 0) == 0 && l.find("load average") != std::string_view::npos; }

// "Tasks: 249 total, ..." (procps) or "Threads: ...": a paste that starts below top's first line
// still has its summary; it starts a frame when no `top -` line did.
bool summary_start(std::string_view l) {
  return (l.rfind("Tasks:", 0) == 0 || l.rfind("Threads:", 0) == 0) && l.find(" total") != std::string_view::npos &&
         l.find("running") != std::string_view::npos;
}

// "%Cpu(s):", "Cpu(s):", "%Cpu0  :", "Cpu12 :" -> "all" or the CPU number; nullopt otherwise.
std::optional<std::string> cpu_label(std::string_view l, std::size_t& after) {
  std::size_t i = 0;
  if (l.rfind("%Cpu", 0) == 0) i = 4;
  else if (l.rfind("Cpu", 0) == 0) i = 3;
  else return std::nullopt;
  const auto colon = l.find(':', i);
  if (colon == std::string_view::npos || colon > i + 8) return std::nullopt;
  const std::string_view name = trim(l.substr(i, colon - i));
  after = colon + 1;
  if (name == "(s)") return std::string("all");
  if (name.empty() || name.size() > 5 || !std::all_of(name.begin(), name.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  return std::string(name);
}

// " 5.9 us,  5.9 sy, ..." or " 0.3%us, ..." or " 0,3 us, ..." -> {"us": 5.9, ...}.
std::map<std::string, double> shares_of(std::string_view s) {
  std::map<std::string, double> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) {
      ++i;
      continue;
    }
    std::size_t j = i;
    std::string num;
    while (j < s.size() && j - i < 12 &&
           (std::isdigit(static_cast<unsigned char>(s[j])) ||
            ((s[j] == '.' || s[j] == ',') && j + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[j + 1]))))) {
      num.push_back(s[j] == ',' ? '.' : s[j]);
      ++j;
    }
    std::size_t k = j;
    if (k < s.size() && s[k] == '%') ++k;
    while (k < s.size() && s[k] == ' ') ++k;
    std::string key;
    while (k < s.size() && std::isalpha(static_cast<unsigned char>(s[k])) && key.size() < 3) key.push_back(s[k++]);
    if (key.size() == 2 && !num.empty() && num.size() < 12) {
      if (const auto v = smi::number(num); v && *v >= 0 && *v <= 100) out[key] = *v;
    }
    i = std::max(k, j + 1);
  }
  return out;
}

std::optional<double> clock_of(std::string_view l) {  // "top - 11:24:50 up ..."
  if (l.size() < 14) return std::nullopt;
  const std::string_view t = l.substr(6, 8);
  for (std::size_t i : {0u, 1u, 3u, 4u, 6u, 7u})
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
  if (t[2] != ':' || t[5] != ':') return std::nullopt;
  return ((t[0] - '0') * 10 + (t[1] - '0')) * 3600.0 + ((t[3] - '0') * 10 + (t[4] - '0')) * 60.0 + (t[6] - '0') * 10 + (t[7] - '0');
}

// "KiB Mem :  3861332 total," / "MiB Mem :   3903.6 total," / "Mem:   3861332k total," -> bytes.
std::optional<std::uint64_t> memory_of(std::string_view l) {
  double unit = 0;
  std::size_t at = 0;
  if (l.rfind("KiB Mem", 0) == 0) unit = 1024.0, at = 7;
  else if (l.rfind("MiB Mem", 0) == 0) unit = 1024.0 * 1024, at = 7;
  else if (l.rfind("GiB Mem", 0) == 0) unit = 1024.0 * 1024 * 1024, at = 7;
  else if (l.rfind("TiB Mem", 0) == 0) unit = 1024.0 * 1024 * 1024 * 1024, at = 7;
  else if (l.rfind("Mem:", 0) == 0) unit = 1024.0, at = 3;
  else return std::nullopt;
  const auto colon = l.find(':', at);
  const auto total = l.find("total", at);
  if (colon == std::string_view::npos || total == std::string_view::npos || total < colon) return std::nullopt;
  std::string v(trim(l.substr(colon + 1, total - colon - 1)));
  if (!v.empty() && (v.back() == 'k' || v.back() == 'K')) v.pop_back();
  std::replace(v.begin(), v.end(), ',', '.');
  const auto n = smi::number(v);
  if (!n || *n <= 0 || *n > 1e15) return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(*n * unit));
}

int detect_top(std::string_view text) {
  bool frame = false;
  for (const auto& [no, line] : smi::head_lines(text, 400)) {
    const auto l = trim(line);
    if (frame_start(l) || summary_start(l)) frame = true;
    std::size_t after = 0;
    if (frame && cpu_label(l, after) && shares_of(l.substr(after)).count("id")) return 85;
  }
  return 0;
}

struct Frame {
  int line = 0;
  std::optional<double> clock;
  std::optional<std::map<std::string, double>> all;
  std::map<std::string, std::map<std::string, double>> per_cpu;
  std::optional<double> load1;
};

CpuShares shares_from(const std::map<std::string, double>& m) {
  CpuShares s;
  s.idle = m.count("id") ? m.at("id") : 0;
  s.iowait = m.count("wa") ? m.at("wa") : 0;
  s.has_steal = m.count("st") > 0;
  s.steal = s.has_steal ? m.at("st") : 0;
  return s;
}

ImportPart parse_top(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"top", "", file, 0};
  std::vector<Frame> frames;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    // A Tasks: line begins a frame when no `top -` line began this one (the frame so far has its CPU line).
    if (summary_start(l) && (frames.empty() || frames.back().all || !frames.back().per_cpu.empty())) {
      Frame f;
      f.line = no;
      frames.push_back(std::move(f));
      continue;
    }
    if (frame_start(l)) {
      Frame f;
      f.line = no;
      f.clock = clock_of(l);
      const auto la = l.find("load average:");
      if (la != std::string_view::npos) {
        std::string v(trim(l.substr(la + 13)));
        const auto comma = v.find(", ");
        v = v.substr(0, comma);
        std::replace(v.begin(), v.end(), ',', '.');
        f.load1 = smi::number(v);
      }
      frames.push_back(std::move(f));
      continue;
    }
    if (frames.empty()) continue;
    if (auto m = memory_of(l); m && !part.host.memory_bytes) part.host.memory_bytes = m;
    std::size_t after = 0;
    const auto label = cpu_label(l, after);
    if (!label) continue;
    auto m = shares_of(l.substr(after));
    if (!m.count("id")) {
      part.skipped.push_back("line " + std::to_string(no) + ": a CPU line without an idle share (a graph mode?)");
      continue;
    }
    if (*label == "all") frames.back().all = std::move(m);
    else frames.back().per_cpu[*label] = std::move(m);
  }
  // A frame with per-CPU lines only: their average (each CPU has the same ticks).
  for (auto& f : frames) {
    if (f.all || f.per_cpu.empty()) continue;
    std::map<std::string, double> avg;
    for (const auto& [cpu, m] : f.per_cpu)
      for (const auto& [k, v] : m) avg[k] += v / static_cast<double>(f.per_cpu.size());
    bool all_steal = std::all_of(f.per_cpu.begin(), f.per_cpu.end(), [](const auto& c) { return c.second.count("st") > 0; });
    if (!all_steal) avg.erase("st");
    f.all = std::move(avg);
  }
  frames.erase(std::remove_if(frames.begin(), frames.end(), [](const Frame& f) { return !f.all; }), frames.end());
  if (frames.empty()) {
    part.skipped.push_back("no top frame (`top - ... load average` and a `%Cpu(s):` line): nothing was read");
    return part;
  }
  HostShareInput in;
  in.tool = "top";
  in.line = frames.front().line;
  in.first_report_is = frames.size() == 1 ? "one top frame: since the refresh before it, or since boot or under a second if it was top's first"
                                           : "top's first frame (since boot or under a second, by version)";
  in.first_report = shares_from(*frames.front().all);
  for (std::size_t i = 1; i < frames.size(); ++i) in.windows.push_back(shares_from(*frames[i].all));
  std::vector<double> d;
  for (std::size_t i = 1; i < frames.size(); ++i)
    if (frames[i].clock && frames[i - 1].clock && *frames[i].clock > *frames[i - 1].clock) d.push_back(*frames[i].clock - *frames[i - 1].clock);
  if (!d.empty()) {
    std::sort(d.begin(), d.end());
    in.interval_s = d[d.size() / 2];
  }
  if (!frames.back().per_cpu.empty()) {
    for (const auto& [cpu, m] : frames.back().per_cpu) {
      const CpuShares s = shares_from(m);
      in.per_cpu.push_back({{"cpu", "cpu" + cpu}, {"steal_pct", s.steal}, {"iowait_pct", s.iowait},
                            {"busy_pct", std::clamp(100.0 - s.idle - s.iowait - s.steal, 0.0, 100.0)}});
    }
    part.host.vcpus = static_cast<int>(frames.back().per_cpu.size());
  }
  part.benchmarks = host_share_rows(in, part.source);
  for (auto& b : part.benchmarks) {
    b.params["frames"] = frames.size();
    if (frames.back().load1) b.params["load_average_1m"] = *frames.back().load1;
  }
  if (!frames.front().all->count("st")) part.warnings.push_back("no st share in top's CPU line: steal is not known, only iowait");
  if (frames.size() == 1)
    part.warnings.push_back("one top frame: a snapshot of an unknown span (since top's previous refresh, or since boot), not a run");
  else
    part.warnings.push_back("top's first frame is not counted (it covers no refresh interval); " +
                            std::to_string(frames.size() - 1) + " frames are");
  return part;
}

const RegisterFormat reg{{"top", "top output (top - ... load average, %Cpu(s): ... st)", detect_top, parse_top}};

}  // namespace

}  // namespace gpuaudit::imports
