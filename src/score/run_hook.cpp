// The end of `gpuaudit run`: score the fresh document against the installed baselines, print the
// assessment and store it in the document. Lives in the host library (not the CLI) so every
// binary that runs suites gets it; a missing baseline set leaves the run unscored, not failed.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "run/suite.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"

#include <cstdio>

namespace gpuaudit {
namespace {

int score_after_run(ResultDocument& doc) {
  try {
    const BaselineSet set = load_baselines(default_baselines_dir());
    const int code = score_document(doc, reference_lookup(set), set.version, Thresholds{});
    const std::string text = "\n" + assessment_text(*doc.assessment);
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
