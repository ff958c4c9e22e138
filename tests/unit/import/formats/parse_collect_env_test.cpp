// collect-env (parse_collect_env.cpp): PyTorch / vLLM / SGLang collect_env reports. The embedded
// blocks are read by their own formats' parsers, at the file's line numbers.
#include "import/import.hpp"
#include "import/importer.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

// SYNTHETIC: the layout of vLLM's collect_env (the real fixtures in tests/data/imports/collect-env/
// are cut before their topology block by the store; this one holds every block in one report).
const std::string kSyntheticReport =
    "PyTorch version: 2.4.0+cu121\n"          // 1
    "Is debug build: False\n"                  // 2
    "CUDA used to build PyTorch: 12.1\n"       // 3
    "ROCM used to build PyTorch: N/A\n"        // 4
    "\n"                                       // 5
    "OS: Ubuntu 22.04.4 LTS (x86_64)\n"        // 6
    "Is CUDA available: True\n"                // 7
    "CUDA runtime version: 12.1.105\n"         // 8
    "GPU models and configuration:\n"          // 9
    "GPU 0: NVIDIA H100 80GB HBM3\n"           // 10
    "GPU 1: NVIDIA H100 80GB HBM3\n"           // 11
    "\n"                                       // 12
    "Nvidia driver version: 550.54.15\n"       // 13
    "\n"                                       // 14
    "CPU:\n"                                   // 15
    "Architecture:                         x86_64\n"
    "CPU(s):                               64\n"
    "Model name:                           Intel(R) Xeon(R) Platinum 8480+\n"
    "NUMA node(s):                         2\n"
    "\n"
    "Versions of relevant libraries:\n"
    "[pip3] torch==2.4.0\n"
    "vLLM Version: 0.5.4\n"
    "GPU Topology:\n"
    "GPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
    "GPU0\t X \tNV18\t0-31\t0\t\tN/A\n"
    "GPU1\tNV18\t X \t0-31\t0\t\tN/A\n"
    "\n"
    "Legend:\n"
    "\n"
    "  X    = Self\n"
    "  NV#  = Connection traversing a bonded set of # NVLinks\n"
    "NCCL_CUMEM_ENABLE=0\n";

TEST(CollectEnv, SyntheticReportIsDetectedOverItsEmbeddedBlocks) {
  EXPECT_EQ(detect_format(kSyntheticReport, "env-synthetic.txt"), "collect-env");
}

TEST(CollectEnv, SyntheticReportGivesGpusHostDriverAndTopology) {
  const ImportPart p = import_test::parse_as("collect-env", kSyntheticReport, "env-synthetic.txt");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_EQ(p.gpus[1].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(p.gpus[0].extra.at("source").at("line"), 10);  // the file's line, not the block's
  EXPECT_EQ(p.gpus[0].extra.at("source").at("tool"), "collect_env");
  EXPECT_TRUE(p.fills_only);
  EXPECT_EQ(p.software.driver_version, "550.54.15");
  EXPECT_EQ(p.host.vcpus, 64);
  EXPECT_EQ(p.host.numa_nodes, 2);
  EXPECT_EQ(p.host.os, "Ubuntu 22.04.4 LTS (x86_64)");
  ASSERT_TRUE(p.topology.is_object());
  EXPECT_EQ(p.topology.at("pairs").at(0).at("nvlinks"), 18);
  EXPECT_EQ(p.imported.at("pytorch_cuda_build"), "12.1");
  EXPECT_EQ(p.imported.at("vllm_version"), "0.5.4");
  for (const auto& s : p.skipped) ADD_FAILURE() << s;  // the env lines after the legend are not topo rows
}

TEST(CollectEnv, ACudaBuildThatCannotUseTheListedGpusIsAWarning) {
  // Real: PyTorch 1.6 built for CUDA 10.2 on driver 418.67 (CUDA 10.1), "Is CUDA available: No".
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("collect-env") /
                                                  "pytorch-43058_v100x2_cuda-no_driver-listed.txt");
  const ImportPart p = import_test::parse_as("collect-env", raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("PyTorch built for CUDA 10.2 could not use CUDA"), std::string::npos) << p.warnings[0];
  EXPECT_EQ(p.imported.at("cuda_available"), false);
}

TEST(CollectEnv, BesideANvidiaSmiDumpItOnlyFills) {
  // The -L block names GPUs by index only; merged with a -q of the same machine the GPUs stay two.
  const ImportPart env = import_test::parse_as("collect-env", kSyntheticReport, "env-synthetic.txt");
  EXPECT_TRUE(env.fills_only);
  for (const auto& g : env.gpus) {
    EXPECT_TRUE(g.pci_bus_id.empty());
    EXPECT_TRUE(g.uuid.empty());
  }
}

// PaddlePaddle's summary_env (Paddle #52100, as posted): its own keys, nvidia-smi -L under "Nvidia
// driver List:", and nvcc's toolkit version kept for the software rule.
TEST(CollectEnv, PaddlesSummaryEnvIsReadWithItsToolkit) {
  const std::string raw = import_test::read_bytes(std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" /
                                                  "paddle-52100-p40-x8-with-gpu-no-gpu-found-driver-440-cuda-11-2" /
                                                  "env-info.txt");
  EXPECT_EQ(import_test::detected(raw), "collect-env");
  const ImportPart env = import_test::parse_as("collect-env", raw, "env-info.txt");
  EXPECT_EQ(env.source.tool, "summary_env");
  EXPECT_EQ(env.source.version, "PaddlePaddle 2.4.2");
  ASSERT_EQ(env.gpus.size(), 8u);
  EXPECT_EQ(env.gpus[7].name, "Tesla P40");
  EXPECT_EQ(*env.software.driver_version, "440.33.01");
  EXPECT_EQ(env.imported["cuda_toolkit_version"], "11.2.142");
}

