// PyTorch's `python -m torch.utils.collect_env` (and vLLM's and SGLang's collect_env.py, which add
// a "GPU Topology:" block): the environment report every PyTorch, vLLM and SGLang issue template
// asks for, so it is the output posted most beside a slowdown or a crash. It states:
//
//   PyTorch version: 2.4.0+cu121              CUDA used to build PyTorch: 12.1
//   Is CUDA available: True                   CUDA runtime version: 12.1.105
//   GPU models and configuration:             <- nvidia-smi -L with the UUIDs stripped
//   GPU 0: NVIDIA H100 80GB HBM3                 (one GPU: on the same line; MIG lines below it)
//   Nvidia driver version: 550.54.15
//   CPU:                                      <- lscpu, up to the next blank line
//   Architecture:    x86_64 ...
//   GPU Topology:                             <- nvidia-smi topo -m, matrix and legend (vLLM, SGLang)
//   GPU0  GPU1 ... CPU Affinity  NUMA Affinity  GPU NUMA ID
//
// Each embedded block is read by its own format's parser (nvidia-smi-list, lscpu, nvidia-smi-topo),
// with the lines before it blanked so that every line number stays the file's. The GPUs come from
// nvidia-smi -L: no bus id, no UUID, so beside a -q dump they only fill what it left unset. The
// PyTorch and CUDA versions go to doc.extra.imported["collect-env"] (they are PyTorch's, not the
// machine's runtime). "Could not collect" states nothing. Newer reports put "=====" banners between
// sections ("System Info", "GPU Info"); they are skipped. An AMD ROCm build is refused before
// detection (foreign_input.cpp), as every ROCm output is.
//
// PaddlePaddle's tools/summary_env.py, which its issue template asks for, prints the same shape with
// its own keys: "Paddle version", "Paddle With CUDA", "CUDA version" (nvcc's: the toolkit installed,
// followed by nvcc's "Build cuda_..." line), "cuDNN version", "Nvidia driver version" and "Nvidia
// driver List:" with nvidia-smi -L below it. Its toolkit goes to doc.extra.imported["collect-env"]
// as cuda_toolkit_version, which the software rule holds against the driver like an installed toolkit.
//
// OpenMMLab's collect_env (mmengine/utils/dl_utils/collect_env.py, and mmcv's and mmdet's before
// it; every OpenMMLab issue template asks for it) prints "sys.platform", "CUDA available", then one
// line per GPU model with the indices that have it, "GPU 0,1,2,3: NVIDIA A100-SXM4-40GB" (from
// torch.cuda.get_device_name), then "CUDA_HOME", "NVCC" and "PyTorch". Those GPU lines are read as
// nvidia-smi -L's, one GPU per index, when CUDA is available; not when the build is ROCm's
// (CUDA_HOME /opt/rocm) or another vendor's ("MUSA available: True", "SDAA available: True"),
// whose devices its forks list under the same "GPU n" keys.
//
// detectron2's collect_env (detectron2/utils/collect_env.py) prints a two-column table without
// colons: "sys.platform            linux", "GPU available           True" (or "Yes"; older versions
// "CUDA available"), "PyTorch                 1.8.1+cu111 @/path", one line per GPU
// model with its indices, "GPU 0,1                 Tesla V100-SXM2-16GB (arch=7.0)", "Driver version"
// and "CUDA_HOME". Its keys are read as OpenMMLab's ("GPU available" as "CUDA available"), its GPU
// lines without the "(arch=...)" it adds.
//
// Hugging Face's env reports (`transformers-cli env`, `accelerate env`, `diffusers-cli env`) and the
// trainers that copied them (LLaMA-Factory's `llamafactory-cli env`, FastVideo's) print "- Key:
// value" lines: "- `transformers` version", "- Platform", "- PyTorch version (GPU?)", and, when
// CUDA is available, "- GPU type: NVIDIA H100 PCIe" (torch.cuda.get_device_name(): device 0's
// name) with LLaMA-Factory's "- GPU number" and "- GPU memory". Device 0 is read as a GPU by that
// name; the others' names the report does not give, so their count goes to imported only.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <map>
#include <set>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// The report's own keys (collect_env.py's env_info_fmt); a line "Key: value" with one of them.
const std::set<std::string, std::less<>>& report_keys() {
  static const std::set<std::string, std::less<>> k = {
      "PyTorch version", "Is debug build", "CUDA used to build PyTorch", "ROCM used to build PyTorch",
      "OS", "GCC version", "Clang version", "CMake version", "Libc version", "Python version",
      "Python platform", "Is CUDA available", "CUDA runtime version", "CUDA_MODULE_LOADING set to",
      "GPU models and configuration", "Nvidia driver version", "cuDNN version", "HIP runtime version",
      "MIOpen runtime version", "Is XNNPACK available", "Versions of relevant libraries", "ROCM Version",
      "Neuron SDK Version", "vLLM Version", "vLLM Build Flags", "GPU Topology", "CPU",
      // PaddlePaddle's summary_env.py
      "Paddle version", "Paddle With CUDA", "CUDA version", "Nvidia driver List",
      // OpenMMLab's collect_env
      "sys.platform", "CUDA available", "MUSA available", "SDAA available", "CUDA_HOME", "NVCC", "PyTorch",
      "PyTorch compiling details", "MMCV CUDA Compiler",
      // Hugging Face's env reports and their copies ("- Key: value")
      "Platform", "PyTorch version (GPU?)", "PyTorch version (accelerator?)", "GPU type", "GPU number", "GPU memory"};
  return k;
}

