// Checks of a model's video engine counts (baselines' "video_engines").
#include "baselines/video_engines.hpp"

namespace gpuaudit {

std::vector<std::string> video_engine_problems(const VideoEngines& v) {
  std::vector<std::string> out;
  const auto check = [&](const char* name, const std::optional<SourcedCount>& c) {
    if (!c) return;
    if (c->value < 0) out.push_back(std::string("video_engines.") + name + " must not be negative");
    if (c->source.empty()) out.push_back(std::string("video_engines.") + name + " has no source");
  };
  check("nvenc", v.nvenc);
  check("nvdec", v.nvdec);
  check("nvjpg", v.nvjpg);
  check("ofa", v.ofa);
  if ((!v.encode_codecs.empty() || !v.decode_codecs.empty()) && v.codecs_source.empty())
    out.push_back("video_engines' codecs have no source");
  if (!v.encode_codecs.empty() && no_nvenc_by_design(v)) out.push_back("video_engines: encode codecs on a model without NVENC");
  return out;
}

bool no_nvenc_by_design(const VideoEngines& v) { return v.nvenc && v.nvenc->value == 0; }

}  // namespace gpuaudit
