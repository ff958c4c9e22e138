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
  // The codec families the model's NVENC and NVDEC generations support ("H.264", "HEVC", "AV1";
  // decode also "MPEG-2", "VC-1", "VP8", "VP9"), from the matrix's cells for the generation
  // (baselines/source/video_codecs.json); empty where the matrix gives none (no encoder, or a
  // generation whose rows disagree), with where they were read.
  std::vector<std::string> encode_codecs;
  std::vector<std::string> decode_codecs;
  std::string codecs_source;
};
GA_JSON_VALUE(VideoEngines, nvenc, nvdec, nvjpg, ofa, encode_codecs, decode_codecs, codecs_source)

// What is wrong with one model's counts ("video_engines.nvdec has no source"): a negative count,
// a count without a source; empty when they are sound.
std::vector<std::string> video_engine_problems(const VideoEngines& v);

// NVIDIA lists the model with no encoder at all (A100, H100: data-centre compute parts). That is
// information about the model, never a fault of the card.
bool no_nvenc_by_design(const VideoEngines& v);

}  // namespace gpuaudit
