// `nvidia-smi vgpu` and `nvidia-smi vgpu -q` on a vGPU host (the hypervisor, where NVIDIA's vGPU
// manager runs): which guest VM runs which vGPU profile on which physical GPU. People paste it when
// they set up vGPU (Proxmox, KVM, vgpu_unlock) or ask why a guest's GPU is slow.
//
//   | GPU  Name                       | Bus-Id                       | GPU-Util   |
//   |      vGPU ID     Name           | VM ID     VM Name            | vGPU-Util  |
//   |   0  NVIDIA A40                 | 00000000:E8:00.0             |   0%       |
//   |      3251634401  NVIDIA A40-24A | 7cc6...  'sss',debug-thre... |      0%    |
//
//   GPU 00000000:86:00.0                      (vgpu -q)
//       Active vGPUs                      : 1
//       vGPU ID                           : 3251634178
//           VM Name                       : sle15sp3_2
//           vGPU Name                     : GRID V100-4C ...
//
// Each physical GPU becomes a board (index, name as printed, bus id, the GPU-Util column as its
// utilisation) with `virtualization_mode` "host-vgpu": only the vGPU manager's host prints this
// view, the NVML mode nvidia-smi -q calls "Host VGPU". The vGPUs it carries, with their profile,
// VM and utilisation, go to the board's `extra.vgpus` (nothing in GpuInfo describes them): a board
// that carries any is time-shared between those guests, which rule_sliced judges. A vGPU with a
// GPU instance id is MIG-backed: its board is in MIG mode too. Names cut to "..." are kept as
// printed (the table parser's rule), the VM names too.
#include "import/import.hpp"
#include "import/text/indent_tree.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

