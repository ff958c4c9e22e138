// merge_part(): one parsed file into the document (import.hpp).
//
// Several files of one machine describe the same GPUs with different names for them: nvidia-smi
// gives the full PCI bus id and the UUID, nccl-tests the CUDA device number and only the bus
// number ("[0x18]"), a --query-gpu log its index. A GPU is matched by bus id first (the one name
// every tool agrees on), then by UUID, then by index, and a part's GPU indices are rewritten to
// the document's. Fields are merged through JSON so that every field, present and future, follows
// the one rule: what a part leaves unset never overwrites what another file said.
#include "core/error.hpp"
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"
#include "multigpu/topology.hpp"
#include "telemetry/summarize.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace gpuaudit::imports {
namespace {

// ---- identity ------------------------------------------------------------------------------------

// A PCI address as far as it is known: "0000:18:00.0" in full, or only the bus number from a tool
// that prints no more ("0x18" in nccl-tests' rank lines).
struct BusKey {
  std::string full;  // normalised "0000:18:00.0"; empty when only the bus is known
  int bus = -1;
  bool known() const { return bus >= 0; }
};

std::optional<int> hex_number(std::string_view s) {
  if (s.substr(0, 2) == "0x" || s.substr(0, 2) == "0X") s.remove_prefix(2);
  if (s.empty() || s.size() > 4) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 16 + (std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
  }
  return v;
}

BusKey bus_key(const std::string& id) {
  BusKey k;
  std::string s;
  for (char c : id)
    if (c != '[' && c != ']' && !std::isspace(static_cast<unsigned char>(c))) s += c;
  if (s.empty()) return k;
  const std::string n = multigpu::normalize_bus_id(s);
  // "dddd:bb:dd.f"
  if (n.size() == 12 && n[4] == ':' && n[7] == ':' && n[10] == '.') {
    if (auto b = hex_number(n.substr(5, 2))) {
      k.full = n;
      k.bus = *b;
    }
    return k;
  }
  if (auto b = hex_number(s); b && *b <= 0xff) k.bus = *b;
  return k;
}

bool same_bus(const BusKey& a, const BusKey& b) {
  if (!a.known() || !b.known()) return false;
  if (!a.full.empty() && !b.full.empty()) return a.full == b.full;
  return a.bus == b.bus;  // one side knows only the bus number
}

// A UUID that names the GPU: not empty, and not masked by the poster ("GPU-xxxxxxxx-...",
// "<redacted>"): a -q pasted with its UUIDs masked and an -L of the same machine with them in full
// are the same GPUs, matched by bus id or index as if the -q printed none.
bool known_uuid(const GpuInfo& g) { return !g.uuid.empty() && !smi::masked_uuid(g.uuid); }

// Two descriptions at two known, different PCI addresses.
bool conflicts_by_bus(const GpuInfo& a, const GpuInfo& b) {
  const BusKey ka = bus_key(a.pci_bus_id), kb = bus_key(b.pci_bus_id);
  return ka.known() && kb.known() && !same_bus(ka, kb);
}

// Two descriptions that cannot be the same GPU: different bus, or different UUID.
bool conflicts(const GpuInfo& a, const GpuInfo& b) {
  if (conflicts_by_bus(a, b)) return true;
  // MIG slices of one board share its bus and, in nvidia-smi -q / -q -x before 590, print no UUID:
  // their GPU (and compute) instance ids tell them apart.
  if (a.mig.is_mig_device && b.mig.is_mig_device) {
    if (a.mig.gpu_instance_id && b.mig.gpu_instance_id && *a.mig.gpu_instance_id != *b.mig.gpu_instance_id) return true;
    const json& ca = a.mig.extra.is_object() && a.mig.extra.contains("compute_instance_id") ? a.mig.extra["compute_instance_id"] : json();
    const json& cb = b.mig.extra.is_object() && b.mig.extra.contains("compute_instance_id") ? b.mig.extra["compute_instance_id"] : json();
    if (!ca.is_null() && !cb.is_null() && ca != cb) return true;
  }
  return known_uuid(a) && known_uuid(b) && lower(a.uuid) != lower(b.uuid);
}

std::optional<long long> mig_device_index(const GpuInfo& g) {
  if (!g.mig.is_mig_device || !g.mig.extra.is_object()) return std::nullopt;
  const auto it = g.mig.extra.find("device_index");
  if (it == g.mig.extra.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<long long>();
}

// A MIG device known by its parent's UUID and its device index alone (`nvidia-smi -L`: no bus id,
// and a MIG UUID that -q before 590 and the table do not print): the document's MIG device with
// the same index under the same board, the board found by UUID, the slices by the parent UUID
// they carry or, from the table, by the board's bus id they copy. -1 when there is none.
int match_mig_sibling(const std::vector<GpuInfo>& gpus, const GpuInfo& g) {
  const auto dev = mig_device_index(g);
  if (!dev || !g.mig.parent_uuid || g.mig.parent_uuid->empty() || bus_key(g.pci_bus_id).known()) return -1;
  const std::string parent = lower(*g.mig.parent_uuid);
  BusKey parent_bus;
  for (const auto& b : gpus)
    if (!b.mig.is_mig_device && lower(b.uuid) == parent) parent_bus = bus_key(b.pci_bus_id);
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const GpuInfo& d = gpus[i];
    if (mig_device_index(d) != dev || conflicts(d, g)) continue;
    const bool same_parent = d.mig.parent_uuid ? lower(*d.mig.parent_uuid) == parent : same_bus(bus_key(d.pci_bus_id), parent_bus);
    if (same_parent) return static_cast<int>(i);
  }
  return -1;
}

// The document's GPU that `g` describes, or -1.
int match_gpu(const std::vector<GpuInfo>& gpus, const GpuInfo& g) {
  if (const int sibling = match_mig_sibling(gpus, g); sibling >= 0) return sibling;
  const BusKey kg = bus_key(g.pci_bus_id);
  std::vector<int> by_bus;
  for (std::size_t i = 0; i < gpus.size(); ++i)
    if (gpus[i].mig.is_mig_device == g.mig.is_mig_device && same_bus(bus_key(gpus[i].pci_bus_id), kg) &&
        !conflicts(gpus[i], g))
      by_bus.push_back(static_cast<int>(i));
  if (by_bus.size() == 1) return by_bus.front();
  if (by_bus.size() > 1) {  // a bus number on several PCI domains, or MIG devices of one card
    for (int i : by_bus)
      if (gpus[static_cast<std::size_t>(i)].index == g.index) return i;
    return by_bus.front();
  }
  // A UUID names one GPU, but not when the two descriptions sit at different PCI addresses: captures
  // with their UUIDs masked print one placeholder for every GPU (telegraf's dual_2080-v13.xml has
  // "GPU-12345678-aaaa-bbbb-cccc-0123456789ab" on 01:00.0 and on 02:00.0), and two boards are two GPUs.
  if (known_uuid(g))
    for (std::size_t i = 0; i < gpus.size(); ++i)
      if (lower(gpus[i].uuid) == lower(g.uuid) && !conflicts_by_bus(gpus[i], g)) return static_cast<int>(i);
  for (std::size_t i = 0; i < gpus.size(); ++i)
    if (gpus[i].index == g.index && gpus[i].mig.is_mig_device == g.mig.is_mig_device && !conflicts(gpus[i], g))
      return static_cast<int>(i);
  return -1;
}

int free_index(const std::vector<GpuInfo>& gpus, int wanted) {
  auto used = [&](int i) { return std::any_of(gpus.begin(), gpus.end(), [&](const GpuInfo& g) { return g.index == i; }); };
  if (wanted >= 0 && !used(wanted)) return wanted;
  int i = 0;
  while (used(i)) ++i;
  return i;
}

// ---- field merging -------------------------------------------------------------------------------

// A value that states nothing: null, "", [], {}, or the default of a field that cannot be null
// (nvlink.links_up = 0, mig.is_mig_device = false: a parser that does not know leaves them so).
bool says_nothing(const json& v, const json* dflt) {
  if (v.is_null()) return true;
  if ((v.is_string() || v.is_array() || v.is_object()) && v.empty()) return true;
  return dflt && !dflt->is_null() && *dflt == v;
}

const json* member(const json* obj, const std::string& key) {
  if (!obj || !obj->is_object()) return nullptr;
  auto it = obj->find(key);
  return it == obj->end() ? nullptr : &*it;
}

// `from` over `into`: every field `from` states replaces `into`'s; objects merge field by field.
void overlay(json& into, const json& from, const json* dflt) {
  for (auto it = from.begin(); it != from.end(); ++it) {
    const json* d = member(dflt, it.key());
    const json& v = it.value();
    if (v.is_object() && into.contains(it.key()) && into[it.key()].is_object()) {
      overlay(into[it.key()], v, d);
      continue;
    }
    if (!says_nothing(v, d)) into[it.key()] = v;
  }
}

// `from` under `into`: only the fields `into` leaves unset are filled.
void fill_unset(json& into, const json& from, const json* dflt) {
  for (auto it = from.begin(); it != from.end(); ++it) {
    const json* d = member(dflt, it.key());
    const json& v = it.value();
    if (says_nothing(v, d)) continue;
    auto there = into.find(it.key());
    if (there != into.end() && there->is_object() && v.is_object()) {
      fill_unset(*there, v, d);
      continue;
    }
    if (there == into.end() || says_nothing(*there, d)) into[it.key()] = v;
  }
}

// fill_only (ImportPart::fills_only: lspci, deviceQuery, nvidia-smi -L): what the document already says of the GPU
// stays; the part only fills what was left unset.
void merge_gpu(GpuInfo& into, const GpuInfo& from, bool fill_only) {
  static const json defaults = GpuInfo{};
  // A masked UUID states nothing: the real one of another file replaces it (even from a part that
  // only fills), and it never replaces a real one.
  const bool unmask = known_uuid(from) && !into.uuid.empty() && !known_uuid(into);
  const bool masked_over_known = !from.uuid.empty() && !known_uuid(from) && !into.uuid.empty();
  if (fill_only) {
    json a = into;
    json b = from;
    if (unmask) a["uuid"] = from.uuid;
    b.erase("index");
    b.erase("source");
    if (!into.pci_bus_id.empty()) b.erase("pci_bus_id");
    if (b.contains("extra") && b["extra"].is_object()) b["extra"].erase("source");
    fill_unset(a, b, &defaults);
    into = a.get<GpuInfo>();
    return;
  }
  json a = into;
  json b = from;
  b.erase("index");  // the document's numbering stays
  if (masked_over_known) b.erase("uuid");
  // The matched address is the same one: it stays as first written, except that a full address
  // replaces a bus number alone ("0x18" from nccl-tests, then nvidia-smi's "00000000:18:00.0").
  const bool upgrade = bus_key(into.pci_bus_id).full.empty() && !bus_key(from.pci_bus_id).full.empty();
  if (!into.pci_bus_id.empty() && !upgrade) b.erase("pci_bus_id");
  // The provenance of a GPU is the file that first described it.
  if (a.contains("source")) b.erase("source");
  // Kernel-log events of two logs (two boots, two files) are both kept, in file order.
  if (a.contains(kKernelEventsKey) && a[kKernelEventsKey].is_array() && b.contains(kKernelEventsKey) &&
      b[kKernelEventsKey].is_array()) {
    json both = a[kKernelEventsKey];
    for (const auto& e : b[kKernelEventsKey]) both.push_back(e);
    b[kKernelEventsKey] = std::move(both);
  }
  overlay(a, b, &defaults);
  into = a.get<GpuInfo>();
}

template <typename T>
void fill_struct(T& into, const T& from) {
  static const json defaults = T{};
  json a = into;
  fill_unset(a, json(from), &defaults);
  into = a.template get<T>();
}

// The document's extra, with every known field named first: serialisation starts from `extra`, so
// the import records and the topology would otherwise come before "schema" (which detection and a
// person reading the file expect at the top) instead of after the figures.
json& extra_object(ResultDocument& doc) {
  static const char* const known[] = {"schema", "tool", "created_utc", "synthetic", "synthetic_source", "tags",
                                      "price_per_hour", "currency", "mode", "host", "software", "gpu_status",
                                      "gpus", "benchmarks", "assessment"};
  if (doc.extra.is_object() && doc.extra.contains("schema")) return doc.extra;
  json ordered = json::object();
  for (const char* k : known) ordered[k] = nullptr;
  if (doc.extra.is_object())
    for (auto it = doc.extra.begin(); it != doc.extra.end(); ++it) ordered[it.key()] = it.value();
  doc.extra = std::move(ordered);
  return doc.extra;
}

// ---- timelines -----------------------------------------------------------------------------------

const char* kUtilCriterion = "gpu_util_pct >= 50";
const char* kPowerCriterion = "power_w >= 50% of power_limit_w";
const char* kAllCriterion = "every sample (no utilisation or power limit column)";
constexpr std::size_t kTimelineKept = 10000;

json sample_json(const TimelineSample& s) {
  json j = json::object();
  auto put = [&](const char* k, const auto& v) {
    if (v) j[k] = *v;
  };
  put("t_s", s.t_s);
  put("sm_clock_mhz", s.sm_clock_mhz);
  put("mem_clock_mhz", s.mem_clock_mhz);
  put("power_w", s.power_w);
  put("power_limit_w", s.power_limit_w);
  put("temperature_c", s.temperature_c);
  put("gpu_util_pct", s.gpu_util_pct);
  put("mem_util_pct", s.mem_util_pct);
  put("pcie_gen", s.pcie_gen);
  put("pcie_width", s.pcie_width);
  if (!s.clock_event_reasons.empty()) j["clock_event_reasons"] = s.clock_event_reasons;
  return j;
}

std::optional<Range> range_over(const std::vector<const TimelineSample*>& v,
                                std::optional<double> TimelineSample::*field) {
  std::vector<double> x;
  for (const auto* s : v)
    if (s->*field) x.push_back(*(s->*field));
  return min_median_max(std::move(x));
}

}  // namespace

