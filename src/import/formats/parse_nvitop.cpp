// `nvitop -1` / `nvitop --once` (XuehaiPan/nvitop): nvidia-smi's summary table redrawn with box
// characters, in a full layout (two lines per GPU) or a compact one (`-C`, one line), with MIG
// devices and a processes box. The layout is nvitop's own (nvitop/tui/screens/main/panels/
// device.py and process.py):
//
//   │ NVITOP 1.4.2       Driver Version: 550.90.12      CUDA Driver Version: 12.4 │
//   │   0  H800                Off  │ 00000000:18:00.0 Off │ Disabled           0 │ MEM: ▏ 0.0%  │
//   │ N/A   36C    P0    85W / 700W │   3.50MiB / 79.65GiB │      0%      Default │ UTL: ▏ 0%    │
//   │   0 30%  35C  P8   14W / 300W │  22.69MiB / 47.99GiB │      0%      Default │       (compact)
//   │ 0:0     1g.10gb @ GI/CI: 9/0  │  ...                                                  (MIG)
//   │   0   12345 C    alice   1.2GiB  98    40  ...  python train.py │                  (process)
//
// Each GPU gets what the nvidia-smi table parser reads from the same cells: index, name as printed
// (nvitop cuts long names too), persistence mode, bus id, temperature, power draw and the cap in
// force, memory, utilisation, compute mode, MIG mode, the uncorrected ECC count; the driver and
// CUDA versions from the banner. MIG device rows put their board in MIG mode and list its
// instances in `mig.extra.gpu_instances`, as the MIG listing does. Processes (with nvitop's USER
// column) are listed, not judged as co-tenants: it is a snapshot the user took of their own machine.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace gpuaudit::imports {

