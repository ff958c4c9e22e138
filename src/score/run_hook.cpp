// The end of `gpuaudit run`: score the fresh document against the installed baselines, print the
// assessment on one screen and store it in the document. Lives in the host library (not the CLI) so every
// binary that runs suites gets it; a missing baseline set leaves the run unscored, not failed.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "run/suite.hpp"
#include "score/assess.hpp"
#include "score/assessment_summary.hpp"
#include "score/baseline_lookup.hpp"
#include "text/terminal.hpp"

#include <cstdio>

namespace gpuaudit {
namespace {

int score_after_run(ResultDocument& doc) {
  try {
    const BaselineSet set = load_baselines(default_baselines_dir());
    const int code = score_document(doc, reference_lookup(set), set.version, Thresholds{});
    SummaryStyle style;
    style.width = terminal_width(1);
    style.colour = colour_wanted(1);
    style.details_hint = "`gpuaudit score -v` on the document: the evidence and every figure";
    const std::string text = "\n" + assessment_summary(*doc.assessment, style);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return code;
  } catch (const Error& e) {
    std::fprintf(stderr, "gpuaudit: not scored: %s (score it later with `gpuaudit score FILE --baselines DIR`)\n",
                 e.what());
    return 0;
  }
}

const RegisterPostRunHook score_hook{score_after_run};

}  // namespace
}  // namespace gpuaudit