BenchmarkResult timeline_row(int gpu, const std::vector<TimelineSample>& samples, const SourceRef& src) {
  const bool has_util = std::any_of(samples.begin(), samples.end(), [](const auto& s) { return s.gpu_util_pct.has_value(); });
  const bool has_power = std::any_of(samples.begin(), samples.end(),
                                     [](const auto& s) { return s.power_w && s.power_limit_w && *s.power_limit_w > 0; });
  const char* criterion = has_util ? kUtilCriterion : has_power ? kPowerCriterion : kAllCriterion;
  std::vector<const TimelineSample*> loaded;
  for (const auto& s : samples) {
    const bool under_load = has_util    ? s.gpu_util_pct && *s.gpu_util_pct >= 50
                            : has_power ? s.power_w && s.power_limit_w && *s.power_limit_w > 0 &&
                                              *s.power_w >= 0.5 * *s.power_limit_w
                                        : true;
    if (under_load) loaded.push_back(&s);
  }

  BenchmarkResult b;
  b.name = kUnderLoadRow;
  b.gpu = gpu;
  b.status = "ok";
  b.unit = "";
  b.params["samples_total"] = samples.size();
  b.params["samples_under_load"] = loaded.size();
  b.params["load_criterion"] = criterion;
  if (loaded.empty()) {
    b.message = "no sample under load (" + std::string(criterion) + ")";
  } else {
    // The summary gpuaudit keeps of its own benchmarks' samples, so the rules read it the same way.
    std::vector<TelemetrySample> converted;
    converted.reserve(loaded.size());
    for (std::size_t i = 0; i < loaded.size(); ++i) {
      const TimelineSample& s = *loaded[i];
      TelemetrySample t;
      t.t_s = s.t_s.value_or(static_cast<double>(i));
      t.sm_clock_mhz = s.sm_clock_mhz;
      t.mem_clock_mhz = s.mem_clock_mhz;
      t.power_w = s.power_w;
      t.temperature_c = s.temperature_c;
      t.gpu_util_pct = s.gpu_util_pct;
      t.pcie_gen = s.pcie_gen;
      t.pcie_width = s.pcie_width;
      converted.push_back(t);
    }
    TelemetrySummary t = summarize_telemetry(converted);
    // Reasons come by name here (nvidia-smi prints them so), not as NVML bits.
    std::set<std::string> seen;
    for (const auto* s : loaded)
      for (const auto& r : s->clock_event_reasons)
        if (r != "gpu-idle" && seen.insert(r).second) t.clock_event_reasons.push_back(r);
    json extra = json::object();
    // dmon without -s v, a gpu-burn log, a CSV without the reasons column: no reason is no news.
    extra["clock_event_reasons_read"] =
        std::any_of(loaded.begin(), loaded.end(), [](const TimelineSample* s) { return s->reasons_read; });
    if (auto r = range_over(loaded, &TimelineSample::power_limit_w)) extra["power_limit_w"] = *r;
    if (auto r = range_over(loaded, &TimelineSample::mem_util_pct)) extra["mem_util_pct"] = *r;
    if (!extra.empty()) t.extra = extra;
    b.telemetry = t;
  }
  json extra = json::object();
  extra["source"] = source_json(src);
  const std::size_t every = samples.size() > kTimelineKept ? (samples.size() + kTimelineKept - 1) / kTimelineKept : 1;
  json timeline = json::array();
  for (std::size_t i = 0; i < samples.size(); i += every) timeline.push_back(sample_json(samples[i]));
  if (every > 1) extra["timeline_every"] = every;
  extra["timeline"] = std::move(timeline);
  b.extra = extra;
  return b;
}

