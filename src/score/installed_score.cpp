#include "score/installed_score.hpp"

#include "baselines/baseline_set.hpp"
#include "score/assess.hpp"
#include "score/assessment_summary.hpp"
#include "score/baseline_lookup.hpp"
#include "text/terminal.hpp"

namespace gpuaudit {

InstalledScore score_with_installed_baselines(ResultDocument& doc, int fd) {
  const BaselineSet set = load_baselines(default_baselines_dir());
  InstalledScore s;
  s.exit_code = score_document(doc, reference_lookup(set), set.version, Thresholds{});
  SummaryStyle style;
  style.width = terminal_width(fd);
  style.colour = colour_wanted(fd);
  style.details_hint = "`gpuaudit score -v` on the document: the evidence and every figure";
  s.screen = assessment_summary(*doc.assessment, style);
  return s;
}

}  // namespace gpuaudit
