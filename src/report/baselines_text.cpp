#include "report/baselines_text.hpp"

#include "core/join.hpp"
#include "text/escape.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"
#include "text/wrap.hpp"

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

// "source: ..." or "note: ..." under a figure, in the value column, wrapped to `width` with its
// continuation lines in that column too (a repository path is a long word: indenting it further
// would push more of them past the edge).
std::string under(std::string_view what, std::string_view text, std::size_t width) {
  const std::string column = "  " + pad("", 16);
  return wrap(text, width, column + std::string(what) + ": ", column);
}

// One datasheet figure; its source unless it is the shared one printed above the block.
void line(std::ostringstream& o, const char* label, const std::optional<Sourced>& v, const char* unit,
          const std::string& shared_source, std::size_t width) {
  if (!v) return;
  o << "  " << pad(label, 16) << figure(v->value) << " " << unit << (v->uncertain ? "  (uncertain)" : "") << "\n";
  if (v->source != shared_source) o << under("source", v->source, width);
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
void video_engine_lines(std::ostream& o, const VideoEngines& v, std::size_t width) {
  o << "Video engines (NVIDIA's tables; an engine not listed: no NVIDIA count)\n";
  std::string shown_source;
  for (const auto& [label, c] : {std::pair{"NVENC", &v.nvenc}, std::pair{"NVDEC", &v.nvdec}, std::pair{"NVJPG", &v.nvjpg},
                                 std::pair{"OFA", &v.ofa}}) {
    if (!*c) continue;
    o << "  " << pad(label, 16) << (*c)->value << ((*c)->value == 0 && c == &v.nvenc ? "  (none by design)" : "")
      << ((*c)->uncertain ? "  (uncertain)" : "") << "\n";
    if ((*c)->source != shown_source) o << under("source", shown_source = (*c)->source, width);
  }
}

}  // namespace

