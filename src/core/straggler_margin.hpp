// How far below its peers' median a figure makes a straggler: score's rule for a GPU among the
// same model's GPUs of one document (score/rule_straggler.cpp, its default threshold), and report's
// straggler nodes among the documents of one group (report/fleet_stragglers.cpp). One number, so a
// GPU and a node are called slow by the same measure.
#pragma once

namespace gpuaudit {

inline constexpr double kStragglerMargin = 0.10;

}  // namespace gpuaudit
