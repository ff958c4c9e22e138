// Finds decay in a soak timeline. Pure host code, tested on synthetic timelines.
//
// The first window is the first minute (or the first third of a shorter run); the steady state is
// the last third. Medians of each are compared, so a single slow interval cannot make a verdict.
// A drop time is the first point after the first window that is below (1 - threshold) x first,
// with the median of every point from there on also below: the moment it fell and stayed down.
#pragma once

#include "soak/timeline.hpp"

namespace gpuaudit {

struct DecayOptions {
  double first_window_s = 60;
  double steady_fraction = 1.0 / 3;  // the last third of the run
  double threshold = 0.05;           // a drop of 5% or more is decay
  double min_stable_s = 120;         // shorter runs without decay are "too-short", not "stable"
};

SoakDecay detect_decay(const std::vector<SoakPoint>& points, const DecayOptions& opt = {});

}  // namespace gpuaudit
