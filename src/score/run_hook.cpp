// The end of `gpuaudit run`: score the fresh document against the installed baselines, print the
// assessment on one screen and store it in the document. Lives in the host library (not the CLI) so every
// binary that runs suites gets it; a missing baseline set leaves the run unscored, not failed.
#include "core/error.hpp"
#include "run/suite.hpp"
#include "score/installed_score.hpp"

#include <cstdio>

namespace gpuaudit {
namespace {

int score_after_run(ResultDocument& doc) {
  try {
    const InstalledScore s = score_with_installed_baselines(doc, 1);
    const std::string text = "\n" + s.screen;
    std::fwrite(text.data(), 1, text.size(), stdout);
    return s.exit_code;
  } catch (const Error& e) {
    std::fprintf(stderr, "gpuaudit: not scored: %s (score it later with `gpuaudit score FILE --baselines DIR`)\n",
                 e.what());
    return 0;
  }
}

const RegisterPostRunHook score_hook{score_after_run};

}  // namespace
}  // namespace gpuaudit
