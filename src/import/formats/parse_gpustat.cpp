// `gpustat` (wookayin/gpustat) text: a header line, then one line per GPU, with the optional
// fan (-F), encoder/decoder (-e) and power (-P) fields and the processes (-u -c -p):
//
//   gpu-a-11.extreme         Mon Aug 22 15:23:57 2022  515.65.01
//   [0] Tesla P100-PCIE-16GB | 27'C,   0 % |   103 / 16384 MB |
//   [0] GeForce GTX TITAN 0 | 80°C,  16 %,  76 % (E:  88 %  D:  67 %),  125 / 250 W |  8000 / 12287 MB | user1:python/48448(4000M)
//
// It is nvidia-smi's snapshot through NVML (the same fields as --query-gpu: temperature.gpu,
// fan.speed, utilization.gpu, power.draw, enforced.power.limit, memory.used / memory.total in MiB),
// so each GPU gets the GpuInfo fields the nvidia-smi table parser fills from the same values: index
// (NVML's), name as printed, temperature, utilisation, power draw and the limit in force, total and
// free memory, and the processes with the memory each holds. The header gives the host name and the
// driver version. A snapshot is state, not a timeline (as the table's).
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// "[3] name | ..." -> 3 and the rest after "] "; nullopt for any other line.
std::optional<std::pair<int, std::string_view>> gpu_line(std::string_view l) {
  l = trim(l);
  if (l.size() < 4 || l[0] != '[') return std::nullopt;
  const std::size_t close = l.find(']');
  if (close == std::string_view::npos || close < 2 || close > 5) return std::nullopt;
  const std::string_view idx = l.substr(1, close - 1);
  if (!std::all_of(idx.begin(), idx.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) return std::nullopt;
  const std::string_view rest = l.substr(close + 1);
  if (rest.find('|') == std::string_view::npos) return std::nullopt;
  return std::make_pair(std::stoi(std::string(idx)), rest);
}

// The temperature cell's number before its degree sign: "80°C", "27'C".
bool is_temperature_cell(std::string_view c) {
  return c.find("\xc2\xb0" "C") != std::string_view::npos || c.find("'C") != std::string_view::npos;
}

// "80°C,  16 %,  76 % (E:  88 %  D:  67 %),  125 / 250 W": temperature, [fan,] utilisation, [enc/dec,] [power].
void read_stats(std::string_view c, GpuInfo& g) {
  std::vector<std::string_view> parts;
  std::string_view rest = c;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < rest.size(); ++i) {  // split at commas outside the (E: D:) parenthesis
    if (rest[i] == '(') ++depth;
    if (rest[i] == ')') --depth;
    if (rest[i] == ',' && depth == 0) parts.push_back(trim(rest.substr(start, i - start))), start = i + 1;
  }
  parts.push_back(trim(rest.substr(start)));
  std::vector<double> percents;
  for (const auto& p : parts) {
    if (is_temperature_cell(p)) g.temperature_c = smi::integer(p);
    else if (p.find(" W") != std::string_view::npos && p.find('/') != std::string_view::npos) {
      g.power.usage_w = smi::number(p.substr(0, p.find('/')));
      g.power.enforced_limit_w = smi::number(p.substr(p.find('/') + 1));
      g.power.limit_w = g.power.enforced_limit_w;
    } else if (p.find('%') != std::string_view::npos) {
      if (const auto v = smi::number(p.substr(0, p.find('%')))) percents.push_back(*v);
      else percents.push_back(-1);  // "??" where NVML gave nothing
      if (const std::size_t e = p.find("(E:"); e != std::string_view::npos) g.extra["imported"]["encoder_decoder"] = std::string(p.substr(e));
    }
  }
  // With -F the fan speed comes first, the utilisation last; without it there is one percentage.
  if (!percents.empty() && percents.back() >= 0) g.utilization_pct = percents.back();
  if (percents.size() >= 2 && percents.front() >= 0) g.extra["imported"]["fan_speed_pct"] = percents.front();
}