// The model's name is the last column, cut with "..." where the line would pass `width`: the id
// beside it names the model whole (and `baselines show ID` prints it).
std::string baselines_list_text(const BaselineSet& set, std::size_t width) {
  TextTable t({{"ID", "SMs", "MEM GB", "BW GB/s", "BF16 TF", "MODEL"}});
  t.align = {Align::left, Align::right, Align::right, Align::right, Align::right, Align::left};
  for (const Baseline& b : set.models)
    t.rows.push_back({b.id, std::to_string(b.sm_count) + (b.sm_count_uncertain ? "?" : ""),
                      b.memory_gib ? fmt_num(*b.memory_gib, 0) : "?", brief(b.memory_bandwidth_gbs),
                      brief(b.bf16_tensor_tflops), b.model});
  // The columns before the name, with their gaps (ids and figures are ASCII: bytes are columns).
  std::size_t before_model = 0;
  for (std::size_t c = 0; c + 1 < t.rows.front().size(); ++c) {
    std::size_t widest = 0;
    for (const auto& row : t.rows) widest = std::max(widest, row[c].size());
    before_model += widest + t.gap.size();
  }
  const std::size_t model_width = std::max<std::size_t>(width > before_model ? width - before_model : 0, 12);
  for (auto& row : t.rows)
    if (row.back().size() > model_width) row.back() = row.back().substr(0, model_width - 3) + "...";
  std::ostringstream o;
  o << render_table(t);
  o << wrap(std::to_string(set.models.size()) + " models, baseline set " + set.version + " (" + set.dir.string() +
                "); '?' marks an uncertain figure, BF16 is dense tensor peak",
            width);
  return terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

std::string baseline_show_text(const Baseline& b, std::size_t width) {
  std::ostringstream o;
  o << b.model << "  [" << b.id << "]\n";
  auto field = [&](const char* label, const std::string& value) { o << wrap(value, width, "  " + pad(label, 16), std::string(18, ' ')); };
  field("nvidia-smi", join(b.nvidia_smi_names) + (b.nvidia_smi_names_uncertain ? "  (by analogy)" : ""));
  field("PCI device id", join(b.pci_device_ids));
  field("architecture", b.architecture + (b.chip.empty() ? "" : " (" + b.chip + ")") + ", cc " + b.compute_capability +
                            (b.architecture_reference ? ", reference model of its architecture" : ""));
  field("SMs", std::to_string(b.sm_count) + (b.sm_count_uncertain ? "  (uncertain)" : ""));
  field("memory", (b.memory_gib ? fmt_num(*b.memory_gib, 0) + " GB" : "?") + " " + b.memory_type +
                      (b.memory_bus_width_bits ? ", " + std::to_string(*b.memory_bus_width_bits) + "-bit" : "") +
                      (b.memory_mib_reported ? ", nvidia-smi shows " + fmt_num(*b.memory_mib_reported, 0) + " MiB" : ""));
  field("host link", b.host_interface);
  const std::string shared = common_source(b);
  o << "Datasheet\n";
  if (!shared.empty()) o << wrap("source (unless another is given): " + shared, width, "  ", "    ");
  line(o, "boost clock", b.boost_clock_mhz, "MHz", shared, width);
  line(o, "memory BW", b.memory_bandwidth_gbs, "GB/s", shared, width);
  line(o, "FP32", b.fp32_tflops, "TFLOP/s", shared, width);
  line(o, "FP64", b.fp64_tflops, "TFLOP/s", shared, width);
  line(o, "FP16 tensor", b.fp16_tensor_tflops, "TFLOP/s dense", shared, width);
  line(o, "BF16 tensor", b.bf16_tensor_tflops, "TFLOP/s dense", shared, width);
  line(o, "TF32 tensor", b.tf32_tensor_tflops, "TFLOP/s dense", shared, width);
  line(o, "FP8 tensor", b.fp8_tensor_tflops, "TFLOP/s dense", shared, width);
  line(o, "TDP", b.tdp_w, "W", shared, width);
  line(o, "L2", b.l2_mb, "MB", shared, width);
  if (b.nvlink_gbs) line(o, "NVLink", b.nvlink_gbs, "GB/s", shared, width);
  else o << "  " << pad("NVLink", 16) << "none\n";
  if (b.temperature_slowdown_c || b.temperature_shutdown_c || b.temperature_max_operating_c) {
    // Whole degrees, as nvidia-smi prints them; the three usually share one source, printed once.
    o << "Temperature thresholds (what nvidia-smi -q reports for the model)\n";
    std::string shown_source;
    for (const auto& [label, v] : {std::pair{"slowdown", &b.temperature_slowdown_c}, std::pair{"shutdown", &b.temperature_shutdown_c},
                                   std::pair{"max operating", &b.temperature_max_operating_c}}) {
      if (!*v) continue;
      o << "  " << pad(label, 16) << fmt_num((*v)->value, 0) << " C" << ((*v)->uncertain ? "  (uncertain)" : "") << "\n";
      if ((*v)->source != shown_source) o << under("source", shown_source = (*v)->source, width);
    }
  }
  o << "Expected on a healthy card\n";
  for (const auto& [family, e] : b.expected) {
    o << "  " << pad(family, 16) << (e.unit == "count" ? fmt_num(e.value, 0) : figure(e.value)) << " " << e.unit << (e.uncertain ? "  (uncertain)" : "")
      << (e.tolerance ? "  tolerance " + fmt_num(*e.tolerance * 100, 0) + "%" : "") << "\n";
    o << under("source", e.source, width);
    if (!e.note.empty()) o << under("note", e.note, width);
  }
  if (!b.mig_profiles.empty()) {
    o << "MIG profiles (SMs, memory slices of 8, max instances)\n";
    for (const MigProfile& p : b.mig_profiles)
      o << "  " << pad(p.name, 16) << lpad(p.sm_count ? std::to_string(*p.sm_count) : "?", 3)
        << (p.uncertain ? "?" : " ") << " SMs  " << p.memory_slices << "/8  x" << fmt_opt(p.max_instances)
        << (p.memory_gib ? "  " + fmt_num(*p.memory_gib, 2) + " GiB" : "") << "\n";
    o << wrap("source: " + b.mig_profiles.front().source, width, "  ", "    ");
  }
  if (b.video_engines) video_engine_lines(o, *b.video_engines, width);
  if (!b.notes.empty()) o << "Notes\n" << wrap(b.notes, width, "  ", "  ");
  o << "Sources\n";
  for (const auto& s : b.sources) o << wrap(s, width, "  ", "    ");
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