// detectron2's "key<two or more spaces>value" for its keys that say what gpuaudit reads.
std::optional<std::pair<std::string, std::string>> detectron2_line(std::string_view line) {
  static const std::map<std::string_view, std::string_view> keys = {{"sys.platform", "sys.platform"},
                                                                    {"GPU available", "CUDA available"},
                                                                    {"CUDA available", "CUDA available"},
                                                                    {"PyTorch", "PyTorch"},
                                                                    {"PyTorch debug build", "Is debug build"},
                                                                    {"Driver version", "Nvidia driver version"},
                                                                    {"CUDA_HOME", "CUDA_HOME"}};
  const std::size_t gap = line.find("  ");
  if (gap == std::string_view::npos) return std::nullopt;
  const auto key = keys.find(line.substr(0, gap));
  if (key == keys.end()) return std::nullopt;
  std::string value(trim(line.substr(gap)));
  if (key->second == "CUDA available") value = smi::lower(value).starts_with("yes") || smi::lower(value) == "true" ? "True" : "False";
  if (key->second == "PyTorch") value = value.substr(0, value.find(" @"));  // "1.4.0 @/path/to/torch"
  return std::make_pair(std::string(key->second), std::move(value));
}

// "Key: value" with a report key -> {key, value}; Hugging Face's "- Key: value" too, and its
// "- `package` version: 1.2.3" keys as "package version"; detectron2's table rows (detectron2_line).
std::optional<std::pair<std::string, std::string>> report_line(std::string_view line) {
  if (auto d = detectron2_line(line)) return d;
  if (line.starts_with("- ")) {
    line = trim(line.substr(2));
    if (line.starts_with("`")) {
      const std::size_t close = line.find("` version:");
      if (close != std::string_view::npos && close < 40)
        return std::make_pair(std::string("package version"),
                              std::string(line.substr(1, close - 1)) + " " + std::string(trim(line.substr(close + 10))));
    }
  }
  const auto colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 40) return std::nullopt;
  const std::string_view key = trim(line.substr(0, colon));
  if (!report_keys().count(key)) return std::nullopt;
  return std::make_pair(std::string(key), std::string(trim(line.substr(colon + 1))));
}

bool banner(std::string_view line) {
  line = trim(line);
  return line.size() >= 10 && line.find_first_not_of('=') == std::string_view::npos;
}

bool says_nothing(std::string_view v) {
  const std::string s = smi::lower(trim(v));
  return s.empty() || s == "could not collect" || s == "n/a" || s == "none";
}

