// The error messages of imported outputs as findings (score/reported_errors.cpp, the rules that
// take them: rule_gpu_fault, rule_memory, rule_software, rule_reported_errors, rule_inconclusive):
// on the GPU the message names when the document has it, for the machine when not; the program's
// own errors quoted as inconclusive, never a fault. Texts below are synthetic unless a comment
// names their source: short lines in the shape nvidia-smi and the frameworks print them.
#include "unit/support/import_and_score_support.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::import_and_score;

namespace {

// synthetic: a two-GPU nvidia-smi table (535 layout), the second GPU at 0000:0B:00.0.
std::string table(const std::string& power1 = "70W / 300W", const std::string& fan0 = "30%") {
  return "+---------------------------------------------------------------------------------------+\n"
         "| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |\n"
         "|-----------------------------------------+----------------------+----------------------+\n"
         "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
         "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |\n"
         "|=========================================+======================+======================|\n"
         "|   0  NVIDIA A100-PCIE-40GB          On  | 00000000:0A:00.0 Off |                    0 |\n"
         "| " + fan0 + "   34C    P0              60W / 250W |      4MiB / 40960MiB |      0%      Default |\n"
         "+-----------------------------------------+----------------------+----------------------+\n"
         "|   1  NVIDIA A100-PCIE-40GB          On  | 00000000:0B:00.0 Off |                    0 |\n"
         "| N/A   33C    P0              " + power1 + " |      4MiB / 40960MiB |      0%      Default |\n"
         "+-----------------------------------------+----------------------+----------------------+\n";
}

}  // namespace

TEST(ReportedErrors, AnEccTracebackAloneIsMemoryDegradedForTheMachine) {
  const auto fs = findings_of_texts({{"trace.txt", "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"}});
  const Finding* f = find_finding(fs, "memory-degraded");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->gpu.has_value());
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "cudaErrorECCUncorrectable"));
  EXPECT_TRUE(evidence_has(*f, "trace.txt line 1"));
}

TEST(ReportedErrors, TheGpuTheMessageNamesGetsTheFinding) {
  const auto fs = findings_of_texts(
      {{"smi.txt", table()}, {"err.txt", "Unable to determine the device handle for GPU 0000:0B:00.0: Unknown Error\n"}});
  const Finding* f = find_finding(fs, "gpu-fault", 1);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_EQ(find_finding(fs, "gpu-fault", 0), nullptr);
  EXPECT_EQ(find_finding(fs, "gpu-fault", std::nullopt), nullptr);
}

TEST(ReportedErrors, InforomCorruptedIsALowGpuFaultOnThatGpu) {
  const auto fs = findings_of_texts({{"smi.txt", "WARNING: infoROM is corrupted at gpu 0000:0A:00.0\n" + table()}});
  const Finding* f = find_finding(fs, "gpu-fault", 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");
}

TEST(ReportedErrors, ErrCellsAreAFindingOnlyWhenSeveralValuesFail) {
  const auto two = findings_of_texts({{"smi.txt", table("ERR! / 300W", "ERR!")}});
  // One ERR! on each GPU: a single value can be transient (Azure/azhpc-diagnostics#77), no finding.
  EXPECT_EQ(find_finding(two, "gpu-fault"), nullptr);
  const auto both = findings_of_texts({{"smi.txt", table("ERR! / ERR!")}});
  const Finding* f = find_finding(both, "gpu-fault", 1);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");
  EXPECT_TRUE(evidence_has(*f, "ERR!"));
}

TEST(ReportedErrors, TheProgramsOwnErrorIsQuotedNotJudged) {
  const auto fs = findings_of_texts({{"trace.txt", "RuntimeError: CUDA error: an illegal memory access was encountered\n"}});
  for (const auto& f : fs) EXPECT_EQ(f.id, "inconclusive") << f.id;
  const Finding* f = find_finding(fs, "inconclusive");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(evidence_has(*f, "an illegal memory access was encountered"));
  EXPECT_NE(f->summary.find("not evidence against the machine"), std::string::npos);
}

TEST(ReportedErrors, SoftwareStopsTheToolAndSaysWhy) {
  const auto fs = findings_of_texts({{"t.txt", "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"}});
  const Finding* f = find_finding(fs, "software");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->summary.find("architecture"), std::string::npos);
  EXPECT_TRUE(evidence_has(*f, "cudaErrorNoKernelImageForDevice"));
}

// PyTorch built for CUDA 10.2 on driver 418.67 (CUDA 10.1): the collect_env report of
// pytorch/pytorch#43058, its key lines.
TEST(ReportedErrors, AFrameworkBuiltForANewerCudaThanTheDriverIsSoftware) {
  const auto fs = findings_of_texts({{"env.txt",
                                      "Collecting environment information...\n"
                                      "PyTorch version: 1.6.0\n"
                                      "Is debug build: No\n"
                                      "CUDA used to build PyTorch: 10.2\n"
                                      "\n"
                                      "OS: Red Hat Enterprise Linux Server 7.6 (Maipo)\n"
                                      "GCC version: (GCC) 4.8.5 20150623 (Red Hat 4.8.5-36)\n"
                                      "CMake version: Could not collect\n"
                                      "\n"
                                      "Python version: 3.7\n"
                                      "Is CUDA available: No\n"
                                      "CUDA runtime version: Could not collect\n"
                                      "GPU models and configuration:\n"
                                      "GPU 0: Tesla V100-PCIE-16GB\n"
                                      "GPU 1: Tesla V100-PCIE-16GB\n"
                                      "\n"
                                      "Nvidia driver version: 418.67\n"
                                      "cuDNN version: Could not collect\n"}});
  const Finding* f = find_finding(fs, "software");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "440.33"));
  EXPECT_TRUE(evidence_has(*f, "before CUDA 11"));
}

// A lost GPU makes every program see none: "no CUDA-capable device" beside nvidia-smi's "GPU is
// lost" is the fault's echo, not a software finding of its own.
TEST(ReportedErrors, NoDeviceBesideALostGpuIsTheFaultNotTheStack) {
  const auto fs = findings_of_texts(
      {{"run.txt", "CUDA Error: no CUDA-capable device is detected\n"},
       {"smi.txt", "Unable to determine the device handle for GPU 0000:03:00.0: GPU is lost.  Reboot the system to recover this GPU\n"}});
  EXPECT_NE(find_finding(fs, "gpu-fault"), nullptr);
  EXPECT_EQ(find_finding(fs, "software"), nullptr);
  // Alone, the same line is the stack's.
  EXPECT_NE(find_finding(findings_of_texts({{"run.txt", "CUDA Error: no CUDA-capable device is detected\n"}}), "software"), nullptr);
}
