#include "report/baselines_text.hpp"

#include "core/join.hpp"
#include "text/escape.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <utility>

namespace gpuaudit {
namespace {

// "3352", "0.47", "989.4?" -- enough digits for the size of the number, '?' when uncertain.
std::string figure(double v) {
  if (v >= 100) return fmt_num(v, 0);
  if (v >= 10) return fmt_num(v, 1);
  return fmt_num(v, 2);
}

std::string brief(const std::optional<Sourced>& v) {
  if (!v) return "-";
  return figure(v->value) + (v->uncertain ? "?" : "");
}

// For the label column of the show blocks: labels are gpuaudit's own ASCII, so bytes are columns.
std::string pad(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}


std::string lpad(std::string s, std::size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
  return s;
}

// One datasheet figure; its source unless it is the shared one printed above the block.
void line(std::ostringstream& o, const char* label, const std::optional<Sourced>& v, const char* unit,
          const std::string& shared_source) {
  if (!v) return;
  o << "  " << pad(label, 16) << figure(v->value) << " " << unit << (v->uncertain ? "  (uncertain)" : "") << "\n";
  if (v->source != shared_source) o << "  " << pad("", 16) << "source: " << v->source << "\n";
}

// The source most datasheet figures of a model share (they usually come from one list).
std::string common_source(const Baseline& b) {
  std::map<std::string, int> count;
  for (const auto* v : {&b.boost_clock_mhz, &b.memory_bandwidth_gbs, &b.fp32_tflops, &b.fp64_tflops,
                        &b.fp16_tensor_tflops, &b.bf16_tensor_tflops, &b.tf32_tensor_tflops, &b.fp8_tensor_tflops,
                        &b.tdp_w, &b.l2_mb, &b.nvlink_gbs})
    if (*v) ++count[(*v)->source];
  std::string best;
  int most = 1;  // a source used once is printed on its own line
  for (const auto& [source, n] : count)
    if (n > most) most = n, best = source;
  return best;
}

// The model's video engines from NVIDIA's tables (docs/video-engines.md): each count, "none by
// design" for an NVENC of 0, each source once; an engine without a count is not listed.
void video_engine_lines(std::ostream& o, const VideoEngines& v) {
  o << "Video engines (NVIDIA's tables; an engine not listed: no NVIDIA count)\n";
  std::string shown_source;
  for (const auto& [label, c] : {std::pair{"NVENC", &v.nvenc}, std::pair{"NVDEC", &v.nvdec}, std::pair{"NVJPG", &v.nvjpg},
                                 std::pair{"OFA", &v.ofa}}) {
    if (!*c) continue;
    o << "  " << pad(label, 16) << (*c)->value << ((*c)->value == 0 && c == &v.nvenc ? "  (none by design)" : "")
      << ((*c)->uncertain ? "  (uncertain)" : "") << "\n";
    if ((*c)->source != shown_source) o << "  " << pad("", 16) << "source: " << (shown_source = (*c)->source) << "\n";
  }
}

}  // namespace

std::string baselines_list_text(const BaselineSet& set) {
  TextTable t({{"ID", "MODEL", "SMs", "MEM GB", "BW GB/s", "BF16 TF"}});
  t.align = {Align::left, Align::left, Align::right, Align::right, Align::right, Align::right};
  for (const Baseline& b : set.models)
    t.rows.push_back({b.id, b.model, std::to_string(b.sm_count) + (b.sm_count_uncertain ? "?" : ""),
                      b.memory_gib ? fmt_num(*b.memory_gib, 0) : "?", brief(b.memory_bandwidth_gbs),
                      brief(b.bf16_tensor_tflops)});
  std::ostringstream o;
  o << render_table(t);
  o << set.models.size() << " models, baseline set " << set.version << " (" << set.dir.string()
    << "); '?' marks an uncertain figure, BF16 is dense tensor peak\n";
  return terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

std::string baseline_show_text(const Baseline& b) {
  std::ostringstream o;
  o << b.model << "  [" << b.id << "]\n";
  o << "  " << pad("nvidia-smi", 16) << join(b.nvidia_smi_names) << (b.nvidia_smi_names_uncertain ? "  (by analogy)" : "")
    << "\n";
  o << "  " << pad("PCI device id", 16) << join(b.pci_device_ids) << "\n";
  o << "  " << pad("architecture", 16) << b.architecture << (b.chip.empty() ? "" : " (" + b.chip + ")") << ", cc "
    << b.compute_capability << (b.architecture_reference ? ", reference model of its architecture" : "") << "\n";
  o << "  " << pad("SMs", 16) << b.sm_count << (b.sm_count_uncertain ? "  (uncertain)" : "") << "\n";
  o << "  " << pad("memory", 16) << (b.memory_gib ? fmt_num(*b.memory_gib, 0) + " GB" : "?") << " " << b.memory_type
    << (b.memory_bus_width_bits ? ", " + std::to_string(*b.memory_bus_width_bits) + "-bit" : "")
    << (b.memory_mib_reported ? ", nvidia-smi shows " + fmt_num(*b.memory_mib_reported, 0) + " MiB" : "") << "\n";
  o << "  " << pad("host link", 16) << b.host_interface << "\n";
  const std::string shared = common_source(b);
  o << "Datasheet\n";
  if (!shared.empty()) o << "  source (unless another is given): " << shared << "\n";
  line(o, "boost clock", b.boost_clock_mhz, "MHz", shared);
  line(o, "memory BW", b.memory_bandwidth_gbs, "GB/s", shared);
  line(o, "FP32", b.fp32_tflops, "TFLOP/s", shared);
  line(o, "FP64", b.fp64_tflops, "TFLOP/s", shared);
  line(o, "FP16 tensor", b.fp16_tensor_tflops, "TFLOP/s dense", shared);
  line(o, "BF16 tensor", b.bf16_tensor_tflops, "TFLOP/s dense", shared);
  line(o, "TF32 tensor", b.tf32_tensor_tflops, "TFLOP/s dense", shared);
  line(o, "FP8 tensor", b.fp8_tensor_tflops, "TFLOP/s dense", shared);
  line(o, "TDP", b.tdp_w, "W", shared);
  line(o, "L2", b.l2_mb, "MB", shared);
  if (b.nvlink_gbs) line(o, "NVLink", b.nvlink_gbs, "GB/s", shared);
  else o << "  " << pad("NVLink", 16) << "none\n";
  if (b.temperature_slowdown_c || b.temperature_shutdown_c || b.temperature_max_operating_c) {
    // Whole degrees, as nvidia-smi prints them; the three usually share one source, printed once.
    o << "Temperature thresholds (what nvidia-smi -q reports for the model)\n";
    std::string shown_source;
    for (const auto& [label, v] : {std::pair{"slowdown", &b.temperature_slowdown_c}, std::pair{"shutdown", &b.temperature_shutdown_c},
                                   std::pair{"max operating", &b.temperature_max_operating_c}}) {
      if (!*v) continue;
      o << "  " << pad(label, 16) << fmt_num((*v)->value, 0) << " C" << ((*v)->uncertain ? "  (uncertain)" : "") << "\n";
      if ((*v)->source != shown_source) o << "  " << pad("", 16) << "source: " << (shown_source = (*v)->source) << "\n";
    }
  }
  o << "Expected on a healthy card\n";
  for (const auto& [family, e] : b.expected) {
    o << "  " << pad(family, 16) << (e.unit == "count" ? fmt_num(e.value, 0) : figure(e.value)) << " " << e.unit << (e.uncertain ? "  (uncertain)" : "")
      << (e.tolerance ? "  tolerance " + fmt_num(*e.tolerance * 100, 0) + "%" : "") << "\n";
    o << "  " << pad("", 16) << "source: " << e.source << "\n";
    if (!e.note.empty()) o << "  " << pad("", 16) << "note: " << e.note << "\n";
  }
  if (!b.mig_profiles.empty()) {
    o << "MIG profiles (SMs, memory slices of 8, max instances)\n";
    for (const MigProfile& p : b.mig_profiles)
      o << "  " << pad(p.name, 16) << lpad(p.sm_count ? std::to_string(*p.sm_count) : "?", 3)
        << (p.uncertain ? "?" : " ") << " SMs  " << p.memory_slices << "/8  x" << fmt_opt(p.max_instances)
        << (p.memory_gib ? "  " + fmt_num(*p.memory_gib, 2) + " GiB" : "") << "\n";
    o << "  source: " << b.mig_profiles.front().source << "\n";
  }
  if (b.video_engines) video_engine_lines(o, *b.video_engines);
  if (!b.notes.empty()) o << "Notes\n  " << b.notes << "\n";
  o << "Sources\n";
  for (const auto& s : b.sources) o << "  " << s << "\n";
  return terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

std::string baselines_check_text(const BaselineSet& set, const std::vector<std::string>& problems) {
  std::ostringstream o;
  for (const auto& p : problems) o << p << "\n";
  if (problems.empty())
    o << "baseline set " << set.version << ": " << set.models.size() << " models, no problems\n";
  else
    o << "baseline set " << set.version << ": " << problems.size() << " problem(s) in " << set.models.size()
      << " models\n";
  return terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

}  // namespace gpuaudit
