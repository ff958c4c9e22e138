// The kernel log (`dmesg`, `dmesg -T`, `journalctl -k`, /var/log/syslog, /var/log/messages,
// kern.log): what the NVIDIA driver (NVRM) said about each GPU. An Xid is the driver's report of a
// GPU error; "fallen off the bus" a GPU that stopped answering on PCIe; "RmInitAdapter failed" one
// the driver could not bring up; PCIe AER lines the link's own errors. People paste these beside
// nvidia-smi when a card misbehaves, and they decide verdicts no benchmark can: a GPU that is gone.
//
// Only the lines about NVIDIA GPUs are read; everything else in the log is ignored. A log with no
// NVRM line and no `nvidia` driver line is not detected as this format (it says nothing about a
// GPU: "not an output gpuaudit can import", exit 2), so a plain dmesg is never taken for evidence.
//
// Per GPU (matched by PCI address, like every other importer, merge.cpp): GpuInfo with pci_bus_id
// and the events in extra["kernel_events"] (core/kernel_event.hpp). NVRM prints the address
// as domain:bus:device without the function ("PCI:0000:3b:00"); the GPU is function 0 of its
// device (function 1 is its HDMI audio, which NVRM does not drive), so it is recorded as
// "0000:3b:00.0", which merges with nvidia-smi's "00000000:3B:00.0". Lines naming no GPU (the API
// mismatch, "probe routine failed for N device(s)") go to extra.imported["kernel-log"].events.
// The driver version comes from "NVRM: loading NVIDIA UNIX ... Kernel Module  570.158.01".
// What each event is evidence of is the scorer's business (score/xid_catalogue.hpp).
#include "core/kernel_event.hpp"
#include "core/text_cursor.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace gpuaudit::imports {

