// `nvidia-smi pmon [-s um] [-o DT] [-c N]`: one line per process per GPU per sample, under a
// `# gpu pid type sm mem enc dec ... command` header and a `# Idx # C/G % ...` units line:
//
//   # gpu         pid   type     sm    mem    enc    dec    jpg    ofa    command
//   # Idx           #    C/G      %      %      %      %      %      %    name
//       0       5267     C      7      3     99      -      -      -    ffmpeg
//
// It says which processes use each GPU and how much of its SMs, memory bandwidth and video
// engines each took. Each GPU (by index only: pmon prints no name or bus id) gets its processes
// as GpuInfo.processes, as nvidia-smi -q lists them (pid, name, type C/G/C+G, the framebuffer of
// `-s m` as used memory), with the highest share each took in any sample kept in the process's
// extra (sm_pct, mem_pct, enc_pct, dec_pct, jpg_pct, ofa_pct). A row of dashes is a GPU with no
// process. pmon cannot tell whose a process is (it has no user column), so like an imported
// nvidia-smi snapshot its processes are listed, not judged as co-tenants (rule_sliced judges only
// the inventory gpuaudit took before its own work). `-` is pmon's "no value".
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <map>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// "# gpu pid type sm mem ... command" -> column names; nullopt for any other line.
std::optional<std::vector<std::string>> header_of(std::string_view line) {
  line = trim(line);
  if (line.empty() || line[0] != '#') return std::nullopt;
  auto w = smi::words(line.substr(1));
  for (auto& x : w) x = smi::lower(x);
  const auto has = [&](const char* k) { return std::find(w.begin(), w.end(), k) != w.end(); };
  if (!has("gpu") || !has("pid") || !has("command")) return std::nullopt;
  return w;
}

std::optional<double> cell(const std::map<std::string, std::string>& row, const char* k) {
  const auto it = row.find(k);
  if (it == row.end() || it->second == "-") return std::nullopt;
  return smi::number(it->second);
}

struct Proc {
  GpuProcess p;
  int line = 0;
};

int detect_pmon(std::string_view text) {
  for (const auto& [no, line] : smi::head_lines(text, 400)) {
    if (header_of(line)) return 90;
  }
  return 0;
}

ImportPart parse_pmon(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"nvidia-smi pmon", "", file, 0};
  std::optional<std::vector<std::string>> header;
  std::map<int, std::map<std::int64_t, Proc>> by_gpu;  // GPU -> pid -> process
  std::map<int, int> first_line;
  int bad = 0, samples = 0;
  std::string first_bad;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (l.empty()) continue;
    if (auto h = header_of(l)) {
      if (!header) part.source.line = no;
      header = std::move(h);
      continue;
    }
    if (l[0] == '#' || !header) continue;  // the units line, a prompt, the command
    const auto w = smi::words(l);
    const std::size_t fixed = header->size() - 1;  // every column but the command name
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < fixed && i < w.size(); ++i) row[(*header)[i]] = w[i];
    const auto gi = cell(row, "gpu");  // -o DT puts the date and time before it
    if (w.size() < fixed || !gi || *gi < 0 || *gi > 4096 || *gi != static_cast<double>(static_cast<int>(*gi))) {
      if (bad++ == 0) first_bad = "line " + std::to_string(no) + ": not a pmon row under the header";
      continue;
    }
    std::string command;
    for (std::size_t i = fixed; i < w.size(); ++i) command += (command.empty() ? "" : " ") + w[i];
    const int gpu_index = static_cast<int>(*gi);
    first_line.emplace(gpu_index, no);
    by_gpu[gpu_index];
    ++samples;
    const auto pid = cell(row, "pid");
    if (!pid) continue;  // "-": no process on this GPU in this sample
    Proc& pr = by_gpu[gpu_index][static_cast<std::int64_t>(*pid)];
    if (pr.line == 0) {
      pr.line = no;
      pr.p.pid = static_cast<std::int64_t>(*pid);
      pr.p.name = command == "-" ? "" : command;
      pr.p.type = row.count("type") && row["type"] != "-" ? row["type"] : "";
      pr.p.extra = json::object();
    }
    for (const char* k : {"sm", "mem", "enc", "dec", "jpg", "ofa"})
      if (const auto v = cell(row, k)) {
        const std::string key = std::string(k) + "_pct";
        pr.p.extra[key] = std::max(pr.p.extra.value(key, 0.0), *v);
      }
    if (const auto fb = cell(row, "fb"))  // -s m: framebuffer in MB (MiB, as nvidia-smi means it)
      pr.p.used_memory_bytes = std::max(pr.p.used_memory_bytes.value_or(0), static_cast<std::uint64_t>(*fb) << 20);
  }
  if (bad > 0) part.skipped.push_back(first_bad + (bad > 1 ? " (and " + std::to_string(bad - 1) + " more such lines)" : ""));
  if (!header) {
    part.skipped.push_back("no `# gpu pid type ... command` pmon header line: nothing was read");
    return part;
  }
  for (auto& [gpu, procs] : by_gpu) {
    GpuInfo g;
    g.index = gpu;
    g.extra = json::object();
    SourceRef s = part.source;
    s.line = first_line[gpu];
    g.extra["source"] = source_json(s);
    for (auto& [pid, pr] : procs) {
      pr.p.extra["line"] = pr.line;
      g.processes.push_back(std::move(pr.p));
    }
    part.gpus.push_back(std::move(g));
  }
  if (part.gpus.empty()) part.skipped.push_back("line " + std::to_string(part.source.line) + ": a pmon header but no rows");
  part.imported = json{{"nvidia-smi-pmon", {{"samples", samples}, {"columns", *header}}}};
  return part;
}

const RegisterFormat reg{{"nvidia-smi-pmon", "nvidia-smi pmon output (processes per GPU, with its # gpu pid ... header)", detect_pmon, parse_pmon}};

}  // namespace

}  // namespace gpuaudit::imports
