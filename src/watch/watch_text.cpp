#include "watch/watch_text.hpp"

#include "text/format.hpp"
#include "text/strings.hpp"
#include "text/wrap.hpp"

namespace gpuaudit {

namespace {

std::string duration_text(double s) {
  if (s < 60) return fmt_num(s, 1) + " s";
  const long total = static_cast<long>(s + 0.5);
  if (total < 3600) return std::to_string(total / 60) + " min " + std::to_string(total % 60) + " s";
  return std::to_string(total / 3600) + " h " + std::to_string(total % 3600 / 60) + " min";
}

std::string how_it_ended(const WatchRecord& r) {
  if (!r.finished) return "still running at the last checkpoint";
  if (r.attached_pids.size() > 1) {
    std::string ids;
    for (int p : r.attached_pids) ids += (ids.empty() ? "" : ", ") + std::to_string(p);
    return "processes " + ids + (r.still_running ? " run on (watching stopped)" : " ended");
  }
  if (r.attached_pid)
    return "process " + std::to_string(*r.attached_pid) + (r.still_running ? " runs on (watching stopped)" : " ended");
  if (r.signal) return "ended by " + *r.signal + " (exit " + std::to_string(r.exit_code.value_or(-1)) + ")";
  return "exit " + std::to_string(r.exit_code.value_or(-1));
}

std::string label(const WatchDiagnosis& d) {
  std::string o = d.id;
  if (d.gpu || !d.cause.empty()) {
    o += " (";
    if (d.gpu) o += "GPU " + std::to_string(*d.gpu);
    if (!d.cause.empty()) o += std::string(d.gpu ? ", " : "") + d.cause;
    o += ")";
  }
  return o;
}

std::string cost_text(const WatchCost& c) {
  std::string o = "cost: " + fmt_num(c.price_per_hour, 2) + " " + c.currency + "/h at " + fmt_num(c.units_per_s, 1) +
                  " " + c.unit + "/s is " + fmt_num(c.per_million_units, 2) + " " + c.currency + " per 1M " + c.unit;
  if (c.at_full_busy)
    o += "; " + fmt_num(*c.at_full_busy, 2) + " " + c.currency + " had the GPUs been busy the whole run (if they were its only limit)";
  return o;
}

}  // namespace

std::string watch_text(const WatchRecord& r, std::size_t width) {
  std::string o = wrap("watch: `" + shell_words(r.command) + "` ran " + duration_text(r.elapsed_s) + ", " + how_it_ended(r),
                       width);
  if (!r.gpu_unread.empty()) o += wrap("GPUs not read: " + r.gpu_unread, width, "  ", "    ");
  if (!r.metric_regex.empty())
    o += wrap("metric '" + r.metric_regex + "': " + std::to_string(r.metric.size()) + " readings", width, "  ", "    ");
  for (const auto& d : r.diagnoses) {
    o += wrap(label(d) + ": " + d.summary, width, "  ", "    ");
    for (const auto& e : d.evidence) o += wrap(e, width, "    - ", "      ");
  }
  if (r.diagnoses.empty() && r.finished) o += wrap("no diagnosis: the job ended before the first interval", width, "  ", "    ");
  if (r.cost) o += wrap(cost_text(*r.cost), width, "  ", "    ");
  return o;
}

}  // namespace gpuaudit