int detect_collect_env(std::string_view text) {
  std::set<std::string> seen;
  for (const auto& [no, line] : smi::head_lines(text, 400)) {
    if (auto kv = report_line(trim(line))) seen.insert(kv->first);
  }
  // Two of PyTorch's own keys: no tool's output prints them. Above every other detector's 100:
  // the report embeds lscpu and topo -m blocks, which their own detectors would claim.
  const int own = static_cast<int>(seen.count("PyTorch version") + seen.count("Is CUDA available") +
                                   seen.count("CUDA used to build PyTorch") + seen.count("GPU models and configuration") +
                                   seen.count("Nvidia driver version") + seen.count("Is debug build") +
                                   seen.count("Paddle version") + seen.count("Paddle With CUDA") + seen.count("Nvidia driver List") +
                                   seen.count("sys.platform") + seen.count("CUDA available") + seen.count("MMCV CUDA Compiler") +
                                   seen.count("PyTorch compiling details") + seen.count("package version") +
                                   seen.count("GPU type") + seen.count("PyTorch version (GPU?)") +
                                   seen.count("PyTorch version (accelerator?)"));
  return own >= 2 ? 110 : 0;
}

// The lines [first, last] of `lines` as a text whose line numbers are the file's (earlier lines
// blank), for an embedded block's own parser.
std::string block_text(const std::vector<std::pair<int, std::string_view>>& lines, std::size_t first, std::size_t last) {
  std::string s(static_cast<std::size_t>(lines[first].first - 1), '\n');
  for (std::size_t i = first; i <= last && i < lines.size(); ++i) {
    s += lines[i].second;
    s += '\n';
  }
  return s;
}

// An embedded block read by `format`'s parser; what it found goes into `part`.
void read_block(ImportPart& part, const char* format, const std::string& text, const std::string& file) {
  const Format* f = find_format(format);
  if (!f) return;
  ImportPart b = f->parse(text, file);
  // The GPUs are nvidia-smi -L's; the topology block numbers the same GPUs without their names.
  if (std::string_view(format) == "nvidia-smi-list")
    for (auto& g : b.gpus) part.gpus.push_back(std::move(g));
  if (b.topology.is_object() && !b.topology.empty()) part.topology = std::move(b.topology);
  if (!b.host.cpu_model.empty()) part.host.cpu_model = b.host.cpu_model;
  if (b.host.vcpus) part.host.vcpus = b.host.vcpus;
  if (b.host.numa_nodes) part.host.numa_nodes = b.host.numa_nodes;
  if (b.host.hypervisor) part.host.hypervisor = b.host.hypervisor;
  if (b.imported.is_object())
    for (auto it = b.imported.begin(); it != b.imported.end(); ++it) part.imported[it.key()] = it.value();
  for (auto& s : b.skipped) part.skipped.push_back(std::string(format) + " block: " + s);
  for (auto& w : b.warnings) part.warnings.push_back(std::string(format) + " block: " + w);
}

// OpenMMLab's "GPU 0,1,2,3: NAME" and detectron2's "GPU 0,1   NAME (arch=7.0)": the indices and the
// name; nullopt for any other line.
std::optional<std::pair<std::vector<int>, std::string>> openmmlab_gpu_line(std::string_view line) {
  if (!line.starts_with("GPU ")) return std::nullopt;
  std::size_t colon = line.find(':');
  const std::size_t gap = line.find("  ");
  const bool table = gap != std::string_view::npos && (colon == std::string_view::npos || gap < colon);
  if (table) colon = gap;
  if (colon == std::string_view::npos) return std::nullopt;
  std::vector<int> ids;
  int n = -1;
  for (char c : line.substr(4, colon - 4)) {
    if (c >= '0' && c <= '9') n = (n < 0 ? 0 : n) * 10 + (c - '0');
    else if (c == ',' && n >= 0) ids.push_back(n), n = -1;
    else return std::nullopt;
    if (n > 4096) return std::nullopt;
  }
  if (n < 0) return std::nullopt;
  ids.push_back(n);
  std::string_view name = trim(line.substr(colon + 1));
  if (table && name.ends_with(")") && name.rfind(" (arch=") != std::string_view::npos) name = trim(name.substr(0, name.rfind(" (arch=")));
  if (name.empty()) return std::nullopt;
  return std::make_pair(std::move(ids), std::string(name));
}