namespace {

using smi::trim;

constexpr std::size_t kMessageMax = 300;

bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

bool is_hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// "0000:3b:00" or "0000:3b:00.0" at `p` (4 hex, ':', 2 hex, ':', 2 hex, optional '.' digit):
// the address normalised to "dddd:bb:dd.f", lower case; "" when there is none.
std::string address_at(std::string_view s, std::size_t p) {
  if (p + 10 > s.size()) return "";
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
    if (!is_hex(s[p + i])) return "";
  if (s[p + 4] != ':' || s[p + 7] != ':') return "";
  if (p + 10 < s.size() && is_hex(s[p + 10])) return "";  // a longer hex run: not an address
  std::string a(s.substr(p, 10));
  char fn = '0';
  if (p + 11 < s.size() && s[p + 10] == '.' && std::isdigit(static_cast<unsigned char>(s[p + 11]))) fn = s[p + 11];
  a += '.';
  a += fn;
  return smi::lower(a);
}

// The first PCI address in `s`, "" when none.
std::string first_address(std::string_view s) {
  for (std::size_t p = 0; p + 10 <= s.size(); ++p)
    if ((p == 0 || !is_hex(s[p - 1])) && s[p + 4] == ':')
      if (auto a = address_at(s, p); !a.empty()) return a;
  return "";
}

struct Stamp {
  std::string time;
  std::optional<double> uptime_s;
};

struct Prefix {
  std::string_view time;
  std::size_t length = 0;  // of the whole prefix, up to the message
};

bool not_space(char c) { return c != ' '; }

// After the time stamp: " [host ]kernel:[ ]" (the host may be absent).
std::optional<std::size_t> kernel_tag_at(std::string_view l, std::size_t at) {
  TextCursor c(l, at);
  if (!c.literal(" ")) return std::nullopt;
  TextCursor with_host = c;
  if (with_host.run(not_space) && with_host.literal(" ") && with_host.literal("kernel:")) {
    with_host.literal(" ");
    return with_host.at();
  }
  if (!c.literal("kernel:")) return std::nullopt;
  c.literal(" ");
  return c.at();
}

// syslog's "Mar 29 15:38:59 host kernel: " and journalctl's / rsyslog's ISO form
// "2026-03-01T12:41:30.123+01:00 host kernel: " at the start of the line.
std::optional<Prefix> syslog_prefix(std::string_view l) {
  TextCursor c(l);
  if (c.one_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) {  // "Mar 29 15:38:59"
    if (!c.run(is_ascii_lower, 2, 2) || !c.run([](char ch) { return ch == ' '; }) || !c.digits(1, 2) ||
        !c.literal(" ") || !c.digits(2, 2) || !c.literal(":") || !c.digits(2, 2) || !c.literal(":") || !c.digits(2, 2))
      return std::nullopt;
  } else {  // "2026-03-01T12:41:30" and anything up to the space (fraction, zone)
    if (!c.digits(4, 4) || !c.literal("-") || !c.digits(2, 2) || !c.literal("-") || !c.digits(2, 2) || !c.one_of("T ") ||
        !c.digits(2, 2) || !c.literal(":") || !c.digits(2, 2) || !c.literal(":") || !c.digits(2, 2))
      return std::nullopt;
    c.run(not_space, 0);
  }
  const std::size_t time_ends = c.at();
  const auto end = kernel_tag_at(l, time_ends);
  if (!end) return std::nullopt;
  return Prefix{l.substr(0, time_ends), *end};
}

// Talos's `talosctl dmesg`: "192.168.11.119: kern: warning: [2026-04-22T21:25:20.458998481Z]: " (the
// node, the facility, the level padded to a column, the kernel's time in ISO form). Talos has no
// syslog or journald to read the kernel log with, so this is what its users paste.
std::optional<Prefix> talos_prefix(std::string_view l) {
  const auto node_ends = l.find(' ');
  if (node_ends == std::string_view::npos || node_ends < 2 || l[node_ends - 1] != ':') return std::nullopt;
  TextCursor c(l, node_ends + 1);
  if (!c.run(is_ascii_lower) || !c.literal(":") || !c.run([](char ch) { return ch == ' '; }) || !c.run(is_ascii_lower) ||
      !c.literal(": [") )
    return std::nullopt;
  const std::size_t time_at = c.at();
  if (!c.digits(4, 4) || !c.literal("-") || !c.digits(2, 2) || !c.literal("-") || !c.digits(2, 2) || !c.literal("T"))
    return std::nullopt;
  const auto close = l.find(']', c.at());
  if (close == std::string_view::npos || close == c.at() || l.substr(close, 2) != "]:") return std::nullopt;
  TextCursor after(l, close + 2);
  after.literal(" ");
  return Prefix{l.substr(time_at, close - time_at), after.at()};
}

struct UuidLine {
  std::string_view address, uuid;
};

// "NVRM: GPU at PCI:0000:3b:00: GPU-3b0f...": the address ("0000:3b:00", or with ".0") and the
// UUID (GPU- and 36 hex digits and dashes).
std::optional<UuidLine> gpu_uuid_line(std::string_view msg) {
  std::optional<UuidLine> out;
  match_after_any(msg, "NVRM: GPU at ", [&](TextCursor& c) {
    c.literal("PCI:");
    const std::size_t a = c.at();
    if (!c.run(is_hex_digit, 4, 4) || !c.literal(":") || !c.run(is_hex_digit, 2, 2) || !c.literal(":") ||
        !c.run(is_hex_digit, 2, 2))
      return false;
    TextCursor f = c;
    if (f.literal(".") && f.digits(1, 1) && f.literal(": ")) c = f;
    else if (!c.literal(": ")) return false;
    const std::size_t address_ends = c.at() - 2;
    const std::size_t u = c.at();
    if (!c.literal("GPU-") || !c.run([](char ch) { return is_hex_digit(ch) || ch == '-'; }, 36, 36)) return false;
    out = UuidLine{msg.substr(a, address_ends - a), msg.substr(u, c.at() - u)};
    return true;
  });
  return out;
}

// "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.158.01  ..." ("Kernel Module for aarch64"
// on Arm): the version, "570.158.01".
std::optional<std::string_view> module_version(std::string_view msg) {
  std::optional<std::string_view> out;
  match_after_any(msg, "Kernel Module", [&](TextCursor& c) {
    TextCursor f = c;
    if (f.literal(" for ") && f.run(not_space) && f.run([](char ch) { return ch == ' '; })) c = f;
    else if (!c.run([](char ch) { return ch == ' '; })) return false;
    const std::size_t v = c.at();
    if (!c.digits() || !c.literal(".") || !c.digits()) return false;
    TextCursor patch = c;
    if (patch.literal(".") && patch.digits() && patch.literal(" ")) c = patch;
    else if (!c.literal(" ")) return false;
    out = msg.substr(v, c.at() - 1 - v);
    return true;
  });
  return out;
}

// The time stamp before the message, and where the message starts.
Stamp stamp_of(std::string_view line, std::size_t& msg_at) {
  Stamp st;
  const std::string_view l = line;
  std::size_t at = 0;
  auto prefix = syslog_prefix(l);
  if (!prefix) prefix = talos_prefix(l);
  if (prefix) {
    st.time = std::string(prefix->time);
    at = prefix->length;
  }
  // dmesg's "[ 1843.308145] " (seconds since boot), dmesg -T's "[Fri Aug 30 11:43:09 2024] ", or
  // dmesg -H / --reltime's "[Jan 2 10:48] " and "[  +0.000316] " (the time since the line before:
  // no uptime in it)
  std::size_t p = at;
  while (p < l.size() && l[p] == ' ') ++p;
  if (p < l.size() && l[p] == '[') {
    const auto close = l.find(']', p);
    if (close != std::string::npos && close - p < 48) {
      const std::string inner(trim(std::string_view(l).substr(p + 1, close - p - 1)));
      const bool relative = !inner.empty() && inner[0] == '+';
      const std::string_view number = std::string_view(inner).substr(relative ? 1 : 0);
      const bool numeric = !number.empty() && std::all_of(number.begin(), number.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
      });
      if (numeric) {
        if (!relative) st.uptime_s = smi::number(inner);
        at = close + 1;
      } else if (inner.size() >= 9 && std::isalpha(static_cast<unsigned char>(inner[0])) && contains(inner, ":")) {
        if (st.time.empty()) st.time = inner;
        at = close + 1;
      }
    }
  }
  while (at < l.size() && l[at] == ' ') ++at;
  msg_at = at;
  return st;
}

