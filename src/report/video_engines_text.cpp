// The "Video" line of `gpuaudit info` (report/video_engines_text.hpp).
#include "report/video_engines_text.hpp"

#include "core/join.hpp"
#include "core/session_stats.hpp"
#include "text/format.hpp"

#include <utility>
#include <vector>

namespace gpuaudit {

namespace {

struct Engine {
  const char* label;                          // "NVDEC"
  const std::optional<SourcedCount>* count;
};

// The slice's reported count of one engine: -q's "Decoder Count", -q -x's <decoder_count>.
std::optional<long long> shared_count(const json& shared, const std::string& word) {
  for (const std::string& k : {word + " count", word + "_count"})
    if (const auto it = shared.find(k); it != shared.end() && it->is_number_integer()) return it->get<long long>();
  return std::nullopt;
}

std::string stats_text(const SessionStats& s) {
  std::string out = std::to_string(s.active_sessions);
  std::vector<std::string> how;
  if (s.active_sessions > 0 && s.average_fps) how.push_back(fmt_num(*s.average_fps, 0) + " fps");
  if (s.active_sessions > 0 && s.average_latency_us) how.push_back(fmt_num(*s.average_latency_us, 0) + " us latency");
  return how.empty() ? out : out + " (" + join(how) + ")";
}

}  // namespace

std::string video_engines_text(const VideoEngines& v) {
  const Engine engines[] = {{"NVENC", &v.nvenc}, {"NVDEC", &v.nvdec}, {"NVJPG", &v.nvjpg}, {"OFA", &v.ofa}};
  std::vector<std::string> present, unknown;
  for (const Engine& e : engines) {
    if (!*e.count) unknown.push_back(e.label);
    else if ((*e.count)->value > 0) present.push_back(std::to_string((*e.count)->value) + " " + e.label);
  }
  if (unknown.size() == 4) return "";
  std::vector<std::string> parts;
  if (!present.empty()) parts.push_back(join(present));
  if (no_nvenc_by_design(v)) parts.push_back("no NVENC (by design of this model)");
  for (const Engine& e : engines)
    if (*e.count && (*e.count)->value == 0 && e.count != &v.nvenc) parts.push_back(std::string("no ") + e.label);
  if (!unknown.empty()) parts.push_back(join(unknown) + ": no NVIDIA count");
  if (!v.encode_codecs.empty()) parts.push_back("encodes " + join(v.encode_codecs, "/"));
  if (!v.decode_codecs.empty()) parts.push_back("decodes " + join(v.decode_codecs, "/"));
  return join(parts, "; ");
}

std::string slice_engines_text(const GpuInfo& gpu) {
  if (!gpu.mig.is_mig_device || !gpu.mig.extra.is_object()) return "";
  const auto it = gpu.mig.extra.find("shared");
  if (it == gpu.mig.extra.end() || !it->is_object()) return "";
  std::vector<std::string> parts;
  for (const auto& [word, label] : {std::pair{"encoder", "NVENC"}, std::pair{"decoder", "NVDEC"}, std::pair{"jpg", "NVJPG"},
                                    std::pair{"ofa", "OFA"}})
    if (const auto n = shared_count(*it, word)) parts.push_back(std::to_string(*n) + " " + label);
  return parts.empty() ? "" : "this slice: " + join(parts);
}

std::string session_stats_text(const GpuInfo& gpu) {
  std::vector<std::string> parts;
  if (const auto e = session_stats(gpu, kEncoderStatsKey)) parts.push_back("encoder sessions open: " + stats_text(*e));
  if (const auto f = session_stats(gpu, kFbcStatsKey); f && f->active_sessions > 0)
    parts.push_back("frame-capture (FBC) sessions open: " + stats_text(*f));
  return join(parts, "; ");
}

const VideoEngines* model_video_engines(const BaselineMatch& m) {
  // The reference model of an architecture (a fallback) or a vGPU's parent board is not this card.
  const bool own_model = m.baseline && m.method != "architecture-fallback" && m.method != "vgpu-profile" && m.method != "none";
  return own_model && m.baseline->video_engines ? &*m.baseline->video_engines : nullptr;
}

std::string video_line(const GpuInfo& gpu, const VideoEngines* model) {
  std::vector<std::string> parts;
  const std::string engines = gpu.mig.is_mig_device ? slice_engines_text(gpu) : model ? video_engines_text(*model) : "";
  if (!engines.empty()) parts.push_back(engines);
  if (const std::string s = session_stats_text(gpu); !s.empty()) parts.push_back(s);
  return join(parts, "; ");
}

}  // namespace gpuaudit
