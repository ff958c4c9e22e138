// `nvidia-smi mig` listings: -lgip (GPU instance profiles), -lgi (GPU instances), -lcip (compute
// instance profiles), -lci (compute instances), and the lines -cgi / -cci print when they create an
// instance. People paste them when they set a card up for MIG or ask why a MIG device is missing.
//
//   | GPU instance profiles:                                                      |
//   | GPU   Name             ID    Instances   Memory     P2P    SM    DEC   ENC  |
//   |                              Free/Total   GiB              CE    JPEG  OFA  |
//   |   0  MIG 1g.10gb       19     0/7        9.50       No     14     0     0   |
//   |                                                             1     0     0   |
//   | GPU instances:   GPU  Name  Profile ID  Instance ID  Placement Start:Size      |
//   |   0  MIG 1g.10gb         19        9          2:1     |
//   Successfully created GPU instance ID  9 on GPU  0 using profile MIG 1g.5gb (ID 19)
//
// nvidia-smi lists GPU instances and profiles only for GPUs in MIG mode (for the others it answers
// "No MIG-enabled devices found."), so every GPU these tables name is a board with MIG mode on:
// `mig.mode_enabled` true, which rule_sliced judges as it does from -q or the table. The listings
// name no model, bus id or UUID, only nvidia-smi's GPU index, so the board merges by index with a
// -q, -L or table file of the same machine. What they state about the partition is kept on the
// board, in `mig.extra`: the instances (id, profile, placement), the compute instances, and the
// profiles with their instance counts, memory and engines (SM, copy engines, NVDEC, NVENC, NVJPG,
// OFA: the video engine counts a slice owns). No MIG device entries are made: a listing shows the
// instances the board holds, not which of them a process was given.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace gpuaudit::imports {