std::string clip(std::string_view s) {
  s = trim(s);
  std::string out(smi::utf8_prefix(s, kMessageMax));
  while (!out.empty() && (out.back() == ',' || out.back() == ' ')) out.pop_back();
  return out;
}

struct Parsed {
  std::map<std::string, std::vector<KernelEvent>> by_bus;  // address -> events
  std::map<std::string, std::string> uuid_of;              // address -> GPU-... from "GPU at PCI:..."
  std::vector<std::string> order;                          // addresses in order of first mention
  json doc_events = json::array();
  int nvrm_lines = 0;
};

void note_bus(Parsed& p, const std::string& bus) {
  if (std::find(p.order.begin(), p.order.end(), bus) == p.order.end()) p.order.push_back(bus);
}

void add_event(Parsed& p, const std::string& bus, KernelEvent e) {
  if (bus.empty()) {
    json j = e;
    j.erase("pid");
    p.doc_events.push_back(j);
    return;
  }
  note_bus(p, bus);
  p.by_bus[bus].push_back(std::move(e));
}

// "NVRM: Xid (PCI:0000:3b:00): 79, pid=1101234, name=nvc:[driver], GPU has fallen off the bus."
// (older drivers: "NVRM: Xid (0000:03:00): 14, Channel 00000001").
bool parse_xid(std::string_view msg, KernelEvent& e, std::string& bus) {
  const auto x = msg.find("NVRM: Xid");
  if (x == std::string_view::npos) return false;
  std::string_view rest = msg.substr(x + 9);
  const auto open = rest.find('(');
  const auto close = rest.find("):");
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return false;
  bus = first_address(rest.substr(open, close - open));
  rest = trim(rest.substr(close + 2));
  std::size_t n = 0;
  while (n < rest.size() && std::isdigit(static_cast<unsigned char>(rest[n]))) ++n;
  if (n == 0 || n > 4) return false;
  e.kind = "xid";
  e.xid = std::stoi(std::string(rest.substr(0, n)));
  rest = trim(rest.substr(n));
  if (!rest.empty() && rest[0] == ',') rest = trim(rest.substr(1));
  // "pid=1234, name=python3, " / "pid='<unknown>', name=<unknown>, "
  if (rest.rfind("pid=", 0) == 0) {
    const auto comma = rest.find(',');
    const std::string pid(trim(rest.substr(4, comma == std::string_view::npos ? std::string_view::npos : comma - 4)));
    if (!pid.empty() && std::all_of(pid.begin(), pid.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
        pid.size() < 12)
      e.pid = std::stoll(pid);
    rest = comma == std::string_view::npos ? std::string_view() : trim(rest.substr(comma + 1));
    if (rest.rfind("name=", 0) == 0) {
      // the name may hold commas' neighbours like "nvc:[driver]": up to the next ", "
      const auto end = rest.find(", ");
      const std::string name(rest.substr(5, end == std::string_view::npos ? std::string_view::npos : end - 5));
      if (name != "<unknown>") e.process = name;
      rest = end == std::string_view::npos ? std::string_view() : trim(rest.substr(end + 2));
    }
  }
  e.message = clip(rest);
  return true;
}

// "nvidia 0000:83:00.0: PCIe Bus Error: severity=Correctable, ..." (the GPU's own driver names it)
// or "pcieport 0000:00:01.1: AER: Corrected error received: 0000:01:00.0" (the error's source
// named last: a GPU only when NVRM speaks of that address somewhere in the log).
bool parse_aer(std::string_view msg, std::string& bus, bool& by_nvidia) {
  const bool aer = contains(msg, "AER:") || contains(msg, "PCIe Bus Error") || contains(msg, "BadTLP") ||
                   contains(msg, "BadDLLP") || contains(msg, "RxErr");
  if (!aer) return false;
  by_nvidia = msg.rfind("nvidia ", 0) == 0;
  if (by_nvidia) {
    bus = first_address(msg.substr(7));
    return !bus.empty();
  }
  // the address after "received: " is the error's source; else the device the line is about
  const auto r = msg.find("received: ");
  bus = r != std::string_view::npos ? first_address(msg.substr(r)) : first_address(msg);
  return !bus.empty();
}

// The driver prints "NVRM: Xid (PCI:...): N, ..."; a paste retyped by hand may lose the colon
// ("NVRM Xid (PCI:0000:0b:00) : 32, ..."). Such a text is read as if it had it (a copy with ": "
// put back); nullopt when there is none to mend.
std::optional<std::string> with_nvrm_colon(std::string_view text) {
  constexpr std::string_view kRetyped = "NVRM Xid (";
  if (!contains(text, kRetyped)) return std::nullopt;
  std::string out(text);
  for (std::size_t at = out.find(kRetyped); at != std::string::npos; at = out.find(kRetyped, at + 1)) {
    out.insert(at + 4, ":");
    // "(PCI:0000:0b:00) : 32" -> "(PCI:0000:0b:00): 32", on this line only
    const std::size_t close = out.find(')', at);
    if (close != std::string::npos && close < out.find('\n', at) && out.compare(close, 4, ") : ") == 0) out.erase(close + 1, 1);
  }
  return out;
}

int detect_kernel_log(std::string_view text) {
  if (const auto mended = with_nvrm_colon(text)) return detect_kernel_log(*mended);
  // The whole text, not a prefix: a log whose NVRM lines come after its first megabytes of other
  // messages (a long uptime, a journal of every unit) is still one (issue #28). Linear: plain
  // searches, and a PCIe line's own line checked only where "PCIe Bus Error" occurs.
  bool nvrm = contains(text, "NVRM:") || contains(text, "nvidia-modeset:");
  for (std::size_t at = text.find("PCIe Bus Error"); !nvrm && at != std::string_view::npos;
       at = text.find("PCIe Bus Error", at + 1)) {
    const std::size_t from = text.rfind('\n', at);
    const std::size_t begin = from == std::string_view::npos ? 0 : from + 1;
    nvrm = contains(text.substr(begin, text.find('\n', at) - begin), "nvidia 0000:");
  }
  // Low on purpose: another tool's output that quotes a kernel line (a bug report with nvidia-smi
  // -q in it) is that tool's; a file that is only a log is this format.
  return nvrm ? 40 : 0;
}

ImportPart parse_kernel_log(std::string_view text, const std::string& file) {
  if (const auto mended = with_nvrm_colon(text)) {
    ImportPart part = parse_kernel_log(*mended, file);
    part.warnings.push_back("\"NVRM Xid\" without the driver's colon (a retyped paste?): read as \"NVRM: Xid\"");
    return part;
  }
  ImportPart part;
  part.source = {"kernel log", "", file, 0};
  Parsed p;
  struct Aer {
    std::string bus;
    KernelEvent e;
    bool by_nvidia;
  };
  std::vector<Aer> aers;
  std::string last_bus;  // the address of the last NVRM line that named one (multi-line messages)
  int last_bus_line = 0;
  Stamp last_bus_stamp;  // its time stamp: a continuation line of the same message has none
  int first_line = 0;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    // Most of a syslog is not about a GPU: only lines that can be are looked at closely.
    if (!contains(raw, "NVRM:") && !contains(raw, "nvidia-modeset:") && !contains(raw, "AER") && !contains(raw, "PCIe Bus Error") &&
        !contains(raw, "BadTLP") && !contains(raw, "BadDLLP") && !contains(raw, "RxErr"))
      continue;
    if (raw.size() > 4096) continue;  // no kernel message is that long
    std::size_t at = 0;
    const Stamp st = stamp_of(raw, at);
    const std::string_view msg = trim(std::string_view(raw).substr(std::min(at, raw.size())));
    if (msg.empty()) continue;
    KernelEvent e;
    e.time = st.time;
    e.uptime_s = st.uptime_s;
    e.line = no;
    std::string bus;
    bool by_nvidia = false;
    if (parse_aer(msg, bus, by_nvidia)) {
      e.kind = "pcie-aer";
      e.message = clip(msg);
      aers.push_back({bus, e, by_nvidia});
      continue;
    }
    if (!contains(msg, "NVRM:") && !contains(msg, "nvidia-modeset:")) continue;
    ++p.nvrm_lines;
    if (!first_line) first_line = no;
    if (const auto named = gpu_uuid_line(msg)) {
      const std::string a = address_at(named->address, 0);
      if (!a.empty()) {
        p.uuid_of[a] = std::string(named->uuid);
        note_bus(p, a);
      }
      continue;
    }
    if (const auto version = module_version(msg); version && !part.software.driver_version) {
      part.software.driver_version = std::string(*version);
      part.source.version = std::string(*version);
      continue;
    }
    if (parse_xid(msg, e, bus)) {
      if (!bus.empty()) last_bus = bus, last_bus_line = no;
      add_event(p, bus, std::move(e));
      continue;
    }
    const std::string here = first_address(msg);
    if (!here.empty()) last_bus = here, last_bus_line = no, last_bus_stamp = st;
    if (contains(msg, "fallen off the bus")) {
      // "NVRM: GPU 0000:09:00.0: GPU has fallen off the bus." or the three-line form whose address
      // is on the line before ("NVRM: The NVIDIA GPU 0000:b3:00.0" / "(PCI ID: ...) installed ..." /
      // "fallen off the bus and is not responding to commands.").
      e.kind = "fallen-off-bus";
      e.message = clip(msg.substr(msg.find("NVRM:") + 5));
      const bool continued = here.empty() && no - last_bus_line <= 3 && !last_bus.empty();
      if (continued && e.time.empty() && !e.uptime_s) e.time = last_bus_stamp.time, e.uptime_s = last_bus_stamp.uptime_s;
      add_event(p, !here.empty() ? here : (continued ? last_bus : std::string()), std::move(e));
      continue;
    }
    if (contains(msg, "RmInitAdapter failed") || contains(msg, "rm_init_adapter failed")) {
      if (contains(msg, "rm_init_adapter failed")) continue;  // the same failure, said twice
      e.kind = "init-failed";
      e.message = clip(msg.substr(msg.find("NVRM:") + 5));
      add_event(p, here, std::move(e));
      continue;
    }
    if (contains(msg, "probe routine failed") || contains(msg, "API mismatch") || contains(msg, "No NVIDIA GPU found") ||
        contains(msg, "No NVIDIA graphics adapter found")) {
      e.kind = contains(msg, "API mismatch") ? "api-mismatch" : "probe-failed";
      e.message = clip(msg.substr(std::min(msg.size(), msg.find("NVRM:") == std::string_view::npos ? 0 : msg.find("NVRM:") + 5)));
      add_event(p, "", std::move(e));
      continue;
    }
  }
  // AER lines count only for a GPU: reported by the nvidia driver itself, or about an address
  // NVRM names (a NIC's or an NVMe drive's AER errors are not the GPU's).
  for (auto& a : aers)
    if (a.by_nvidia || p.by_bus.count(a.bus) || p.uuid_of.count(a.bus)) add_event(p, a.bus, std::move(a.e));

  part.source.line = first_line;
  int index = 0;
  for (const auto& bus : p.order) {
    GpuInfo g;
    g.index = index++;
    g.pci_bus_id = bus;
    if (auto u = p.uuid_of.find(bus); u != p.uuid_of.end()) g.uuid = u->second;
    g.extra = json::object();
    SourceRef s = part.source;
    const auto ev = p.by_bus.find(bus);
    if (ev != p.by_bus.end() && !ev->second.empty()) s.line = ev->second.front().line;
    g.extra["source"] = source_json(s);
    json events = json::array();
    if (ev != p.by_bus.end())
      for (const auto& e : ev->second) events.push_back(e);
    g.extra[kKernelEventsKey] = events;
    part.gpus.push_back(std::move(g));
  }
  json rec = json::object();
  rec["nvrm_lines"] = p.nvrm_lines;
  rec["events"] = p.doc_events;
  part.imported = json{{"kernel-log", rec}};
  if (p.nvrm_lines == 0 && aers.empty()) part.skipped.push_back("no NVRM line: nothing about an NVIDIA GPU in this log");
  return part;
}

const RegisterFormat reg{{"kernel-log", "kernel log (dmesg, journalctl -k, syslog): NVRM Xid and GPU driver lines",
                          detect_kernel_log, parse_kernel_log}};

}  // namespace

}  // namespace gpuaudit::imports
