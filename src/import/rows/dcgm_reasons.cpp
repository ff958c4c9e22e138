#include "import/rows/dcgm_reasons.hpp"

#include "import/text/bench_text.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports::dcgm {

namespace {

using bench::to_double;
using bench::split_ws;
using bench::to_int;

// The number that starts at `pos` ("13.3"), and where it ends.
std::optional<double> number_at(std::string_view s, std::size_t pos, std::size_t* end) {
  std::size_t e = pos;
  while (e < s.size() && (std::isdigit(static_cast<unsigned char>(s[e])) || s[e] == '.')) ++e;
  if (e == pos) return std::nullopt;
  if (end) *end = e;
  return to_double(s.substr(pos, e - pos));
}

// The whole number whose digits start at `pos` (0..limit-1), and where they end.
std::optional<int> small_int_at(std::string_view s, std::size_t pos, int limit, std::size_t* end) {
  std::size_t e = pos;
  while (e < s.size() && std::isdigit(static_cast<unsigned char>(s[e]))) ++e;
  const auto id = to_int(s.substr(pos, e - pos));
  if (!id || *id < 0 || *id >= limit) return std::nullopt;
  if (end) *end = e;
  return static_cast<int>(*id);
}

// The GPU id whose digits start at `pos` (0..4095), and where they end.
std::optional<int> gpu_id_at(std::string_view s, std::size_t pos, std::size_t* end = nullptr) {
  return small_int_at(s, pos, 4096, end);
}

// "for GPU 3" at or after `pos` and before `limit`: the GPU id.
std::optional<int> gpu_after(std::string_view s, std::size_t pos, std::size_t limit) {
  const auto at = s.find("for GPU ", pos);
  if (at == std::string_view::npos || at >= limit) return std::nullopt;
  return gpu_id_at(s, at + 8);
}

// DcgmRecorder's detail words (clocks_throttle_reason_<x> before 3.3, clocks_event_reason_<x>
// since) -> the NVML reason names every importer uses.
std::optional<std::string> reason_name(std::string_view word) {
  static const std::map<std::string_view, std::string> kNames{
      {"hw_slowdown", "hw-slowdown"},
      {"sw_thermal_slowdown", "sw-thermal"},
      {"hw_thermal_slowdown", "hw-thermal"},
      {"hw_power_brake_slowdown", "hw-power-brake"},
      {"sw_power_cap", "sw-power-cap"},
      {"applications_clocks_setting", "applications-clocks"},
      {"sync_boost", "sync-boost"},
      {"display_clocks_setting", "display-clocks"},
  };
  const auto it = kNames.find(word);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

void thermal_violations(std::string_view s, std::map<int, GpuSigns>& out) {
  // "Thermal violations totaling X seconds started at Y seconds into the test for GPU N" and
  // "There were thermal violations totaling X seconds for GPU N": the GPU follows within the sentence.
  constexpr std::string_view kPhrase = "hermal violations totaling ";
  for (auto at = s.find(kPhrase); at != std::string_view::npos; at = s.find(kPhrase, at + 1)) {
    std::size_t end = 0;
    const auto secs = number_at(s, at + kPhrase.size(), &end);
    if (!secs || s.substr(end, 8) != " seconds") continue;
    // DCGM fails a test on any nonzero counter and prints one decimal: "0.0 seconds" is under 50 ms
    // of a minutes-long test, a blip no job would notice (NVIDIA/DCGM#242 asks DCGM to tolerate it).
    if (*secs <= 0) continue;
    const auto gpu = gpu_after(s, end, std::min(s.size(), end + 64));
    if (!gpu) continue;
    GpuSigns& g = out[*gpu];
    g.reasons.insert("thermal-violation");
    g.thermal_violation_s = std::max(g.thermal_violation_s.value_or(0.0), *secs);
  }
}

void clock_events(std::string_view s, std::map<int, GpuSigns>& out) {
  // "Clocks are being throttled for GPU N because of clock throttling starting Y seconds into the
  // test. clocks_throttle_reason_<x>: ..." (the detail names the first reason of DCGM's mask).
  constexpr std::string_view kPhrase = "Clocks are being ";
  for (auto at = s.find(kPhrase); at != std::string_view::npos; at = s.find(kPhrase, at + 1)) {
    const auto next = s.find(kPhrase, at + 1);
    const std::size_t limit = next == std::string_view::npos ? s.size() : next;
    const auto gpu = gpu_after(s, at, std::min(limit, at + 48));
    if (!gpu) continue;
    for (std::string_view prefix : {"clocks_throttle_reason_", "clocks_event_reason_"}) {
      const auto d = s.find(prefix, at);
      if (d == std::string_view::npos || d >= limit) continue;
      std::size_t e = d + prefix.size();
      while (e < s.size() && (std::islower(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
      if (const auto name = reason_name(s.substr(d + prefix.size(), e - d - prefix.size())))
        out[*gpu].reasons.insert(*name);
    }
  }
}

void temperatures(std::string_view s, std::map<int, GpuSigns>& out) {
  // "Temperature T of GPU N exceeded user-specified maximum allowed temperature M" (the HBM
  // form, "... of HBM Memory on GPU N ...", is the memory's temperature: not the GPU's).
  constexpr std::string_view kPhrase = "Temperature ";
  for (auto at = s.find(kPhrase); at != std::string_view::npos; at = s.find(kPhrase, at + 1)) {
    std::size_t end = 0;
    const auto t = number_at(s, at + kPhrase.size(), &end);
    if (!t || s.substr(end, 8) != " of GPU ") continue;
    std::size_t e = 0;
    const auto id = gpu_id_at(s, end + 8, &e);
    if (!id || s.substr(e, 35) != " exceeded user-specified maximum al") continue;
    GpuSigns& g = out[*id];
    g.temperature_c = std::max(g.temperature_c.value_or(*t), *t);
  }
}

// "GPU N" just before `at` (within the sentence's start): the GPU a memory message names.
std::optional<int> gpu_before(std::string_view s, std::size_t at) {
  const std::size_t from = at > 24 ? at - 24 : 0;
  const auto g = s.rfind("GPU ", at);
  if (g == std::string_view::npos || g < from) return std::nullopt;
  std::size_t e = 0;
  const auto id = gpu_id_at(s, g + 4, &e);
  if (!id || s.substr(e, 1) != " ") return std::nullopt;
  return id;
}

void memory_rows(std::string_view s, std::map<int, GpuSigns>& out) {
  // "GPU N had memory errors and row remappings are pending", "GPU N has uncorrectable memory
  // errors and row remappings are pending", "GPU N had uncorrectable memory errors and row
  // remapping failed.": the GPU id comes first, then "ha[sd] ... memory errors and row remapping".
  constexpr std::string_view kPhrase = "memory errors and row remapping";
  for (auto at = s.find(kPhrase); at != std::string_view::npos; at = s.find(kPhrase, at + 1)) {
    const auto gpu = gpu_before(s, at);
    if (!gpu) continue;
    const std::string_view rest = s.substr(at + kPhrase.size(), 16);
    if (rest.rfind("s are pending", 0) == 0) out[*gpu].remap_pending = true;
    else if (rest.rfind(" failed", 0) == 0) out[*gpu].remap_failure = true;
  }
}

// dcgmi's "GPU N " right before `at` (DCGM 2.4 prints "GPU N" with no space: "GPU 0GPU 0's ..."):
// the GPU of a message whose own words name none.
std::optional<int> prefix_gpu(std::string_view s, std::size_t at) {
  std::size_t e = at;
  if (e > 0 && s[e - 1] == ' ') --e;
  std::size_t b = e;
  while (b > 0 && std::isdigit(static_cast<unsigned char>(s[b - 1]))) --b;
  if (b == e || b < 4 || s.substr(b - 4, 4) != "GPU ") return std::nullopt;
  return gpu_id_at(s, b);
}

void keep_max(std::optional<std::uint64_t>& slot, double n) {
  const auto v = static_cast<std::uint64_t>(n);
  slot = std::max(slot.value_or(v), v);
}

// DCGM's field tag at `pos` ("ecc_dbe_volatile_total"): lower-case letters, digits and '_'.
std::string_view tag_at(std::string_view s, std::size_t pos) {
  std::size_t e = pos;
  while (e < s.size() && (std::islower(static_cast<unsigned char>(s[e])) || std::isdigit(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
  return s.substr(pos, e - pos);
}

void xids(std::string_view s, std::map<int, GpuSigns>& out) {
  // "Detected XID 79 for GPU 2" (DCGM_FR_XID_ERROR_MSG).
  constexpr std::string_view kPhrase = "Detected XID ";
  for (auto at = s.find(kPhrase); at != std::string_view::npos; at = s.find(kPhrase, at + 1)) {
    std::size_t e = 0;
    const auto xid = small_int_at(s, at + kPhrase.size(), 1000, &e);
    constexpr std::string_view kFor = " for GPU ";
    if (!xid || s.substr(e, kFor.size()) != kFor) continue;
    if (const auto gpu = gpu_id_at(s, e + kFor.size())) out[*gpu].xids.insert(*xid);
  }
  // DCGM_FR_UNCONTAINED_ERROR_MSG and DCGM_FR_CONTAINED_ERROR_MSG: DcgmRecorder's sentences for Xid 95
  // and 94, which name no GPU themselves.
  for (const auto& [phrase, xid] : {std::pair<std::string_view, int>{"GPU had an uncontained error (XID 95)", 95},
                                    std::pair<std::string_view, int>{"GPU had a contained error.", 94}})
    for (auto at = s.find(phrase); at != std::string_view::npos; at = s.find(phrase, at + 1))
      if (const auto gpu = prefix_gpu(s, at)) out[*gpu].xids.insert(xid);
}

// The longest field name DCGM puts in its NVLink messages, with room to spare.
constexpr std::size_t kFieldMax = 64;

// `text` as a DCGM field name: a tag ("nvlink_replay_error_count_total") or words ("datalink layer
// replay error counter"); "" when it holds anything else (a sentence's end, another number).
std::string_view field_name(std::string_view text) {
  text = bench::trim(text);
  if (text.empty() || text.size() > kFieldMax) return {};
  for (const char c : text)
    if (!std::isalpha(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) && c != '_' && c != ' ')
      return {};
  return text;
}

void counters(std::string_view s, std::map<int, GpuSigns>& out) {
  // "Detected N <field> for GPU M" (DCGM_FR_DBE_VIOLATION_MSG, DCGM_FR_SBE_VIOLATION_MSG, their
  // _THRESHOLD_ forms), "Detected N volatile double-bit ECC error(s) in GPU M."
  // (DCGM_FR_VOLATILE_DBE_DETECTED_MSG), "Detected N <field> NvLink errors on GPU M's NVLink ..."
  // (DCGM_FR_NVLINK_ERROR_CRITICAL_MSG, DCGM_FR_NVLINK_ERROR_THRESHOLD_MSG).
  constexpr std::string_view kPhrase = "Detected ";
  for (auto at = s.find(kPhrase); at != std::string_view::npos; at = s.find(kPhrase, at + 1)) {
    std::size_t e = 0;
    const auto n = number_at(s, at + kPhrase.size(), &e);
    if (!n || s.substr(e, 1) != " ") continue;
    const std::string_view tag = tag_at(s, e + 1);
    const std::size_t rest = e + 1 + tag.size();
    constexpr std::string_view kFor = " for GPU ", kDbe = " double-bit ECC error(s) in GPU ", kNvl = " NvLink errors on GPU ";
    std::size_t g = 0;
    if (s.substr(rest, kFor.size()) == kFor) {
      const auto gpu = gpu_id_at(s, rest + kFor.size());
      if (!gpu) continue;
      if (tag == "ecc_dbe_volatile_total") keep_max(out[*gpu].dbe_volatile, *n);
      else if (tag == "ecc_sbe_volatile_total") keep_max(out[*gpu].sbe_volatile, *n);
    } else if (tag == "volatile" && s.substr(rest, kDbe.size()) == kDbe) {
      if (const auto gpu = gpu_id_at(s, rest + kDbe.size())) keep_max(out[*gpu].dbe_volatile, *n);
    } else if (const auto nvl = s.find(kNvl, e); nvl != std::string_view::npos && nvl - e <= kFieldMax) {
      // The field is DcgmRecorder's tag or the health watch's name ("datalink layer CRC error counter").
      const std::string_view field = field_name(s.substr(e + 1, nvl - e - 1));
      const auto gpu = gpu_id_at(s, nvl + kNvl.size(), &g);
      if (gpu && !field.empty() && s.substr(g, 2) == "'s") out[*gpu].nvlink_errors.push_back({std::string(field), *n, false});
    }
  }
  // "More than T single-bit ECC error(s) detected in GPU M Volatile SBEs: N" (DCGM_FR_VOLATILE_SBE_DETECTED_MSG)
  constexpr std::string_view kSbe = "single-bit ECC error(s) detected in GPU ";
  for (auto at = s.find(kSbe); at != std::string_view::npos; at = s.find(kSbe, at + 1)) {
    std::size_t e = 0, ne = 0;
    const auto gpu = gpu_id_at(s, at + kSbe.size(), &e);
    constexpr std::string_view kCount = " Volatile SBEs: ";
    if (!gpu || s.substr(e, kCount.size()) != kCount) continue;
    if (const auto n = number_at(s, e + kCount.size(), &ne)) keep_max(out[*gpu].sbe_volatile, *n);
  }
  // "R <field> NvLink errors found occuring per second on GPU M, ..." (DCGM_FR_NVLINK_CRC_ERROR_THRESHOLD_MSG,
  // DCGM's spelling): the rate (%.1f: always with a '.') and the field come before the phrase.
  constexpr std::string_view kRate = " NvLink errors found occuring per second on GPU ";
  for (auto at = s.find(kRate); at != std::string_view::npos; at = s.find(kRate, at + 1)) {
    const auto gpu = gpu_id_at(s, at + kRate.size());
    const std::size_t from = at > kFieldMax + 16 ? at - kFieldMax - 16 : 0;
    const auto toks = split_ws(s.substr(from, at - from));
    for (std::size_t i = toks.size(); gpu && i-- > 0;) {
      const std::string_view t = toks[i];
      if (t.find('.') == std::string_view::npos || t.find_first_not_of("0123456789.") != std::string_view::npos) continue;
      const std::size_t after = static_cast<std::size_t>(t.data() - s.data()) + t.size();
      const std::string_view field = field_name(s.substr(after, at - after));
      if (const auto rate = to_double(t); rate && !field.empty()) out[*gpu].nvlink_errors.push_back({std::string(field), *rate, true});
      break;
    }
  }
}

void persistence(std::string_view s, std::map<int, GpuSigns>& out) {
  // DCGM_FR_PERSISTENCE_MODE_MSG: "Persistence mode for GPU N is disabled." (3.2.5 on), "... is
  // currently disabled." (before).
  constexpr std::string_view kPhrase = "Persistence mode for GPU ";
  for (auto at = s.find(kPhrase); at != std::string_view::npos; at = s.find(kPhrase, at + 1)) {
    std::size_t e = 0;
    const auto gpu = gpu_id_at(s, at + kPhrase.size(), &e);
    if (gpu && (s.substr(e, 13) == " is disabled." || s.substr(e, 23) == " is currently disabled."))
      out[*gpu].persistence_off = true;
  }
}

}  // namespace

void read_signs(std::string_view message, std::map<int, GpuSigns>& out) {
  thermal_violations(message, out);
  clock_events(message, out);
  temperatures(message, out);
  memory_rows(message, out);
  xids(message, out);
  counters(message, out);
  persistence(message, out);
}

}  // namespace gpuaudit::imports::dcgm
