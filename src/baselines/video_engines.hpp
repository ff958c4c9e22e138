// The video engines a model has by NVIDIA's own tables (a baseline's "video_engines"): how many
// NVENC (encoders), NVDEC (decoders), NVJPG (JPEG decoders) and OFA (optical flow accelerators),
// each count with its source. An engine no NVIDIA table gave is absent (unknown), never 0.
// Sources and what is done: docs/video-engines.md.
#pragma once

#include "core/json.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// A count with where it came from; `uncertain`: taken from a sibling board's row or column.
struct SourcedCount {
  int value = 0;
  std::string source;
  bool uncertain = false;
};
GA_JSON_VALUE(SourcedCount, value, source, uncertain)

struct VideoEngines {
  std::optional<SourcedCount> nvenc;
  std::optional<SourcedCount> nvdec;
  std::optional<SourcedCount> nvjpg;
  std::optional<SourcedCount> ofa;
};
GA_JSON_VALUE(VideoEngines, nvenc, nvdec, nvjpg, ofa)

// What is wrong with one model's counts ("video_engines.nvdec has no source"): a negative count,
// a count without a source; empty when they are sound.
std::vector<std::string> video_engine_problems(const VideoEngines& v);

// NVIDIA lists the model with no encoder at all (A100, H100: data-centre compute parts). That is
// information about the model, never a fault of the card.
bool no_nvenc_by_design(const VideoEngines& v);

}  // namespace gpuaudit