namespace {

using smi::trim;

constexpr std::string_view kBar = "\xe2\x94\x82";  // │

bool contains(std::string_view s, std::string_view w) { return s.find(w) != std::string_view::npos; }

// "│ a │ b │ c │ d │" -> {"a", "b", "c", "d"}; empty when the line does not start with │.
std::vector<std::string> cells(std::string_view l) {
  std::vector<std::string> out;
  l = trim(l);
  if (l.substr(0, kBar.size()) != kBar) return out;
  l.remove_prefix(kBar.size());
  while (!l.empty()) {
    const std::size_t at = l.find(kBar);
    out.emplace_back(trim(l.substr(0, at)));
    if (at == std::string_view::npos) break;
    l.remove_prefix(at + kBar.size());
  }
  if (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

// "3.50MiB", "79.65GiB", "1.2GiB", "512KiB" -> bytes.
std::optional<std::uint64_t> size_bytes(std::string_view s) {
  s = trim(s);
  const auto n = smi::number(s);
  if (!n || *n < 0) return std::nullopt;
  double mult = 1;
  if (contains(s, "KiB")) mult = 1024.0;
  else if (contains(s, "MiB")) mult = 1024.0 * 1024.0;
  else if (contains(s, "GiB")) mult = 1024.0 * 1024.0 * 1024.0;
  else if (contains(s, "TiB")) mult = 1024.0 * 1024.0 * 1024.0 * 1024.0;
  else if (!contains(s, "B")) return std::nullopt;
  return static_cast<std::uint64_t>(*n * mult);
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A GPU index (at most four digits), else nullopt.
std::optional<int> gpu_index(std::string_view s) {
  if (!all_digits(s) || s.size() > 4) return std::nullopt;
  return std::stoi(std::string(s));
}

// "85W / 700W" or "N/A / N/A" at the end of a cell's words.
void read_power(const std::vector<std::string>& w, GpuInfo& g) {
  for (std::size_t i = 0; i + 2 < w.size(); ++i)
    if (w[i + 1] == "/") {
      g.power.usage_w = smi::number(w[i]);
      g.power.limit_w = smi::number(w[i + 2]);
      return;
    }
}

// "36C" -> 36; "P0" -> imported performance state.
void read_fan_temp_perf(const std::vector<std::string>& w, GpuInfo& g) {
  for (const auto& x : w) {
    if (x.size() >= 2 && x.back() == 'C' && all_digits(x.substr(0, x.size() - 1))) g.temperature_c = smi::integer(x);
    else if (x.size() >= 2 && x[0] == 'P' && all_digits(x.substr(1))) g.extra["imported"]["performance_state"] = x;
    else if (x.size() >= 2 && x.back() == '%' && all_digits(x.substr(0, x.size() - 1))) g.extra["imported"]["fan_speed_pct"] = *smi::number(x);
  }
  read_power(w, g);
}

void read_memory_and_util(const std::vector<std::string>& c, GpuInfo& g) {
  if (c.size() > 1) {
    const std::string& m = c[1];
    if (const std::size_t slash = m.find('/'); slash != std::string::npos) {
      const auto used = size_bytes(m.substr(0, slash)), total = size_bytes(m.substr(slash + 1));
      if (total) g.memory_total_bytes = total;
      if (total && used && *used <= *total) g.memory_free_bytes = *total - *used;
    }
  }
  if (c.size() > 2) {
    const auto w = smi::words(c[2]);
    if (!w.empty() && w[0].back() == '%') g.utilization_pct = smi::number(w[0]);
    if (w.size() > 1) g.compute_mode = smi::compute_mode(w.back());
  }
}

GpuInfo new_gpu(int index, const SourceRef& base, int no) {
  GpuInfo g;
  g.index = index;
  g.extra = json::object();
  SourceRef s = base;
  s.line = no;
  g.extra["source"] = source_json(s);
  return g;
}

struct Screen {
  ImportPart part;
  std::map<int, GpuInfo> gpus;
  GpuInfo* awaiting_second_line = nullptr;  // full layout: the GPU whose second line comes next
  bool compact = false, in_processes = false;
};

// The first line of a GPU in the full layout: index, name, persistence | bus id, Disp.A | [MIG M.] ECC.
void read_full_first(Screen& sc, const std::vector<std::string>& c, int no) {
  auto w = smi::words(c[0]);
  const int index = *gpu_index(w[0]);
  GpuInfo& g = sc.gpus.try_emplace(index, new_gpu(index, sc.part.source, no)).first->second;
  if (w.size() >= 2) {
    if (smi::boolean(w.back())) g.persistence_mode = smi::boolean(w.back()), w.pop_back();
    std::string name;
    for (std::size_t i = 1; i < w.size(); ++i) name += (name.empty() ? "" : " ") + w[i];
    g.name = name;
  }
  if (c.size() > 1) {
    const auto b = smi::words(c[1]);
    if (!b.empty() && contains(b[0], ":")) g.pci_bus_id = smi::bus_id_as_printed(b[0]);
  }
  if (c.size() > 2) {
    const auto e = smi::words(c[2]);
    if (e.size() >= 2)
      if (const auto mig = smi::boolean(e[0])) g.mig.mode_enabled = mig;
    if (!e.empty())
      if (const auto n = smi::count(e.back())) g.ecc.volatile_uncorrected = n;
  }
  sc.awaiting_second_line = &g;
}

// "0:0     1g.10gb @ GI/CI: 9/0": a MIG device of board 0.
bool read_mig_row(Screen& sc, const std::string& c0, int no) {
  const std::size_t colon = c0.find(':'), gici = c0.find("@ GI/CI:");
  if (colon == std::string::npos || gici == std::string::npos || colon > gici) return false;
  const auto board_index = gpu_index(trim(std::string_view(c0).substr(0, colon)));
  if (!board_index) return false;
  const int board = *board_index;
  const auto w = smi::words(std::string_view(c0).substr(0, gici));
  const std::string ids = std::string(trim(std::string_view(c0).substr(gici + 8)));
  GpuInfo& g = sc.gpus.try_emplace(board, new_gpu(board, sc.part.source, no)).first->second;
  g.mig.mode_enabled = true;
  json j = {{"line", no}};
  if (w.size() >= 2) j["profile"] = w.back();
  if (const std::size_t slash = ids.find('/'); slash != std::string::npos) {
    if (const auto gi = smi::integer(ids.substr(0, slash))) j["gpu_instance_id"] = *gi;
    if (const auto ci = smi::integer(ids.substr(slash + 1))) j["compute_instance_id"] = *ci;
  }
  g.mig.extra["gpu_instances"].push_back(std::move(j));
  return true;
}

// "   0   12345 C    alice   1.2GiB  98    40  12.5  3.0  1:23:45  python train.py"
void read_process(Screen& sc, const std::string& c0, int no) {
  const auto w = smi::words(c0);
  if (w.size() < 5 || !gpu_index(w[0]) || !all_digits(w[1]) || w[1].size() > 12) return;
  const int index = *gpu_index(w[0]);
  GpuInfo& g = sc.gpus.try_emplace(index, new_gpu(index, sc.part.source, no)).first->second;
  GpuProcess p;
  p.pid = std::stoll(w[1]);
  p.type = w[2];
  p.extra = {{"user", w[3]}, {"line", no}};
  p.used_memory_bytes = size_bytes(w[4]);
  if (w.size() > 5)
    if (const auto sm = smi::number(w[5])) p.extra["sm_pct"] = *sm;
  if (w.size() > 10) {  // %GMBW, %CPU, %MEM, TIME, then the command
    std::string cmd;
    for (std::size_t i = 10; i < w.size(); ++i) cmd += (cmd.empty() ? "" : " ") + w[i];
    p.name = cmd;
  }
  g.processes.push_back(std::move(p));
}

void read_banner(Screen& sc, std::string_view l) {
  const auto after = [&](std::string_view key) -> std::string {
    const std::size_t at = l.find(key);
    if (at == std::string_view::npos) return "";
    const auto w = smi::words(l.substr(at + key.size()));
    return w.empty() ? "" : w[0];
  };
  if (const std::string v = after("NVITOP "); !v.empty()) sc.part.source.version = v;
  if (const std::string d = after("Driver Version:"); !d.empty() && !smi::is_absent(d)) sc.part.software.driver_version = d;
  if (const std::string c = after("CUDA Driver Version:"); !c.empty()) sc.part.software.cuda_driver_version = smi::cuda_version_number(c);
}

void read_line(Screen& sc, std::string_view l, int no) {
  if (contains(l, "NVITOP ") && contains(l, "Driver Version:")) return read_banner(sc, l);
  if (contains(l, "Pwr:Usg/Cap")) sc.compact = true;
  if (contains(l, "Processes:")) sc.in_processes = true;
  const auto c = cells(l);
  if (c.empty()) {
    if (!contains(l, "\xe2\x95\x9e") && !contains(l, "\xe2\x94\x9c")) sc.awaiting_second_line = nullptr;  // ╞ ├ rules keep nothing
    return;
  }
  if (sc.in_processes) return read_process(sc, c[0], no);
  if (read_mig_row(sc, c[0], no)) return;
  const auto w = smi::words(c[0]);
  if (w.empty()) return;
  if (sc.compact && gpu_index(w[0]) && c.size() >= 3) {  // "0 30% 35C P8 14W / 300W"
    const int index = *gpu_index(w[0]);
    GpuInfo& g = sc.gpus.try_emplace(index, new_gpu(index, sc.part.source, no)).first->second;
    read_fan_temp_perf({w.begin() + 1, w.end()}, g);
    read_memory_and_util(c, g);
    return;
  }
  if (!sc.compact && gpu_index(w[0]) && w.size() >= 2 && c.size() >= 2 && contains(c[1], ":"))
    return read_full_first(sc, c, no);
  if (sc.awaiting_second_line && c.size() >= 3) {
    read_fan_temp_perf(w, *sc.awaiting_second_line);
    read_memory_and_util(c, *sc.awaiting_second_line);
    sc.awaiting_second_line = nullptr;
  }
}

int detect_nvitop(std::string_view text) {
  for (const auto& [no, raw] : smi::head_lines(text, 400)) {
    if (contains(raw, "NVITOP ") && contains(raw, "Driver Version:") && contains(raw, kBar)) return 95;
  }
  return 0;
}

ImportPart parse_nvitop(std::string_view text, const std::string& file) {
  Screen sc;
  sc.part.source = {"nvitop", "", file, 0};
  bool banner = false;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (l.empty()) continue;
    if (!banner && contains(l, "NVITOP ") && contains(l, "Driver Version:")) banner = true, sc.part.source.line = no;
    if (!banner) continue;  // the prompt, the date line
    if (contains(l, "NVITOP ") && contains(l, "Driver Version:") && !sc.gpus.empty()) {
      sc.part.warnings.push_back("line " + std::to_string(no) + ": a second nvitop screen; only the first is read");
      break;
    }
    read_line(sc, l, no);
  }
  for (auto& [i, g] : sc.gpus) sc.part.gpus.push_back(std::move(g));
  if (!banner) sc.part.skipped.push_back("no `NVITOP ... Driver Version:` banner: nothing was read");
  else if (sc.part.gpus.empty()) sc.part.skipped.push_back("line " + std::to_string(sc.part.source.line) + ": an nvitop banner but no GPU row");
  return sc.part;
}

const RegisterFormat reg{{"nvitop", "nvitop -1 / --once text output", detect_nvitop, parse_nvitop}};

}  // namespace

}  // namespace gpuaudit::imports