ImportPart parse_collect_env(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"collect_env", "", file, 0};
  part.fills_only = true;  // nvidia-smi -L's GPUs and lscpu's host: a -q dump beside it says more
  std::vector<std::pair<int, std::string_view>> lines;
  for (const auto& [no, raw] : smi::numbered_lines(text)) lines.emplace_back(no, raw);
  json facts = json::object();
  bool cuda_available_false = false;
  struct OpenMmlabGpus {
    int line = 0;
    std::vector<int> ids;
    std::string name;
  };
  std::vector<OpenMmlabGpus> openmmlab;
  bool openmmlab_cuda = false, other_vendor = false, detectron2 = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = trim(lines[i].second);
    if (auto g = openmmlab_gpu_line(line)) {
      openmmlab.push_back({lines[i].first, std::move(g->first), std::move(g->second)});
      continue;
    }
    const auto kv = report_line(line);
    if (!kv) continue;
    detectron2 = detectron2 || detectron2_line(line);
    const auto& [key, value] = *kv;
    if (!part.source.line) part.source.line = lines[i].first;
    if (key == "PyTorch version" && !says_nothing(value)) {
      part.source.version = "PyTorch " + value;
      facts["pytorch_version"] = value;
    } else if (key == "Paddle version" && !says_nothing(value)) {
      part.source.tool = "summary_env";
      part.source.version = "PaddlePaddle " + value;
      facts["paddle_version"] = value;
    } else if (key == "CUDA version" && !says_nothing(value)) {
      facts["cuda_toolkit_version"] = value;
    } else if (key == "CUDA used to build PyTorch" && !says_nothing(value)) {
      facts["pytorch_cuda_build"] = value;
    } else if (key == "CUDA runtime version" && !says_nothing(value)) {
      facts["cuda_runtime_version"] = value;
    } else if (key == "Is CUDA available") {
      const std::string v = smi::lower(value);  // "True"/"False"; torch <= 1.6 printed "Yes"/"No"
      if (v == "true" || v == "yes" || v == "false" || v == "no") facts["cuda_available"] = v == "true" || v == "yes";
      cuda_available_false = v == "false" || v == "no";
    } else if (key == "GPU type" && !says_nothing(value)) {
      read_block(part, "nvidia-smi-list", std::string(static_cast<std::size_t>(lines[i].first - 1), '\n') + "GPU 0: " + value + "\n",
                 file);
    } else if (key == "GPU number" && !says_nothing(value)) {
      facts["gpu_count"] = value;
    } else if ((key == "PyTorch version (GPU?)" || key == "PyTorch version (accelerator?)") && !says_nothing(value)) {
      // "2.1.0+cu121 (True)": the version, and whether CUDA was available
      const std::size_t open = value.rfind(" (");
      facts["pytorch_version"] = value.substr(0, open);
      if (open != std::string::npos) {
        const std::string flag = smi::lower(value.substr(open));
        if (flag == " (true)" || flag == " (false)") facts["cuda_available"] = flag == " (true)";
      }
    } else if (key == "package version" && !says_nothing(value)) {
      facts["package_versions"].push_back(value);
    } else if (key == "CUDA available") {
      openmmlab_cuda = smi::lower(value) == "true";
    } else if ((key == "MUSA available" || key == "SDAA available") && smi::lower(value) == "true") {
      other_vendor = true;
    } else if (key == "CUDA_HOME" && smi::lower(value).find("rocm") != std::string::npos) {
      other_vendor = true;
    } else if (key == "PyTorch" && !says_nothing(value)) {
      if (part.source.version.empty()) part.source.version = std::string(detectron2 ? "detectron2" : "OpenMMLab") + ", PyTorch " + value;
      facts["pytorch_version"] = value;
    } else if (key == "OS" && !says_nothing(value)) {
      part.host.os = value;
    } else if (key == "Nvidia driver version" && !says_nothing(value)) {
      part.software.driver_version = value;
    } else if (key == "vLLM Version" && !says_nothing(value)) {
      facts["vllm_version"] = value;
    } else if (key == "GPU models and configuration" || key == "Nvidia driver List") {
      // The GPU lines: this one's value, then "GPU n: ..." and indented "MIG ..." lines.
      std::string gpus(static_cast<std::size_t>(lines[i].first - 1), '\n');
      gpus += (says_nothing(value) ? std::string() : value) + "\n";  // this line keeps its number
      std::size_t j = i + 1;
      for (; j < lines.size(); ++j) {
        const std::string_view l = trim(lines[j].second);
        if (!l.starts_with("GPU ") && !l.starts_with("MIG ")) break;
        if (report_line(l)) break;
        gpus.resize(gpus.size() + static_cast<std::size_t>(lines[j].first - lines[j - 1].first - 1), '\n');
        gpus += std::string(l) + "\n";
      }
      if (gpus.find_first_not_of('\n') != std::string::npos) read_block(part, "nvidia-smi-list", gpus, file);
      i = j - 1;
    } else if (key == "CPU" && value.empty()) {
      std::size_t j = i + 1;
      while (j < lines.size() && !trim(lines[j].second).empty() && !banner(lines[j].second)) ++j;
      // Linux prints lscpu; Windows a wmic dump ("Architecture=9", "DeviceID=CPU0"), not read.
      if (j > i + 1) {
        const std::string cpu = block_text(lines, i + 1, j - 1);
        const Format* lscpu = find_format("lscpu");
        if (lscpu && lscpu->detect(cpu) > 0) read_block(part, "lscpu", cpu, file);
      }
      i = j - 1;
    } else if (key == "GPU Topology") {
      // The matrix, "Legend:" and its indented entries; the block ends at the first unindented line
      // after the legend, a banner, or another report key.
      std::size_t j = i + 1;
      bool legend = false;
      for (; j < lines.size(); ++j) {
        const std::string_view raw = lines[j].second;
        const std::string_view l = trim(raw);
        if (banner(raw) || (report_line(l) && !l.starts_with("GPU"))) break;
        if (l.starts_with("Legend")) legend = true;
        else if (legend && !l.empty() && raw.front() != ' ' && raw.front() != '\t') break;
      }
      if (j > i + 1) read_block(part, "nvidia-smi-topo", block_text(lines, i + 1, j - 1), file);
      i = j - 1;
    }
  }
  if (openmmlab_cuda && !other_vendor)
    for (const auto& o : openmmlab)
      for (int id : o.ids)
        read_block(part, "nvidia-smi-list",
                   std::string(static_cast<std::size_t>(o.line - 1), '\n') + "GPU " + std::to_string(id) + ": " + o.name + "\n", file);
  for (auto& g : part.gpus) {
    if (!g.extra.is_object()) g.extra = json::object();
    g.extra["source"] = source_json(SourceRef{part.source.tool, part.source.version, file,
                                              g.extra.contains("source") && g.extra["source"].contains("line") &&
                                                      g.extra["source"]["line"].is_number_integer()
                                                  ? g.extra["source"]["line"].get<int>()
                                                  : part.source.line});
  }
  // Beside the embedded blocks' own keys ("lscpu"): doc.extra.imported["collect-env"].pytorch_version ...
  for (auto it = facts.begin(); it != facts.end(); ++it) part.imported[it.key()] = it.value();
  if (cuda_available_false && !part.gpus.empty() && facts.contains("pytorch_cuda_build"))
    part.warnings.push_back("PyTorch built for CUDA " + facts["pytorch_cuda_build"].get<std::string>() +
                            " could not use CUDA although the driver lists the GPUs (a driver older than that CUDA, "
                            "CUDA_VISIBLE_DEVICES, or an NVSwitch box's fabric manager)");
  if (part.gpus.empty() && facts.empty()) part.skipped.push_back("no collect_env line that names a GPU or a version");
  return part;
}

const RegisterFormat reg{{"collect-env",
                          "PyTorch / vLLM / SGLang collect_env report, PaddlePaddle's summary_env, OpenMMLab's collect_env (GPU models, driver, CPU, GPU Topology)",
                          detect_collect_env, parse_collect_env}};

}  // namespace

}  // namespace gpuaudit::imports