namespace gpuaudit::imports {

namespace {

using smi::trim;

bool contains(std::string_view s, std::string_view w) { return s.find(w) != std::string_view::npos; }

// "| a | b | c |" -> {"a", "b", "c"}, trimmed; empty when the line is not such a row.
std::vector<std::string> cells(std::string_view line) {
  std::vector<std::string> out;
  line = trim(line);
  if (line.size() < 2 || line.front() != '|') return out;
  line.remove_prefix(1);
  if (!line.empty() && line.back() == '|') line.remove_suffix(1);
  for (const std::string_view cell : split_trimmed(line, '|')) out.emplace_back(cell);
  return out;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// "3251634216  GRID RTX600..." -> {"3251634216", "GRID RTX600..."}: the first word and the rest.
std::pair<std::string, std::string> first_word(std::string_view s) {
  s = trim(s);
  std::size_t e = 0;
  while (e < s.size() && s[e] != ' ' && s[e] != '\t') ++e;
  return {std::string(s.substr(0, e)), std::string(trim(s.substr(e)))};
}

bool is_vgpu_header(std::string_view l) { return contains(l, "vGPU ID") && contains(l, "VM Name"); }

// The table view. Returns false when the text has no vGPU table heading.
bool parse_table(std::string_view text, ImportPart& part) {
  bool in_table = false, seen = false;
  GpuInfo* board = nullptr;
  int unread = 0, repeated = 0;
  std::string first_unread;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (contains(l, "NVIDIA-SMI ") && contains(l, "Driver Version:")) {
      std::string_view v = trim(l.substr(l.find("Driver Version:") + 15));
      v = v.substr(0, v.find_first_of(" |"));
      if (!v.empty() && !part.software.driver_version) part.software.driver_version = std::string(v), part.source.version = std::string(v);
      continue;
    }
    if (is_vgpu_header(l)) {
      in_table = seen = true;
      if (part.source.line == 0) part.source.line = no;
      continue;
    }
    if (!in_table || l.empty() || l.front() == '+' || l.rfind("|==", 0) == 0 || l.rfind("|--", 0) == 0) {
      if (in_table && (l.empty() || (l.front() != '+' && l.front() != '|'))) in_table = false, board = nullptr;
      continue;
    }
    const auto c = cells(l);
    if (c.size() < 3) {
      if (unread++ == 0) first_unread = "line " + std::to_string(no) + ": a row with fewer than three cells";
      continue;
    }
    const auto [lead, rest] = first_word(c[0]);
    const auto util = smi::number(c[2]);
    if (all_digits(lead) && lead.size() <= 4 && !rest.empty() && contains(c[1], ":")) {  // a physical GPU
      const int index = std::stoi(lead);
      // `nvidia-smi vgpu -l` prints the table again every interval: the first of each board is kept.
      if (std::any_of(part.gpus.begin(), part.gpus.end(), [&](const GpuInfo& x) { return x.index == index; })) {
        board = nullptr;
        ++repeated;
        continue;
      }
      GpuInfo g;
      g.index = index;
      g.name = rest;
      g.pci_bus_id = smi::bus_id_as_printed(first_word(c[1]).first);
      g.virtualization_mode = "host-vgpu";
      g.utilization_pct = util;
      g.extra = json::object();
      SourceRef src = part.source;
      src.line = no;
      g.extra["source"] = source_json(src);
      g.extra["vgpus"] = json::array();
      part.gpus.push_back(std::move(g));
      board = &part.gpus.back();
      continue;
    }
    if (all_digits(lead) && lead.size() > 4 && !rest.empty()) {  // a vGPU of the board above (its id is long)
      if (!board) {  // of a board already read (a repeated table), or of none (a paste cut above it)
        if (repeated == 0 && unread++ == 0) first_unread = "line " + std::to_string(no) + ": a vGPU row before any GPU row";
        continue;
      }
      const auto [vm_id, vm_name] = first_word(c[1]);
      json v = {{"vgpu_id", lead}, {"profile", rest}, {"line", no}};
      if (!vm_id.empty()) v["vm_id"] = vm_id;
      if (!vm_name.empty()) v["vm_name"] = vm_name;
      if (util) v["utilization_pct"] = *util;
      board->extra["vgpus"].push_back(std::move(v));
      continue;
    }
    if (unread++ == 0) first_unread = "line " + std::to_string(no) + ": neither a GPU nor a vGPU row";
  }
  if (unread > 0) part.skipped.push_back(first_unread + (unread > 1 ? " (and " + std::to_string(unread - 1) + " more such lines)" : ""));
  if (repeated > 0)
    part.warnings.push_back(std::to_string(repeated) + " GPU rows repeat an earlier table (nvidia-smi vgpu -l): the first of each is read");
  return seen;
}

std::optional<std::string> value_of(const IndentNode& n, std::initializer_list<std::string_view> keys) {
  auto v = n.get(keys);
  if (!v || trim(*v).empty() || smi::is_absent(*v)) return std::nullopt;
  return v;
}

// One "vGPU ID : n" block of vgpu -q.
json vgpu_of(const IndentNode& b) {
  json v = {{"vgpu_id", b.value.value_or("")}, {"line", b.line}};
  auto put = [&](const char* key, std::initializer_list<std::string_view> names) {
    if (const auto x = value_of(b, names)) v[key] = *x;
  };
  put("profile", {"vGPU Name"});
  put("vm_name", {"VM Name"});
  put("vm_id", {"VM UUID", "VM ID"});
  put("vgpu_type", {"vGPU Type"});
  put("vgpu_uuid", {"vGPU UUID"});
  put("mdev_uuid", {"MDEV UUID"});
  put("guest_driver_version", {"Guest Driver Version"});
  put("license_status", {"License Status"});
  if (const auto gi = value_of(b, {"GPU Instance ID"}))
    if (const auto n = smi::integer(*gi)) v["gpu_instance_id"] = *n;
  if (const IndentNode* fb = b.child({"FB Memory Usage"}))
    if (const auto t = value_of(*fb, {"Total"}))
      if (const auto bytes = smi::mib_bytes(*t)) v["fb_total_bytes"] = *bytes;
  if (const IndentNode* u = b.child({"Utilization"}))
    if (const auto g = value_of(*u, {"Gpu", "GPU"}))
      if (const auto n = smi::number(*g)) v["utilization_pct"] = *n;
  return v;
}

// The -q view: "GPU <bus id>" sections with "Active vGPUs" and "vGPU ID" blocks.
bool parse_query(std::string_view text, ImportPart& part) {
  const IndentNode root = build_indent_tree(text);
  bool seen = false;
  std::function<void(const IndentNode&, int)> scan = [&](const IndentNode& n, int depth) {
    for (const auto& c : n.children) {
      const bool gpu = !c.value && c.key.rfind("GPU ", 0) == 0 && contains(c.key, ":") &&
                       (c.child({"Active vGPUs"}) || c.child({"vGPU ID"}));
      if (!gpu) {
        if (c.value && smi::lower(c.key) == "driver version" && !part.software.driver_version && !smi::is_absent(*c.value))
          part.software.driver_version = *c.value, part.source.version = *c.value;
        if (depth < 3 && !c.children.empty()) scan(c, depth + 1);
        continue;
      }
      seen = true;
      GpuInfo g;
      g.index = static_cast<int>(part.gpus.size());
      g.pci_bus_id = smi::bus_id_as_printed(trim(std::string_view(c.key).substr(4)));
      g.virtualization_mode = "host-vgpu";
      g.extra = json::object();
      SourceRef src = part.source;
      src.line = c.line;
      g.extra["source"] = source_json(src);
      g.extra["vgpus"] = json::array();
      for (const auto& b : c.children)
        if (smi::lower(b.key) == "vgpu id" && b.value) g.extra["vgpus"].push_back(vgpu_of(b));
      if (const auto active = value_of(c, {"Active vGPUs"}))
        if (const auto count = smi::integer(*active); count && *count != static_cast<int>(g.extra["vgpus"].size()))
          part.warnings.push_back("line " + std::to_string(c.line) + ": \"Active vGPUs : " + std::to_string(*count) + "\" but " +
                                  std::to_string(g.extra["vgpus"].size()) + " vGPU blocks follow (a paste cut short?)");
      if (part.source.line == 0) part.source.line = c.line;
      part.gpus.push_back(std::move(g));
    }
  };
  scan(root, 0);
  return seen;
}

// A MIG-backed vGPU (it names its GPU instance) puts its board in MIG mode.
void mark_mig_backed(ImportPart& part) {
  for (auto& g : part.gpus)
    for (const auto& v : g.extra["vgpus"])
      if (v.contains("gpu_instance_id")) g.mig.mode_enabled = true;
}

int detect_vgpu(std::string_view text) {
  const std::string_view head = text.substr(0, 64 * 1024);
  for (const auto& [no, raw] : smi::head_lines(head, 2000)) {
    const std::string_view l = trim(raw);
    if (!l.empty() && l.front() == '|' && is_vgpu_header(l)) return 90;
  }
  if (head.find("Active vGPUs") != std::string_view::npos && head.find("vGPU ID") != std::string_view::npos) return 90;
  return 0;
}

ImportPart parse_vgpu(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"nvidia-smi vgpu", "", file, 0};
  const bool table = parse_table(text, part);
  const bool query = !table && parse_query(text, part);
  mark_mig_backed(part);
  if (text.find("No supported devices in vGPU mode") != std::string_view::npos)
    part.warnings.push_back("nvidia-smi answered \"No supported devices in vGPU mode\": no GPU here runs the vGPU manager");
  if (!table && !query) part.skipped.push_back("no vGPU table heading and no \"GPU <bus id>\" section with vGPUs: nothing was read");
  json summary = json::array();
  for (const auto& g : part.gpus) summary.push_back({{"gpu", g.index}, {"vgpus", g.extra["vgpus"].size()}});
  if (!part.gpus.empty()) part.imported = json{{"nvidia-smi-vgpu", {{"boards", summary}}}};
  return part;
}

const RegisterFormat reg{{"nvidia-smi-vgpu", "nvidia-smi vgpu / vgpu -q on a vGPU host (which VM runs which profile on which GPU)",
                          detect_vgpu, parse_vgpu}};

}  // namespace

}  // namespace gpuaudit::imports