// "user1:python/48448(4000M) user2(4000M) python/52046(11821M)"
void read_processes(std::string_view c, GpuInfo& g) {
  for (const auto& tok : smi::words(c)) {
    const std::size_t open = tok.rfind('(');
    if (open == std::string::npos || tok.back() != ')') continue;  // "(Not Supported)" and the like
    // "user:command/pid", "command/pid" (-c -p), or the user alone (gpustat's default).
    GpuProcess p;
    std::string who = tok.substr(0, open);
    const auto slash = who.rfind('/');
    if (slash != std::string::npos) {
      if (const auto pid = smi::integer(who.substr(slash + 1)); pid && *pid >= 0) p.pid = *pid;
      who = who.substr(0, slash);
    }
    if (const auto colon = who.find(':'); colon != std::string::npos) {
      p.extra["user"] = who.substr(0, colon);
      p.name = who.substr(colon + 1);
    } else if (slash != std::string::npos) {
      p.name = who;
    } else {
      p.extra["user"] = who;
    }
    const std::string mem = tok.substr(open + 1, tok.size() - open - 2);  // "4000M"
    if (const auto m = smi::number(mem)) p.used_memory_bytes = static_cast<std::uint64_t>(*m) << 20;
    g.processes.push_back(std::move(p));
  }
}

GpuInfo read_gpu(int index, std::string_view rest, const SourceRef& src, int no) {
  GpuInfo g;
  g.index = index;
  g.extra = json::object();
  const auto cells = split_trimmed(rest, '|');
  g.name = std::string(cells[0]);
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const std::string_view c = cells[i];
    if (is_temperature_cell(c)) read_stats(c, g);
    else if (c.find(" MB") != std::string_view::npos && c.find('/') != std::string_view::npos && i <= 3) {
      const auto used = smi::number(c.substr(0, c.find('/')));
      const auto total = smi::number(c.substr(c.find('/') + 1));
      if (total) g.memory_total_bytes = static_cast<std::uint64_t>(*total) << 20;
      if (total && used && *used <= *total) g.memory_free_bytes = static_cast<std::uint64_t>(*total - *used) << 20;
    } else read_processes(c, g);
  }
  SourceRef s = src;
  s.line = no;
  g.extra["source"] = source_json(s);
  return g;
}

// "gpu-a-11.extreme   Mon Aug 22 15:23:57 2022  515.65.01": host, time, driver.
bool read_header(std::string_view l, ImportPart& part) {
  const auto w = smi::words(l);
  if (w.size() < 3) return false;
  const std::string& last = w.back();
  const bool version = std::count(last.begin(), last.end(), '.') >= 1 &&
                       std::all_of(last.begin(), last.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
  const bool weekday = std::any_of(w.begin(), w.end(), [](const std::string& x) {
    for (const char* d : {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"})
      if (x == d) return true;
    return false;
  });
  if (!version || !weekday) return false;
  part.host.hostname = w.front();
  part.software.driver_version = last;
  return true;
}

int detect_gpustat(std::string_view text) {
  int n = 0;
  for (const auto& [no, raw] : smi::head_lines(text, 400)) {
    if (const auto g = gpu_line(raw); g && raw.find(" MB") != std::string_view::npos &&
                                      (raw.find("\xc2\xb0" "C") != std::string_view::npos || raw.find("'C") != std::string_view::npos))
      ++n;
  }
  return n > 0 ? 85 : 0;
}

ImportPart parse_gpustat(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"gpustat", "", file, 0};
  int skipped = 0;
  bool header = false;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (l.empty()) continue;
    if (const auto g = gpu_line(l)) {
      if (part.source.line == 0) part.source.line = no;
      if (std::any_of(part.gpus.begin(), part.gpus.end(), [&](const GpuInfo& x) { return x.index == g->first; })) {
        ++skipped;  // `gpustat -i` / watch: the same GPU again
        continue;
      }
      part.gpus.push_back(read_gpu(g->first, g->second, part.source, no));
      continue;
    }
    if (!header && part.gpus.empty()) header = read_header(l, part);
  }
  if (skipped > 0) part.warnings.push_back(std::to_string(skipped) + " later line(s) of GPUs already read (gpustat -i): the first of each is kept");
  if (part.gpus.empty()) part.skipped.push_back("no `[N] name | temperature, utilisation | memory |` line: nothing was read");
  return part;
}

const RegisterFormat reg{{"gpustat", "gpustat text output ([N] name | temp, util | used / total MB | processes)", detect_gpustat, parse_gpustat}};

}  // namespace

}  // namespace gpuaudit::imports
