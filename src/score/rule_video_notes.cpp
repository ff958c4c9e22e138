// Notes, not verdicts, on the video engines: video encoder (NVENC) or frame-buffer capture (FBC)
//   sessions open when a GPU's state was read (an imported nvidia-smi -q's "Encoder Stats" / "FBC
//   Stats"; core/session_stats.hpp). A person reads them: the count has no owner, and an imported
//   snapshot is as often the user's own transcode as another tenant's, so no verdict and no exit
//   code follow (docs/video-engines.md).
#include "core/session_stats.hpp"
#include "score/rules.hpp"
#include "text/format.hpp"

#include <utility>

namespace gpuaudit {

void rule_video_notes(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& /*out*/) {
  if (!d.notes) return;
  for (const auto& gpu : d.doc->gpus)
    for (const auto& [key, what] : {std::pair{kEncoderStatsKey, "video encoder (NVENC)"}, std::pair{kFbcStatsKey, "frame-buffer capture (FBC)"}}) {
      const auto s = session_stats(gpu, key);
      if (!s || s->active_sessions <= 0) continue;
      d.notes->push_back("GPU " + std::to_string(gpu.index) + ": " + std::to_string(s->active_sessions) + " " + what +
                         (s->active_sessions == 1 ? " session" : " sessions") + " open when its state was read" +
                         (s->average_fps ? " (" + fmt_num(*s->average_fps, 0) + " fps on average)" : "") +
                         ": the engine was in use, by this job or another; not a fault of the card");
    }
}

}  // namespace gpuaudit