// OpenMMLab's collect_env (mmdetection #4471, as posted): one "GPU n: NAME" line per model, the
// indices of a model joined ("GPU 0,1,2,3: ..."), read as nvidia-smi -L's GPUs when CUDA is available.
TEST(CollectEnv, OpenMmlabsGpuLinesAreItsGpus) {
  const std::string raw =
      import_test::read_bytes(import_test::fixture_dir("collect-env") / "mmdet-4471_openmmlab_p100-gtx1080_cut.txt");
  EXPECT_EQ(import_test::detected(raw), "collect-env");
  const ImportPart p = import_test::parse_as("collect-env", raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].name, "Tesla P100-PCIE-16GB");
  EXPECT_EQ(p.gpus[1].name, "GeForce GTX 1080");
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_EQ(p.imported.at("pytorch_version"), "1.8.0");
  // SYNTHETIC lines in the same layout: joined indices; and another vendor's devices under the same keys.
  const ImportPart four = import_test::parse_as(
      "collect-env", "sys.platform: linux\nCUDA available: True\nGPU 0,1,2,3: NVIDIA A100-SXM4-40GB\nPyTorch: 2.1.0\n");
  ASSERT_EQ(four.gpus.size(), 4u);
  EXPECT_EQ(four.gpus[3].index, 3);
  const ImportPart musa = import_test::parse_as(
      "collect-env", "sys.platform: linux\nCUDA available: False\nMUSA available: True\nGPU 0: MTT S4000\nPyTorch: 2.2.0\n");
  EXPECT_TRUE(musa.gpus.empty());
  const ImportPart rocm = import_test::parse_as(
      "collect-env", "sys.platform: linux\nCUDA available: True\nGPU 0: AMD Instinct MI250X\nCUDA_HOME: /opt/rocm\n");
  EXPECT_TRUE(rocm.gpus.empty());
}

// detectron2's collect_env table, without colons (detectron2 #2913 and #722, FRESH-2026-12-81, as
// posted): "GPU available"/"CUDA available" and one row per model with its indices and "(arch=...)".
TEST(CollectEnv, Detectron2sTableRowsAreItsGpus) {
  const auto corpus = std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world";
  const std::string one = import_test::read_bytes(corpus / "detectron2-2913-gtx1650ti-maxq-collect-env-cu111-excerpt" / "collect-env.txt");
  EXPECT_EQ(import_test::detected(one), "collect-env");
  const ImportPart p = import_test::parse_as("collect-env", one);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "GeForce GTX 1650 Ti with Max-Q Design");
  EXPECT_EQ(p.imported.at("pytorch_version"), "1.8.1+cu111");
  EXPECT_NE(p.source.version.find("detectron2"), std::string::npos);
  const std::string sixteen =
      import_test::read_bytes(corpus / "detectron2-722-tesla-k80-x16-collect-env-c-failed-to-import-excerpt" / "collect-env.txt");
  const ImportPart k80 = import_test::parse_as("collect-env", sixteen);
  ASSERT_EQ(k80.gpus.size(), 16u);
  EXPECT_EQ(k80.gpus[15].name, "Tesla K80");
  // SYNTHETIC rows in its layout: CUDA not available, so its GPU rows are not read.
  EXPECT_TRUE(import_test::parse_as("collect-env", "sys.platform            linux\nGPU available           No\nGPU 0                   Tesla T4 (arch=7.5)\n")
                  .gpus.empty());
}

// Hugging Face's env report and its copies ("- Key: value"): LLaMA-Factory's `llamafactory-cli env`
// (LLaMA-Factory #4322, as posted) names device 0 by "GPU type"; transformers-cli's names no GPU
// but is still its report, not a refused file (SYNTHETIC lines in its layout, env.py's keys).
TEST(CollectEnv, HuggingFacesEnvReportAndItsCopies) {
  const std::string raw = import_test::read_bytes(std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" /
                                                  "llamafactory-4322-h100-pcie-x2-cli-env-torch-212-cu121" / "env.txt");
  EXPECT_EQ(import_test::detected(raw), "collect-env");
  const ImportPart p = import_test::parse_as("collect-env", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA H100 PCIe");
  const ImportPart hf = import_test::parse_as("collect-env",
                                              "- `transformers` version: 4.36.0\n- Platform: Linux-5.15.0-x86_64\n"
                                              "- PyTorch version (GPU?): 2.1.0+cu121 (True)\n- Using GPU in script?: yes\n");
  EXPECT_TRUE(hf.gpus.empty());
  EXPECT_EQ(hf.imported.at("pytorch_version"), "2.1.0+cu121");
  EXPECT_EQ(hf.imported.at("cuda_available"), true);
  EXPECT_EQ(hf.imported.at("package_versions")[0], "transformers 4.36.0");
}

}  // namespace
}  // namespace gpuaudit::imports
