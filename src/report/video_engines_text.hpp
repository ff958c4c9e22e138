// The "Video" line of `gpuaudit info`: the video engines NVIDIA publishes for the GPU's model (a
// MIG slice: the engines the slice itself reports), and the encoder and frame-buffer capture
// sessions open when the GPU was read. "No NVENC" on an A100 or H100 is said as what the model is,
// never as a fault. docs/video-engines.md.
#pragma once

#include "baselines/baseline_set.hpp"
#include "baselines/video_engines.hpp"
#include "core/result.hpp"

#include <string>

namespace gpuaudit {

// "7 NVDEC, 7 NVJPG, 1 OFA; no NVENC (by design of this model)"; engines no NVIDIA table gave are
// named as unknown ("NVDEC, NVJPG, OFA: no NVIDIA count"); "" when no count is known at all.
std::string video_engines_text(const VideoEngines& v);

// A MIG slice's own engines as nvidia-smi reports them (mig.extra["shared"]): "this slice: 0 NVENC,
// 3 NVDEC, 3 NVJPG, 0 OFA"; "" when it reported none.
std::string slice_engines_text(const GpuInfo& gpu);

// "encoder sessions open: 2 (243 fps, 3280335 us latency)", and the FBC sessions when any are open;
// "" when the document holds no session counts.
std::string session_stats_text(const GpuInfo& gpu);

// The model's counts when the GPU was matched to its own model (by PCI id or name); nullptr for an
// architecture fallback (another model's table), a vGPU profile or no match.
const VideoEngines* model_video_engines(const BaselineMatch& m);

// The whole value of the line for one GPU: the engines (the model's, from `model`, for a full GPU;
// the slice's own for a MIG slice) and the sessions, "; "-joined; "" when nothing is known.
std::string video_line(const GpuInfo& gpu, const VideoEngines* model);

}  // namespace gpuaudit
