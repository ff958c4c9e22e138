// Scoring a fresh document at the end of the command that made it (`run`, `watch`): against the
// installed baselines, stored in the document, with the one screen for the terminal on `fd`.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

struct InstalledScore {
  int exit_code = 0;   // score's (exit_codes.hpp)
  std::string screen;  // the assessment's one screen, ending in a line break
};

// Throws Error when no baseline set can be read (the caller leaves the document unscored).
InstalledScore score_with_installed_baselines(ResultDocument& doc, int fd);

}  // namespace gpuaudit