void merge_part(ResultDocument& doc, ImportPart part) {
  const json source = source_json(part.source);

  // GPUs: part index -> document index.
  std::map<int, int> index_of;
  for (auto& g : part.gpus) {
    if (!g.extra.is_object()) g.extra = json::object();
    if (!g.extra.contains("source")) g.extra["source"] = source;
    const int part_index = g.index;
    const int at = match_gpu(doc.gpus, g);
    int doc_index = 0;
    if (at >= 0) {
      merge_gpu(doc.gpus[static_cast<std::size_t>(at)], g, part.fills_only);
      doc_index = doc.gpus[static_cast<std::size_t>(at)].index;
    } else {
      g.index = free_index(doc.gpus, part_index);
      doc_index = g.index;
      doc.gpus.push_back(g);
    }
    index_of.emplace(part_index, doc_index);  // the first entry of an index (not a MIG device of it) wins
  }
  // A GPU only a figure or a timeline names: the document's GPU of that index, else a new one.
  auto doc_gpu = [&](int part_index) {
    if (auto it = index_of.find(part_index); it != index_of.end()) return it->second;
    for (const auto& g : doc.gpus)
      if (g.index == part_index && !g.mig.is_mig_device) return index_of[part_index] = g.index;
    GpuInfo g;
    g.index = free_index(doc.gpus, part_index);
    g.extra = json::object();
    g.extra["source"] = source;
    doc.gpus.push_back(g);
    return index_of[part_index] = g.index;
  };

  std::size_t figures = 0;
  for (auto& b : part.benchmarks) {
    if (b.gpu) b.gpu = doc_gpu(*b.gpu);
    if (!b.extra.is_object()) b.extra = json::object();
    if (!b.extra.contains("source")) b.extra["source"] = source;
    doc.benchmarks.push_back(std::move(b));
    ++figures;
  }
  for (const auto& [index, samples] : part.timelines) {
    doc.benchmarks.push_back(timeline_row(doc_gpu(index), samples, part.source));
    ++figures;
  }
  std::sort(doc.gpus.begin(), doc.gpus.end(), [](const GpuInfo& a, const GpuInfo& b) { return a.index < b.index; });

  fill_struct(doc.host, part.host);
  std::vector<std::string> warnings = doc.software.warnings;
  for (const auto& w : part.software.warnings)
    if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back(w);
  fill_struct(doc.software, part.software);
  doc.software.warnings = warnings;

  json& extra = extra_object(doc);
  if (!part.topology.is_null() && (!extra.contains("topology") || extra["topology"].is_null()))
    extra["topology"] = part.topology;
  if (part.imported.is_object() && !part.imported.empty()) {
    if (!extra["imported"].is_object()) extra["imported"] = json::object();
    json& slot = extra["imported"][part.format];
    // Parsers may key their extras by their own name ({"dcgmi-diag": {...}}): the slot is that name already.
    const bool keyed = part.imported.size() == 1 &&
                       (part.imported.contains(part.format) || part.imported.contains(part.source.tool));
    const json content = keyed ? part.imported.begin().value() : part.imported;
    if (slot.is_null()) slot = content;
    else if (slot.is_object() && content.is_object()) fill_unset(slot, content, nullptr);  // a second file of the format
  }

  json rec = json::object();
  rec["file"] = part.source.file;
  if (!part.lines.empty()) rec["lines"] = part.lines;
  rec["format"] = part.format;
  rec["tool"] = part.source.tool;
  rec["version"] = part.source.version;
  rec["figures"] = figures;
  rec["gpus"] = part.gpus.size();
  rec["skipped"] = part.skipped;
  rec["warnings"] = part.warnings;
  if (!extra["import"].is_array()) extra["import"] = json::array();
  extra["import"].push_back(rec);
}

}  // namespace gpuaudit::imports
