#include "soak/soak_text.hpp"

#include "text/escape.hpp"
#include "text/format.hpp"
#include "text/wrap.hpp"

namespace gpuaudit {
namespace {

// "WRONG RESULTS: 2 of 10 checks differ ...", or that every check read the same bits.
std::string output_check_text(const SoakOutputCheck& c) {
  if (c.mismatched_checks == 0) return "output checked " + plural(c.checks, "time", "times") + ": the same bits every time";
  return "WRONG RESULTS: " + std::to_string(c.mismatched_checks) + " of " + plural(c.checks, "check", "checks") +
         " differ from the first interval's output; first: " + std::to_string(c.mismatches) + " of " +
         std::to_string(c.elements) + " words differ, first at element " + std::to_string(c.first_element.value_or(0)) +
         " (t=" + fmt_num(c.first_t_s.value_or(0), 0) + " s)";
}

}  // namespace

std::string soak_text(const SoakRecord& rec, std::size_t width) {
  std::string o = wrap("soak: " + fmt_num(rec.elapsed_s / 60, 1) + " of " + fmt_num(rec.minutes_requested, 1) + " min" +
                           (rec.interrupted ? " (interrupted)" : "") + "; " + rec.workload,
                       width, "", "  ");
  for (const auto& g : rec.gpus) {
    const std::string head = "GPU " + std::to_string(g.gpu) + " " + g.name + ": ";
    if (!g.error.empty()) o += wrap(head + "workload failed: " + g.error, width, "", "  ");
    else if (g.decay) o += wrap(head + g.decay->verdict + " - " + g.decay->summary, width, "", "  ");
    else o += wrap(head + "no point recorded", width, "", "  ");
    if (g.error.empty() && g.output_check) o += wrap(output_check_text(*g.output_check), width, "  ", "    ");
  }
  return terminal_text(o);  // GPU names and CUDA messages come from outside
}

}  // namespace gpuaudit
