#include "watch/traffic_diagnoses.hpp"

#include "core/pcie_rate.hpp"
#include "text/format.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

std::string pct(double share) { return fmt_num(share * 100, 0) + "%"; }

}  // namespace

std::optional<WatchDiagnosis> pcie_bound(const WatchGpuTimeline& g, const TrafficRules& rules) {
  int readings = 0, near = 0;
  double peak = 0, link = 0;
  bool to_gpu = false;
  for (const auto& p : g.points) {
    if (!p.pcie_tx_gbs && !p.pcie_rx_gbs) continue;
    if (!p.pcie_gen || !p.pcie_width) continue;
    const double rate = pcie_lane_gbs(*p.pcie_gen) * *p.pcie_width;
    if (rate <= 0) continue;
    ++readings;
    const double tx = p.pcie_tx_gbs.value_or(0), rx = p.pcie_rx_gbs.value_or(0);
    const double most = std::max(tx, rx);
    const bool gpu_busy = p.util_pct && *p.util_pct >= rules.busy_pct;
    if (most >= rules.link_share * rate && !gpu_busy) {
      ++near;
      if (most > peak) peak = most, link = rate, to_gpu = rx >= tx;
    }
  }
  if (readings < rules.min_readings || near < rules.share * readings || near == 0) return std::nullopt;
  WatchDiagnosis d;
  d.id = "pcie-bound";
  d.gpu = g.gpu;
  d.cause = to_gpu ? "to-gpu" : "from-gpu";
  d.share = static_cast<double>(near) / readings;
  d.summary = "GPU " + std::to_string(g.gpu) + " waited on its PCIe link: copies " + (to_gpu ? "to" : "from") +
              " it ran near the link's rate while it was not busy in " + pct(d.share) + " of the readings";
  d.evidence.push_back(std::to_string(near) + " of " + std::to_string(readings) + " PCIe readings at " +
                       pct(rules.link_share) + " or more of the link's " + fmt_num(link, 1) + " GB/s each way with the GPU under " +
                       fmt_num(rules.busy_pct, 0) + "% busy; the most " + fmt_num(peak, 1) + " GB/s " + (to_gpu ? "to" : "from") +
                       " the GPU (NVML counts 20 ms per reading)");
  d.evidence.push_back("pinned host memory, larger transfers, copies overlapped with compute, or a wider link would help; "
                       "`gpuaudit check` measures what this link gives");
  return d;
}

std::optional<WatchDiagnosis> video_engine_busy(const WatchGpuTimeline& g, const TrafficRules& rules) {
  int readings = 0, dec = 0, enc = 0;
  for (const auto& p : g.points) {
    if (!p.decoder_pct && !p.encoder_pct) continue;
    ++readings;
    if (p.decoder_pct && *p.decoder_pct >= rules.engine_pct) ++dec;
    if (p.encoder_pct && *p.encoder_pct >= rules.engine_pct) ++enc;
  }
  const int most = std::max(dec, enc);
  if (readings < rules.min_readings || most == 0 || most < rules.share * readings) return std::nullopt;
  const bool decoder = dec >= enc;
  const std::string engines = decoder ? "NVDEC (decoder)" : "NVENC (encoder)";
  WatchDiagnosis d;
  d.id = "video-engine-busy";
  d.gpu = g.gpu;
  d.cause = decoder ? "decoder" : "encoder";
  d.share = static_cast<double>(most) / readings;
  d.summary = "GPU " + std::to_string(g.gpu) + "'s " + engines + " engines were at their limit in " + pct(d.share) +
              " of the run: the job's video " + (decoder ? "decoding" : "encoding") + " goes as fast as they do";
  d.evidence.push_back(std::to_string(most) + " of " + std::to_string(readings) + " intervals with NVML's " +
                       (decoder ? "decoder" : "encoder") + " utilisation at " + fmt_num(rules.engine_pct, 0) + "% or more");
  d.evidence.push_back("more engines (a model with more " + std::string(decoder ? "NVDEC" : "NVENC") +
                       ", a whole GPU rather than a MIG slice), fewer or smaller streams, or the CPU for some of them");
  return d;
}

}  // namespace gpuaudit
