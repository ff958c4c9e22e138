// `lspci -vv` / `-vvv` / `-vvvv` (with or without -nn, -s, -d 10de:) and the plain `lspci [-nn]`
// listing: what the PCIe link of each NVIDIA GPU can do and what it runs at, the output people
// post when host copies are slow. nvidia-smi tells the link's generation and width too, but lspci
// also shows the port above the GPU (the slot or switch port), whose capability is the other end
// of the link: only with it can the slot's limit be told from the card's.
//
// A function's block is its header line ("3b:00.0 3D controller [0302]: NVIDIA Corporation GA100
// [A100 SXM4 80GB] [10de:20b2] (rev a1)", the domain "0000:" printed only with -D or a non-zero
// domain) and the tab-indented lines under it. What is read:
//   LnkCap:  "Port #0, Speed 16GT/s, Width x16, ..."   the function's own maximum
//   LnkSta:  "Speed 2.5GT/s (downgraded), Width x16 (ok)" the link now; pciutils >= 3.7 marks a
//            value below LnkCap "(downgraded)", older ones print no marker
//   LnkCap2: "Supported Link Speeds: 2.5-32GT/s, ..."  and LnkCtl2: "Target Link Speed: 32GT/s"
//   Bus:     "primary=17, secondary=19, ..." on a bridge: the bus it leads to, which is how the
//            port above a GPU is found in a flat listing
// Only NVIDIA GPUs (vendor 10de or "NVIDIA Corporation", class VGA/3D/display controller) become
// GpuInfo; their HD-audio and USB functions and NVSwitch bridges are skipped. The mapping onto
// PcieInfo keeps the nvidia-smi -q importer's meaning: gen_gpu_max is the card's own maximum
// ("Device Max"), gen_max the link's (card and slot together, "Max"), known only when the upstream
// port is in the paste; width_max is the card's maximum width, lowered to the slot's when the
// port is there. A snapshot's LnkSta says nothing about load: an idle card drops to 2.5GT/s to save
// power, so it fills gen_now/width_now like an idle nvidia-smi -q (docs/scoring.md §4).
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cstdint>
#include <cctype>
#include <cstdio>
#include <map>

