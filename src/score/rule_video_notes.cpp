// Notes, not verdicts, on the video engines (docs/video-engines.md):
//   - video encoder (NVENC) or frame-buffer capture (FBC) sessions open when a GPU's state was read
//     (an imported nvidia-smi -q's "Encoder Stats" / "FBC Stats"; core/session_stats.hpp). A person
//     reads them: the count has no owner, and an imported snapshot is as often the user's own
//     transcode as another tenant's, so no verdict and no exit code follow (a model without NVENC by
//     design is said by `info` and `baselines show`, not here: it is no finding, and on the score's
//     one screen it would be said to every A100 and H100 renter);
//   - a MIG slice with fewer video engines than its board (NVML's shared decoder, encoder, JPEG and
//     OFA counts of the slice against the board's counts in its baseline): which ones the slice lacks;
//   - an encoder error in the document (import/errors/nvenc_errors.hpp, any `nvenc-` kind) on a model
//     its baseline says has no NVENC (A100, H100, B200): the error is the model's lack of encoders,
//     said where it matters rather than to every renter of such a card.
#include "core/session_stats.hpp"
#include "score/reported_errors.hpp"
#include "score/rules.hpp"
#include "text/format.hpp"

#include <map>
#include <tuple>
#include <utility>

namespace gpuaudit {
namespace {

void session_notes(const DocScoring& d) {
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

// "0 of the board's 5 NVDEC" for each engine the slice has fewer of than its board.
void slice_engine_notes(const DocScoring& d) {
  for (const GpuScoring& g : *d.gpus) {
    const auto& b = g.ref.baseline;
    if (!g.gpu->mig.is_mig_device || !b || !b->video_engines) continue;
    const auto shared = g.gpu->mig.extra.find("shared");
    if (shared == g.gpu->mig.extra.end() || !shared->is_object()) continue;
    std::string fewer;
    for (const auto& [field, label, board] : {std::tuple{"decoder count", "NVDEC", &b->video_engines->nvdec},
                                             std::tuple{"encoder count", "NVENC", &b->video_engines->nvenc},
                                             std::tuple{"jpg count", "NVJPG", &b->video_engines->nvjpg},
                                             std::tuple{"ofa count", "OFA", &b->video_engines->ofa}}) {
      const auto n = shared->find(field);
      if (!*board || n == shared->end() || !n->is_number_integer()) continue;
      if (n->get<int>() < (*board)->value)
        fewer += (fewer.empty() ? "" : ", ") + std::to_string(n->get<int>()) + " of the board's " +
                 std::to_string((*board)->value) + " " + label;
    }
    if (fewer.empty()) continue;
    d.notes->push_back("GPU " + std::to_string(g.gpu->index) + " (MIG slice): " + fewer +
                       " (NVML's counts for the slice): the video work those engines do is not available on it, or "
                       "runs on fewer engines than the whole board's");
  }
}

void no_encoder_notes(const DocScoring& d) {
  std::string error;
  for (const auto& e : reported_errors(*d.doc))
    if (e.kind.rfind("nvenc-", 0) == 0) {
      error = e.kind;
      break;
    }
  if (error.empty()) return;
  for (const GpuScoring& g : *d.gpus) {
    const auto& b = g.ref.baseline;
    if (!b || !b->video_engines || !b->video_engines->nvenc || b->video_engines->nvenc->value != 0) continue;
    d.notes->push_back("GPU " + std::to_string(g.gpu->index) + " (" + b->model + ") has no video encoder (NVENC: 0, " +
                       b->video_engines->nvenc->source + "): the document's encoder error (" + error +
                       ") is the model's lack of encoders, not a fault; encode on the CPU, or use a GPU with NVENC");
  }
}

}  // namespace

void rule_video_notes(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& /*out*/) {
  if (!d.notes) return;
  session_notes(d);
  if (!d.gpus) return;
  slice_engine_notes(d);
  no_encoder_notes(d);
}

}  // namespace gpuaudit