namespace {

using smi::trim;

enum class Table { none, gi_profiles, gi, ci_profiles, ci };

// "|   0  MIG 1g.10gb   19 ... |" -> the words between the bars; nullopt for a line that is not a row.
std::optional<std::vector<std::string>> row_words(std::string_view line) {
  line = trim(line);
  if (line.size() < 2 || line.front() != '|') return std::nullopt;
  line.remove_prefix(1);
  if (!line.empty() && line.back() == '|') line.remove_suffix(1);
  return smi::words(line);
}

bool contains(std::string_view s, std::string_view w) { return s.find(w) != std::string_view::npos; }

Table table_title(std::string_view line) {
  if (contains(line, "GPU instance profiles:")) return Table::gi_profiles;
  if (contains(line, "GPU instances:")) return Table::gi;
  if (contains(line, "Compute instance profiles:")) return Table::ci_profiles;
  if (contains(line, "Compute instances:")) return Table::ci;
  return Table::none;
}

std::optional<int> small_int(std::string_view s) {
  while (!s.empty() && s.back() == '*') s.remove_suffix(1);  // -lcip marks the default profile "2*"
  if (s.empty() || s.size() > 6 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  return std::stoi(std::string(s));
}

// "0/7" -> {0, 7}.
std::optional<std::pair<int, int>> free_total(std::string_view s) {
  const std::size_t slash = s.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const auto f = small_int(s.substr(0, slash)), t = small_int(s.substr(slash + 1));
  if (!f || !t) return std::nullopt;
  return std::make_pair(*f, *t);
}

// "2:1" -> placement start and size.
void put_placement(json& j, std::string_view s) {
  const std::size_t colon = s.find(':');
  if (colon == std::string_view::npos) return;
  const auto a = small_int(s.substr(0, colon)), b = small_int(s.substr(colon + 1));
  if (a && b) j["placement_start"] = *a, j["placement_size"] = *b;
}

bool engine_word(const std::string& w) {
  static const std::set<std::string> k = {"SM", "DEC", "ENC", "CE", "JPEG", "JPG", "OFA"};
  return k.count(w) > 0;
}

std::string engine_key(const std::string& w) {
  if (w == "SM") return "sm";
  if (w == "DEC") return "dec";
  if (w == "ENC") return "enc";
  if (w == "CE") return "ce";
  if (w == "OFA") return "ofa";
  return "jpeg";
}

struct Board {
  int line = 0;  // first line that names it
  json gi_profiles = json::array(), gis = json::array(), ci_profiles = json::array(), cis = json::array();
};

struct Listing {
  ImportPart part;
  std::map<int, Board> boards;
  Table table = Table::none;
  std::vector<std::vector<std::string>> engine_rows;  // engine column names per header line of the table
  bool in_header = false;
  json* pending = nullptr;     // the profile row awaiting its continuation line
  std::size_t pending_row = 0;  // which engine header line the continuation fills
  int unread = 0;
  std::string first_unread;
  std::set<std::string> bus_ids_enabled;  // "Enabled MIG Mode for GPU 00000000:10:1C.0"
};

Board& board(Listing& l, int gpu, int line) {
  auto [it, fresh] = l.boards.try_emplace(gpu);
  if (fresh) it->second.line = line;
  return it->second;
}

void unread(Listing& l, int no, std::string_view why) {
  if (l.unread++ == 0) l.first_unread = "line " + std::to_string(no) + ": " + std::string(why);
}

// The row's values named by one line of the table's engine headers, from `from` on.
void put_engines(json& j, const std::vector<std::string>& w, std::size_t from, const std::vector<std::string>& names) {
  for (std::size_t i = 0; i < names.size() && from + i < w.size(); ++i)
    if (const auto n = small_int(w[from + i])) j[engine_key(names[i])] = *n;
}

// Where the profile name sits: the word after "MIG" ("MIG 1g.10gb"), or nullopt.
std::optional<std::size_t> name_at(const std::vector<std::string>& w) {
  for (std::size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == "MIG") return i + 1;
  return std::nullopt;
}

std::string profile_of(const std::string& name) { return name.rfind("MIG ", 0) == 0 ? name.substr(4) : name; }

void read_row(Listing& l, const std::vector<std::string>& w, int no) {
  const auto at = name_at(w);
  const auto gpu = w.empty() ? std::nullopt : small_int(w[0]);
  if (!at || !gpu) {
    // The second line of a profile row: the engines of the header's next line (CE, JPEG, OFA).
    if (l.pending && !w.empty() && std::all_of(w.begin(), w.end(), [](const std::string& x) { return small_int(x).has_value(); }) &&
        l.pending_row < l.engine_rows.size()) {
      put_engines(*l.pending, w, 0, l.engine_rows[l.pending_row]);
      l.pending = nullptr;
      return;
    }
    unread(l, no, "a row without a GPU index and a MIG profile name");
    return;
  }
  l.pending = nullptr;
  Board& b = board(l, *gpu, no);
  const std::size_t n = *at;  // the profile's name
  json j = {{"profile", w[n]}, {"line", no}};
  auto num = [&](std::size_t i) -> std::optional<int> { return i < w.size() ? small_int(w[i]) : std::nullopt; };
  switch (l.table) {
    case Table::gi_profiles: {  // name, ID, Free/Total, memory GiB, P2P, then the first engine line
      if (const auto id = num(n + 1)) j["profile_id"] = *id;
      if (n + 2 < w.size())
        if (const auto ft = free_total(w[n + 2])) j["instances_free"] = ft->first, j["instances_total"] = ft->second;
      if (n + 3 < w.size())
        if (const auto gib = smi::number(w[n + 3])) j["memory_gib"] = *gib;
      if (n + 4 < w.size())
        if (const auto p2p = smi::boolean(w[n + 4])) j["p2p"] = *p2p;
      if (!l.engine_rows.empty()) put_engines(j, w, n + 5, l.engine_rows[0]);
      b.gi_profiles.push_back(std::move(j));
      l.pending = &b.gi_profiles.back();
      l.pending_row = 1;
      return;
    }
    case Table::gi:  // name, profile ID, instance ID, placement
      if (const auto id = num(n + 1)) j["profile_id"] = *id;
      if (const auto gi = num(n + 2)) j["gpu_instance_id"] = *gi;
      if (n + 3 < w.size()) put_placement(j, w[n + 3]);
      b.gis.push_back(std::move(j));
      return;
    case Table::ci_profiles:  // GPU, GI, name, profile ID, Free/Total, the first engine line
      if (const auto gi = num(1); gi && n == 3) j["gpu_instance_id"] = *gi;
      if (const auto id = num(n + 1)) j["profile_id"] = *id;
      if (n + 1 < w.size() && !w[n + 1].empty() && w[n + 1].back() == '*') j["default"] = true;
      if (n + 2 < w.size())
        if (const auto ft = free_total(w[n + 2])) j["instances_free"] = ft->first, j["instances_total"] = ft->second;
      if (!l.engine_rows.empty()) put_engines(j, w, n + 3, l.engine_rows[0]);
      b.ci_profiles.push_back(std::move(j));
      l.pending = &b.ci_profiles.back();
      l.pending_row = 1;
      return;
    case Table::ci:  // GPU, GI, name, profile ID, CI ID, placement
      if (const auto gi = num(1); gi && n == 3) j["gpu_instance_id"] = *gi;
      if (const auto id = num(n + 1)) j["profile_id"] = *id;
      if (const auto ci = num(n + 2)) j["compute_instance_id"] = *ci;
      if (n + 3 < w.size()) put_placement(j, w[n + 3]);
      b.cis.push_back(std::move(j));
      return;
    case Table::none:
      unread(l, no, "a table row outside a MIG listing");
      return;
  }
}

// The number after `key` in `s` ("... ID  9 on GPU  0 ..."), skipping spaces.
std::optional<int> number_after(std::string_view s, std::string_view key, std::size_t from = 0) {
  const std::size_t at = s.find(key, from);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = trim(s.substr(at + key.size()));
  std::size_t e = 0;
  while (e < rest.size() && std::isdigit(static_cast<unsigned char>(rest[e]))) ++e;
  return e == 0 ? std::nullopt : small_int(rest.substr(0, e));
}

// "Successfully created GPU instance ID  9 on GPU  0 using profile MIG 1g.5gb (ID 19)" and
// "Successfully created compute instance ID  0 on GPU  0 GPU instance ID  7 using profile MIG 1g.5gb (ID  0)".
bool read_created(Listing& l, std::string_view s, int no) {
  const bool gi = s.rfind("Successfully created GPU instance ID", 0) == 0;
  const bool ci = s.rfind("Successfully created compute instance ID", 0) == 0;
  if (!gi && !ci) return false;
  const auto id = number_after(s, "instance ID");
  const auto gpu = number_after(s, "on GPU");
  if (!id || !gpu) {
    unread(l, no, "a creation line without its instance id or GPU");
    return true;
  }
  json j = {{"line", no}, {"created", true}};
  if (const std::size_t p = s.find("using profile "); p != std::string_view::npos) {
    std::string_view name = s.substr(p + 14);
    name = trim(name.substr(0, name.find(" (")));
    j["profile"] = profile_of(std::string(name));
  }
  if (const auto pid = number_after(s, "(ID")) j["profile_id"] = *pid;
  Board& b = board(l, *gpu, no);
  if (gi) {
    j["gpu_instance_id"] = *id;
    b.gis.push_back(std::move(j));
  } else {
    j["compute_instance_id"] = *id;
    if (const auto g = number_after(s, "GPU instance ID")) j["gpu_instance_id"] = *g;
    b.cis.push_back(std::move(j));
  }
  return true;
}

int detect_mig(std::string_view text) {
  int titles = 0, created = 0;
  for (const auto& [no, raw] : smi::head_lines(text, 2000)) {
    const std::string_view l = trim(raw);
    if (!l.empty() && l.front() == '|' && table_title(l) != Table::none) ++titles;
    if (l.rfind("Successfully created GPU instance ID", 0) == 0 || l.rfind("Successfully created compute instance ID", 0) == 0)
      ++created;
  }
  if (titles > 0) return 90;
  return created > 0 ? 85 : 0;
}

ImportPart parse_mig(std::string_view text, const std::string& file) {
  Listing l;
  l.part.source = {"nvidia-smi mig", "", file, 0};
  int tables = 0;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view s = trim(raw);
    if (s.empty()) continue;
    if (s.front() == '+') {  // a rule between rows
      l.pending = nullptr;
      continue;
    }
    if (const Table t = table_title(s); t != Table::none && s.front() == '|') {
      l.table = t;
      l.engine_rows.clear();
      l.in_header = true;
      l.pending = nullptr;
      if (tables++ == 0) l.part.source.line = no;
      continue;
    }
    if (s.rfind("|==", 0) == 0) {
      l.in_header = false;
      continue;
    }
    const auto w = row_words(s);
    if (w && l.in_header) {  // a heading line: which engines its columns name
      std::vector<std::string> engines;
      for (const auto& x : *w)
        if (engine_word(x)) engines.push_back(x);
      if (!engines.empty()) l.engine_rows.push_back(std::move(engines));
      continue;
    }
    if (w && l.table != Table::none) {
      if (!w->empty()) read_row(l, *w, no);
      continue;
    }
    if (read_created(l, s, no)) continue;
    if (contains(s, "No MIG-enabled devices found")) {
      l.part.warnings.push_back("line " + std::to_string(no) + ": nvidia-smi found no GPU in MIG mode");
      l.part.imported["no_mig_enabled_devices"] = true;
      continue;
    }
    if (s.rfind("Enabled MIG Mode for GPU ", 0) == 0) {
      l.bus_ids_enabled.insert(smi::bus_id_as_printed(trim(s.substr(25))));
      continue;
    }
    // Prompts, the command itself, "All done." and other lines around the listing are not rows.
  }
  if (l.unread > 0)
    l.part.skipped.push_back(l.first_unread + (l.unread > 1 ? " (and " + std::to_string(l.unread - 1) + " more such lines)" : ""));

  // `nvidia-smi -mig 1` names the board by bus id ("Enabled MIG Mode for GPU 00000000:10:1C.0"), the
  // listings by index: one board named each way is one GPU.
  const bool one_each = l.boards.size() == 1 && l.bus_ids_enabled.size() == 1;
  for (auto& [index, b] : l.boards) {
    GpuInfo g;
    g.index = index;
    if (one_each) g.pci_bus_id = *l.bus_ids_enabled.begin();
    g.mig.mode_enabled = true;
    g.mig.extra = json::object();
    if (!b.gi_profiles.empty()) g.mig.extra["gpu_instance_profiles"] = b.gi_profiles;
    if (!b.gis.empty()) g.mig.extra["gpu_instances"] = b.gis;
    if (!b.ci_profiles.empty()) g.mig.extra["compute_instance_profiles"] = b.ci_profiles;
    if (!b.cis.empty()) g.mig.extra["compute_instances"] = b.cis;
    g.extra = json::object();
    SourceRef src = l.part.source;
    src.line = b.line;
    g.extra["source"] = source_json(src);
    l.part.gpus.push_back(std::move(g));
  }
  if (!one_each)
    for (const auto& bus : l.bus_ids_enabled) {
      GpuInfo g;
      g.index = static_cast<int>(l.part.gpus.size());
      g.pci_bus_id = bus;
      g.mig.mode_enabled = true;
      l.part.gpus.push_back(std::move(g));
    }
  if (l.part.gpus.empty() && !l.part.imported.contains("no_mig_enabled_devices"))
    l.part.skipped.push_back("no MIG listing row and no created instance: nothing was read");
  if (!l.part.imported.empty()) l.part.imported = json{{"nvidia-smi-mig", l.part.imported}};
  return l.part;
}

const RegisterFormat reg{{"nvidia-smi-mig", "nvidia-smi mig -lgip / -lgi / -lcip / -lci listings and -cgi / -cci answers",
                          detect_mig, parse_mig}};

}  // namespace

}  // namespace gpuaudit::imports