namespace gpuaudit::imports {

namespace {

using smi::trim;

struct Link {
  std::optional<int> gen;
  std::optional<int> width;
  std::string speed_marker;  // "ok", "downgraded", "" (none printed)
  std::string width_marker;
};

struct Function {
  int line = 0;
  int domain = 0, bus = 0, dev = 0, fn = 0;
  std::string cls;                // "3D controller"
  std::string class_code;         // "0302" (-nn), "" otherwise
  std::string description;        // "NVIDIA Corporation GA100 [A100 SXM4 80GB]" (ids and rev removed)
  std::string vendor_device;      // "10de:20b2" (-nn, -n), "" otherwise
  std::string subsystem_id;       // "10de:134f" (-nn)
  std::optional<Link> cap, sta;
  std::optional<int> cap2_gen, target_gen;
  std::optional<int> secondary_bus;
  std::optional<int> numa_node;
  std::string driver;
  bool access_denied = false;     // "Capabilities: <access denied>": lspci run without root
  bool reads_all_ones = false;    // "(rev ff)", "!!! Unknown header type 7f": config space reads 0xff
};

bool is_hex(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// Callers pass at most 8 hex digits (a 32-bit PCI domain): unsigned arithmetic, so "ffffffff" is
// 0xffffffff and not a signed overflow; the bit pattern is what the domain prints as again.
std::uint32_t hex_u32(std::string_view s) {
  std::uint32_t v = 0;
  for (char c : s)
    v = v * 16u + static_cast<std::uint32_t>(std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                                                                                       : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
  return v;
}
int hex(std::string_view s) { return static_cast<int>(hex_u32(s)); }

// "[dddd:]bb:dd.f" -> domain, bus, device, function.
bool address_of(std::string_view a, Function& f) {
  std::string_view d = "0";
  if (std::count(a.begin(), a.end(), ':') == 2) {
    const auto c = a.find(':');
    d = a.substr(0, c);
    a.remove_prefix(c + 1);
    if (d.size() > 8 || !is_hex(d)) return false;
  }
  if (a.size() != 7 || a[2] != ':' || a[5] != '.') return false;
  const std::string_view b = a.substr(0, 2), dv = a.substr(3, 2), fn = a.substr(6, 1);
  if (!is_hex(b) || !is_hex(dv) || fn[0] < '0' || fn[0] > '7') return false;
  f.domain = hex(d);
  f.bus = hex(b);
  f.dev = hex(dv);
  f.fn = fn[0] - '0';
  return f.dev <= 0x1f;
}

// A trailing "[10de:20b2]" (-nn): removed from `s`, returned lower case.
std::string take_id_pair(std::string& s) {
  std::string t(trim(s));
  const auto open = t.size() >= 11 && t.back() == ']' ? t.rfind('[') : std::string::npos;
  if (open != std::string::npos) {
    const std::string_view in = std::string_view(t).substr(open + 1, t.size() - open - 2);
    if (in.size() == 9 && in[4] == ':' && is_hex(in.substr(0, 4)) && is_hex(in.substr(5))) {
      s = std::string(trim(std::string_view(t).substr(0, open)));
      return smi::lower(in);
    }
  }
  s = t;
  return "";
}

// "(rev a1)" and "(prog-if 00 [VGA controller])" dropped from the end of a description.
void drop_parentheses(std::string& s) {
  for (int i = 0; i < 3; ++i) {
    std::string t(trim(s));
    if (t.empty() || t.back() != ')') break;
    int depth = 0;
    std::size_t open = std::string::npos;
    for (std::size_t j = t.size(); j-- > 0;) {
      if (t[j] == ')') ++depth;
      if (t[j] == '(' && --depth == 0) {
        open = j;
        break;
      }
    }
    if (open == std::string::npos) break;
    const std::string_view inner = std::string_view(t).substr(open + 1);
    if (inner.rfind("rev ", 0) != 0 && inner.rfind("prog-if ", 0) != 0) break;
    s = std::string(trim(std::string_view(t).substr(0, open)));
  }
}

// A header line, or nullopt: "3b:00.0 3D controller [0302]: NVIDIA Corporation ... (rev a1)",
// "0000:3b:00.0 VGA compatible controller: ...", "3b:00.0 0302: 10de:20b2 (rev a1)" (-n).
std::optional<Function> header_of(std::string_view line, int no) {
  if (line.empty() || std::isspace(static_cast<unsigned char>(line[0]))) return std::nullopt;
  const auto sp = line.find(' ');
  if (sp == std::string_view::npos) return std::nullopt;
  Function f;
  f.line = no;
  if (!address_of(line.substr(0, sp), f)) return std::nullopt;
  const std::string_view rest = line.substr(sp + 1);
  const auto colon = rest.find(": ");
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  f.cls = std::string(trim(rest.substr(0, colon)));
  f.description = std::string(trim(rest.substr(colon + 2)));
  if (f.cls.size() > 6 && f.cls.back() == ']' && f.cls[f.cls.size() - 6] == '[' &&
      is_hex(std::string_view(f.cls).substr(f.cls.size() - 5, 4))) {  // "3D controller [0302]" (-nn)
    f.class_code = smi::lower(std::string_view(f.cls).substr(f.cls.size() - 5, 4));
    f.cls = std::string(trim(std::string_view(f.cls).substr(0, f.cls.size() - 6)));
  } else if (f.cls.size() == 4 && is_hex(f.cls)) {  // -n: numbers only
    f.class_code = smi::lower(f.cls);
    f.cls.clear();
  }
  // A function whose config space reads all ones (revision ff) does not answer on the bus.
  f.reads_all_ones = f.description.find("(rev ff)") != std::string::npos;
  drop_parentheses(f.description);
  // A line cut inside a bracket ("GA100 [A100 SXM4 80GB] [10de:": the paste stops there) ends in a
  // "[" that never closes: what follows it is part of an id or a name, and only what precedes it is kept.
  if (const auto open = f.description.rfind('['); open != std::string::npos && f.description.find(']', open) == std::string::npos)
    f.description = std::string(trim(std::string_view(f.description).substr(0, open)));
  f.vendor_device = take_id_pair(f.description);
  if (f.vendor_device.empty() && f.description.size() == 9 && f.description[4] == ':' &&
      is_hex(std::string_view(f.description).substr(0, 4)) && is_hex(std::string_view(f.description).substr(5))) {
    f.vendor_device = smi::lower(f.description);  // -n prints "10de:20b2" alone
    f.description.clear();
  }
  return f;
}

// pci.ids spelt the vendor "nVidia Corporation" until 2010; distributions of that age print it so.
bool is_nvidia(const Function& f) {
  return f.vendor_device.rfind("10de:", 0) == 0 || smi::lower(f.description).rfind("nvidia corporation", 0) == 0;
}

// Display controllers: class 03xx, or the names lspci gives them.
bool is_gpu_class(const Function& f) {
  if (!f.class_code.empty()) return f.class_code.rfind("03", 0) == 0;
  return f.cls == "VGA compatible controller" || f.cls == "3D controller" || f.cls == "Display controller";
}

// "2.5GT/s" -> 1 ... "64GT/s" -> 6; nullopt for "unknown" and what is not a speed.
std::optional<int> gen_of_speed(std::string_view s) {
  s = trim(s);
  const auto gt = s.find("GT/s");
  if (gt == std::string_view::npos) return std::nullopt;
  const auto v = smi::number(s.substr(0, gt));
  if (!v) return std::nullopt;
  static const std::pair<double, int> table[] = {{2.5, 1}, {5, 2}, {8, 3}, {16, 4}, {32, 5}, {64, 6}, {128, 7}};
  for (const auto& [rate, gen] : table)
    if (*v > rate * 0.99 && *v < rate * 1.01) return gen;
  return std::nullopt;
}

// The word in parentheses after a value: "2.5GT/s (downgraded)" -> "downgraded".
std::string marker_after(std::string_view s) {
  s = trim(s);
  const auto open = s.find('(');
  const auto close = s.find(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return "";
  return std::string(s.substr(open + 1, close - open - 1));
}

// "Port #0, Speed 16GT/s, Width x16, ASPM L1" or "Speed 2.5GT/s (downgraded), Width x16 (ok)".
Link link_of(std::string_view v) {
  Link l;
  std::size_t pos = 0;
  while (pos <= v.size()) {
    const auto comma = v.find(',', pos);
    const std::string_view item = trim(v.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos));
    if (item.rfind("Speed ", 0) == 0) {
      l.gen = gen_of_speed(item.substr(6));
      l.speed_marker = marker_after(item.substr(6));
    } else if (item.rfind("Width x", 0) == 0) {
      l.width = smi::integer(item.substr(7));
      l.width_marker = marker_after(item.substr(7));
    }
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return l;
}

// "Supported Link Speeds: 2.5-32GT/s, Crosslink- ..." -> the highest (5).
std::optional<int> cap2_gen_of(std::string_view v) {
  const auto p = v.find("Supported Link Speeds:");
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view s = trim(v.substr(p + 22));
  s = s.substr(0, s.find(','));
  if (const auto dash = s.find('-'); dash != std::string_view::npos) s.remove_prefix(dash + 1);
  return gen_of_speed(s);
}

std::optional<int> target_gen_of(std::string_view v) {
  const auto p = v.find("Target Link Speed:");
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view s = trim(v.substr(p + 18));
  return gen_of_speed(s.substr(0, s.find(',')));
}

std::optional<int> secondary_of(std::string_view v) {
  const auto p = v.find("secondary=");
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view s = v.substr(p + 10);
  s = s.substr(0, s.find(','));
  if (!is_hex(s) || s.size() > 2) return std::nullopt;
  return hex(s);
}

// "Subsystem: NVIDIA Corporation Device [10de:134f]" -> "10de:134f".
std::string subsystem_id_of(std::string_view v) {
  std::string s(trim(v));
  return take_id_pair(s);
}

void body_line(Function& f, std::string_view l) {
  auto after = [&](std::string_view key) -> std::optional<std::string_view> {
    if (l.rfind(key, 0) != 0) return std::nullopt;
    return trim(l.substr(key.size()));
  };
  if (auto v = after("LnkCap:")) f.cap = link_of(*v);
  else if (auto v2 = after("LnkSta:")) f.sta = link_of(*v2);
  else if (auto v3 = after("LnkCap2:")) f.cap2_gen = cap2_gen_of(*v3);
  else if (auto v4 = after("LnkCtl2:")) f.target_gen = target_gen_of(*v4);
  else if (auto v5 = after("Bus:")) f.secondary_bus = secondary_of(*v5);
  else if (auto v6 = after("NUMA node:")) f.numa_node = smi::integer(*v6);
  else if (auto v7 = after("Kernel driver in use:")) f.driver = std::string(*v7);
  else if (auto v8 = after("Subsystem:")) f.subsystem_id = subsystem_id_of(*v8);
  else if (l.find("<access denied>") != std::string_view::npos) f.access_denied = true;
  else if (l.find("Unknown header type 7f") != std::string_view::npos) f.reads_all_ones = true;
}

bool is_cut_marker(std::string_view l) {
  return l.find("..") != std::string_view::npos &&
         std::all_of(l.begin(), l.end(), [](char c) { return c == '[' || c == ']' || c == '(' || c == ')' || c == '.' || c == ' '; });
}

std::vector<Function> functions_of(std::string_view text) {
  std::vector<Function> out;
  bool in_block = false;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    if (auto h = header_of(raw, no)) {
      out.push_back(std::move(*h));
      in_block = true;
      continue;
    }
    const std::string_view l = trim(raw);
    if (l.empty() || !in_block) continue;
    // Indented (a tab, or spaces where a forum turned tabs into spaces) lines belong to the block;
    // so does the "[ ... ]" or "[...]" with which a poster cut part of it.
    if (std::isspace(static_cast<unsigned char>(raw[0]))) body_line(out.back(), l);
    else if (!is_cut_marker(l)) in_block = false;  // a prompt line or prose between blocks
  }
  return out;
}

int detect_lspci(std::string_view text) {
  int headers = 0, nvidia_gpus = 0, display = 0, link_lines = 0;
  for (const auto& [no, line] : smi::head_lines(text, 20000, 256 * 1024)) {
    if (auto h = header_of(line, no)) {
      ++headers;
      if (is_gpu_class(*h)) ++display;
      if (is_nvidia(*h) && is_gpu_class(*h)) ++nvidia_gpus;
      continue;
    }
    const std::string_view l = trim(line);
    if (l.rfind("LnkCap:", 0) == 0 || l.rfind("LnkSta:", 0) == 0) ++link_lines;
  }
  if (headers == 0) return 0;
  if (link_lines > 0) return 85;          // -vv: nothing else prints LnkCap/LnkSta under a PCI address
  if (nvidia_gpus > 0) return 40;         // a plain listing (`lspci | grep -i nvidia`)
  if (display > 0) return 30;             // display controllers, none NVIDIA's (`lspci | grep VGA`)
  return 0;
}

std::string bus_id_of(const Function& f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%08X:%02X:%02X.%X", static_cast<unsigned>(f.domain), static_cast<unsigned>(f.bus),
                static_cast<unsigned>(f.dev), static_cast<unsigned>(f.fn));
  return buf;
}

// "NVIDIA Corporation Device 2330" -> "10de:2330": lspci prints the id when pci.ids has no name.
std::string device_id_from_name(const Function& f) {
  static const std::string prefix = "nvidia corporation device ";
  if (smi::lower(f.description).rfind(prefix, 0) != 0) return "";
  const std::string id = f.description.substr(prefix.size());
  return id.size() == 4 && is_hex(id) ? "10de:" + smi::lower(id) : "";
}

// The bracketed marketing name ("GA100 [A100 SXM4 80GB]" -> "A100 SXM4 80GB"), else the
// description as printed; none where pci.ids has no name for the device ("NVIDIA Corporation Device
// 2330", or "... Device [10de:2f04]" with -nn): that names no model, its PCI id does.
std::string name_of(const Function& f) {
  const std::string& d = f.description;
  const std::string l = smi::lower(d);
  if (l == "nvidia corporation device" || !device_id_from_name(f).empty()) return "";
  if (!d.empty() && d.back() == ']') {
    const auto open = d.rfind('[');
    if (open != std::string::npos && open + 2 < d.size()) return d.substr(open + 1, d.size() - open - 2);
  }
  return d;
}

json link_json(const Link& l) {
  json j = json::object();
  if (l.gen) j["gen"] = *l.gen;
  if (l.width) j["width"] = *l.width;
  if (!l.speed_marker.empty()) j["speed_marker"] = l.speed_marker;
  if (!l.width_marker.empty()) j["width_marker"] = l.width_marker;
  return j;
}

std::optional<int> min_of(std::optional<int> a, std::optional<int> b) {
  if (a && b) return std::min(*a, *b);
  return a ? a : b;
}

GpuInfo gpu_of(const Function& f, const Function* up, int index, const SourceRef& src) {
  GpuInfo g;
  g.index = index;
  g.pci_bus_id = bus_id_of(f);
  g.name = name_of(f);
  std::string id = f.vendor_device.empty() ? device_id_from_name(f) : f.vendor_device;
  if (!id.empty()) g.pci_device_id = id;
  if (!f.subsystem_id.empty()) g.pci_subsystem_id = f.subsystem_id;
  g.numa_node = f.numa_node;
  g.extra = json::object();
  SourceRef s = src;
  s.line = f.line;
  g.extra["source"] = source_json(s);
  if (!f.driver.empty()) g.extra["kernel_driver"] = f.driver;  // nvidia, nouveau, vfio-pci (passed to a VM)
  g.pcie.extra = json::object();
  if (f.cap) {
    g.pcie.gen_gpu_max = f.cap->gen;
    g.pcie.width_max = f.cap->width;
    g.pcie.extra["lnkcap"] = link_json(*f.cap);
  }
  if (f.sta) {
    g.pcie.gen_now = f.sta->gen;
    g.pcie.width_now = f.sta->width;
    g.pcie.extra["lnksta"] = link_json(*f.sta);
  }
  if (f.cap2_gen) g.pcie.extra["lnkcap2_gen_max"] = *f.cap2_gen;
  if (f.target_gen) g.pcie.extra["target_gen"] = *f.target_gen;
  if (up && up->cap) {
    // Both ends known: the link trains to the lower of the two capabilities, and to no more than
    // the port's Target Link Speed (a BIOS or `setpci` setting that caps the slot).
    std::optional<int> port_gen = min_of(up->cap->gen, up->target_gen);
    g.pcie.gen_max = f.cap ? min_of(f.cap->gen, port_gen) : port_gen;
    g.pcie.width_max = f.cap ? min_of(f.cap->width, up->cap->width) : up->cap->width;
    json u = json::object();
    u["bus_id"] = bus_id_of(*up);
    u["name"] = up->description;
    u["lnkcap"] = link_json(*up->cap);
    if (up->sta) u["lnksta"] = link_json(*up->sta);
    if (up->target_gen) u["target_gen"] = *up->target_gen;
    g.pcie.extra["upstream_port"] = u;
  }
  if (g.pcie.extra.empty()) g.pcie.extra = json();
  return g;
}

// NVIDIA GPUs whose config space reads all ones ("(rev ff)", "!!! Unknown header type 7f"): the
// device does not answer on the bus - a laptop's discrete GPU powered off (D3cold), or a GPU fallen
// off the bus (the driver's Xid 79). Said as a warning with the bus ids (imported.lspci.not_answering):
// lspci alone cannot tell the two apart.
void not_answering(const std::vector<Function>& fns, ImportPart& part) {
  json ids = json::array();
  for (const auto& f : fns)
    if (is_nvidia(f) && is_gpu_class(f) && f.reads_all_ones) ids.push_back(bus_id_of(f));
  if (ids.empty()) return;
  part.imported["lspci"]["not_answering"] = ids;
  part.warnings.push_back(std::to_string(ids.size()) + " NVIDIA GPU(s) whose PCI config space reads all ones (rev ff) (" +
                          ids[0].get<std::string>() +
                          "): the GPU does not answer on the bus - powered off (a laptop's discrete GPU in D3cold), or fallen "
                          "off the bus (Xid 79 in the kernel log says so)");
}

// A listing whose display controllers are all another vendor's (a laptop's Intel iGPU, a server's
// ASPEED BMC): no NVIDIA GPU answers on this PCI bus - not passed through to this VM, powered off (a
// laptop's discrete GPU in D3cold behind a port that is off), or fallen off the bus. Kept as a fact
// (imported.lspci.display_controllers) and said as a warning; a listing without a display controller
// read nothing.
void no_nvidia_gpu(const std::vector<Function>& fns, int skipped_nvidia, ImportPart& part) {
  json display = json::array();
  for (const auto& f : fns)
    if (is_gpu_class(f) && display.size() < 16) display.push_back(f.cls + ": " + (f.description.empty() ? f.vendor_device : f.description));
  if (display.empty()) {
    part.skipped.push_back(std::to_string(fns.size()) + " PCI functions but no NVIDIA GPU among them" +
                           (skipped_nvidia ? " (" + std::to_string(skipped_nvidia) + " NVIDIA non-GPU functions)" : ""));
    return;
  }
  part.imported["lspci"]["display_controllers"] = display;
  part.imported["lspci"]["nvidia_gpus"] = 0;
  part.warnings.push_back("lspci lists " + std::to_string(display.size()) + " display controller(s) (" + display[0].get<std::string>() +
                          (display.size() > 1 ? ", ..." : "") +
                          ") and no NVIDIA GPU: none answers on this PCI bus - not passed through to this VM, powered off (a "
                          "laptop's discrete GPU in D3cold), or fallen off the bus");
}

ImportPart parse_lspci(std::string_view text, const std::string& file) {
  ImportPart part;
  part.fills_only = true;  // a view from outside NVML: nvidia-smi's facts of the same GPU stay
  part.source = {"lspci", "", file, 0};
  const std::vector<Function> fns = functions_of(text);
  if (fns.empty()) {
    part.skipped.push_back("no PCI function header line (\"3b:00.0 3D controller: NVIDIA Corporation ...\"): nothing was read");
    return part;
  }
  // The bridge that leads to each bus (per domain): the port above a device on that bus.
  std::map<std::pair<int, int>, const Function*> bridge_to;
  for (const auto& f : fns)
    if (f.secondary_bus) bridge_to[{f.domain, *f.secondary_bus}] = &f;
  int skipped_nvidia = 0, denied = 0, no_link = 0;
  bool any_vv = false;
  for (const auto& f : fns) any_vv |= f.cap.has_value() || f.sta.has_value() || f.secondary_bus.has_value() || f.access_denied;
  for (const auto& f : fns) {
    if (!is_nvidia(f)) continue;
    if (!is_gpu_class(f)) {  // the card's audio/USB/UCSI functions, NVSwitch bridges
      ++skipped_nvidia;
      continue;
    }
    const auto it = bridge_to.find({f.domain, f.bus});
    const Function* up = it == bridge_to.end() ? nullptr : it->second;
    if (f.access_denied) ++denied;
    else if (any_vv && !f.cap && !f.sta) ++no_link;
    part.gpus.push_back(gpu_of(f, up, static_cast<int>(part.gpus.size()), part.source));
    if (!part.source.line) part.source.line = f.line;
  }
  if (part.gpus.empty()) {
    no_nvidia_gpu(fns, skipped_nvidia, part);
    return part;
  }
  if (skipped_nvidia) part.imported["lspci"]["nvidia_non_gpu_functions"] = skipped_nvidia;
  not_answering(fns, part);
  if (denied)
    part.warnings.push_back(std::to_string(denied) + " GPU(s) with \"Capabilities: <access denied>\": lspci ran without root, "
                            "so LnkCap/LnkSta are missing (run `sudo lspci -vv -d 10de:`)");
  if (!any_vv)
    part.warnings.push_back("a plain listing (no -vv): names and bus ids only, nothing about the PCIe link");
  else if (no_link)
    part.warnings.push_back(std::to_string(no_link) + " GPU(s) without LnkCap/LnkSta (a function in D3cold or off the bus "
                            "reads as 0xff and shows no capabilities)");
  bool any_upstream = false;
  for (const auto& g : part.gpus) any_upstream |= g.pcie.gen_max.has_value();
  if (any_vv && !any_upstream)
    part.warnings.push_back("the port above the GPU is not in the paste: the slot's maximum is unknown, the card's own "
                            "LnkCap stands for the link's");
  return part;
}

const RegisterFormat reg{{"lspci", "lspci -vv (or a plain lspci listing) with NVIDIA GPUs", detect_lspci, parse_lspci}};

}  // namespace

}  // namespace gpuaudit::imports
