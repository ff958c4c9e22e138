#include "probe/gpu_processes.hpp"

#include "host/proc_file.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

template <class Fn>
void read_list(Fn fn, nvmlDevice_t d, const char* type, std::vector<GpuProcess>& out) {
  if (!fn) return;
  std::vector<nvmlProcessInfo_t> infos(64);
  unsigned count = static_cast<unsigned>(infos.size());
  nvmlReturn_t r = fn(d, &count, infos.data());
  if (r == NVML_ERROR_INSUFFICIENT_SIZE) {
    infos.resize(count + 16);
    count = static_cast<unsigned>(infos.size());
    r = fn(d, &count, infos.data());
  }
  if (r != NVML_SUCCESS) return;
  for (unsigned i = 0; i < count && i < infos.size(); ++i) {
    const auto pid = static_cast<std::int64_t>(infos[i].pid);
    auto same = std::find_if(out.begin(), out.end(), [&](const GpuProcess& p) { return p.pid == pid; });
    if (same != out.end()) {
      if (same->type != type) same->type = "C+G";
      continue;
    }
    GpuProcess p;
    p.pid = pid;
    p.type = type;
    if (infos[i].usedGpuMemory != static_cast<unsigned long long>(NVML_VALUE_NOT_AVAILABLE))
      p.used_memory_bytes = infos[i].usedGpuMemory;
    out.push_back(std::move(p));
  }
}

const char* codec_name(nvmlEncoderType_t t) {
  switch (t) {
    case NVML_ENCODER_QUERY_H264: return "H.264";
    case NVML_ENCODER_QUERY_HEVC: return "HEVC";
    case NVML_ENCODER_QUERY_AV1: return "AV1";
    default: return "unknown";
  }
}

// NVML's encoder sessions: a process not on the lists above joins as "E", its session kept.
void read_encoder_sessions(const NvmlApi& api, nvmlDevice_t d, std::vector<GpuProcess>& out) {
  if (!api.nvmlDeviceGetEncoderSessions) return;
  unsigned count = 0;
  nvmlReturn_t r = api.nvmlDeviceGetEncoderSessions(d, &count, nullptr);  // the count first
  if ((r != NVML_SUCCESS && r != NVML_ERROR_INSUFFICIENT_SIZE) || count == 0) return;
  std::vector<nvmlEncoderSessionInfo_t> infos(count + 4);
  count = static_cast<unsigned>(infos.size());
  if (api.nvmlDeviceGetEncoderSessions(d, &count, infos.data()) != NVML_SUCCESS) return;
  for (unsigned i = 0; i < count && i < infos.size(); ++i) {
    const nvmlEncoderSessionInfo_t& s = infos[i];
    const auto pid = static_cast<std::int64_t>(s.pid);
    if (std::any_of(out.begin(), out.end(), [&](const GpuProcess& p) { return p.pid == pid; })) continue;
    GpuProcess p;
    p.pid = pid;
    p.type = "E";
    p.extra = json::object();
    p.extra["encoder"] = {{"codec", codec_name(s.codecType)}, {"width", s.hResolution}, {"height", s.vResolution},
                          {"fps", s.averageFps}, {"latency_us", s.averageLatency}};
    out.push_back(std::move(p));
  }
}

}  // namespace

std::vector<GpuProcess> read_gpu_processes(const NvmlApi& api, nvmlDevice_t device, bool read_names) {
  std::vector<GpuProcess> out;
  read_list(api.nvmlDeviceGetComputeRunningProcesses, device, "C", out);
  read_list(api.nvmlDeviceGetGraphicsRunningProcesses, device, "G", out);
  read_encoder_sessions(api, device, out);
  if (read_names)
    for (auto& p : out) {
      std::string comm = read_proc_text("/proc/" + std::to_string(*p.pid) + "/comm");
      while (!comm.empty() && (comm.back() == '\n' || comm.back() == '\r')) comm.pop_back();
      p.name = std::move(comm);
    }
  return out;
}

}  // namespace gpuaudit
