// The nvidia-smi vgpu parser (src/import/formats/parse_nvidia_smi_vgpu.cpp) on the real host views in
// tests/data/imports/nvidia-smi-vgpu/ (values checked by format_registry_test.cpp) and on what a
// paste adds: several boards and vGPUs (synthetic rows in the table's layout), a repeated table
// (vgpu -l), a MIG-backed vGPU in vgpu -q, the "No supported devices" answer; and the verdicts:
// a board carrying vGPUs is `sliced`, one carrying none is not.
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

ImportPart parse_vgpu(const std::string& raw) { return import_test::parse_as("nvidia-smi-vgpu", raw, "vgpu.txt"); }

const std::string kHeader =
    "+-----------------------------------------------------------------------------+\n"
    "| NVIDIA-SMI 550.163.02             Driver Version: 550.163.02                |\n"
    "|---------------------------------+------------------------------+------------+\n"
    "| GPU  Name                       | Bus-Id                       | GPU-Util   |\n"
    "|      vGPU ID     Name           | VM ID     VM Name            | vGPU-Util  |\n"
    "|=================================+==============================+============|\n";

TEST(ImportNvidiaSmiVgpu, TheRealHostViewAndItsQuery) {
  const auto dir = import_test::fixture_dir("nvidia-smi-vgpu");
  const std::string table = read_bytes(dir / "akb486-vgpu-unlock-rtx40-one-vgpu-table.txt");
  const std::string query = read_bytes(dir / "akb486-vgpu-unlock-rtx40-vgpu-q.txt");
  ASSERT_FALSE(table.empty());
  ASSERT_FALSE(query.empty());
  EXPECT_EQ(detected(table), "nvidia-smi-vgpu");
  EXPECT_EQ(detected(query), "nvidia-smi-vgpu");
  const auto t = parse_vgpu(table);
  ASSERT_EQ(t.gpus.size(), 1u);
  EXPECT_EQ(t.gpus[0].extra["vgpus"].size(), 1u);
  const auto q = parse_vgpu(query);
  ASSERT_EQ(q.gpus.size(), 1u);
  const json& v = q.gpus[0].extra["vgpus"][0];
  EXPECT_EQ(v["vgpu_id"], "3251634190");
  EXPECT_FALSE(v.contains("vm_id"));             // "VM UUID :" printed empty
  EXPECT_FALSE(v.contains("gpu_instance_id"));  // N/A: time-sliced
  EXPECT_FALSE(q.gpus[0].mig.mode_enabled.has_value());
  EXPECT_TRUE(q.warnings.empty());
}

TEST(ImportNvidiaSmiVgpu, BoardsVgpusAndARepeatedTable) {
  // synthetic: rows in the layout of the real tables above (550.163.02), values made up.
  const std::string one =
      kHeader +
      "|   0  NVIDIA A40                 | 00000000:67:00.0             |  38%       |\n"
      "|      3251634401  NVIDIA A40-24A | 7cc6...  vm-one              |     20%    |\n"
      "|      3251634402  NVIDIA A40-12Q | 7cc7...  vm-two              |     18%    |\n"
      "+---------------------------------+------------------------------+------------+\n"
      "|   1  NVIDIA A40                 | 00000000:68:00.0             |   0%       |\n"
      "+---------------------------------+------------------------------+------------+\n";
  const auto p = parse_vgpu(one + one);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].extra["vgpus"].size(), 2u);
  EXPECT_EQ(p.gpus[0].extra["vgpus"][1]["profile"], "NVIDIA A40-12Q");
  EXPECT_DOUBLE_EQ(*p.gpus[0].utilization_pct, 38);
  EXPECT_EQ(p.gpus[1].extra["vgpus"].size(), 0u);
  EXPECT_EQ(p.gpus[1].pci_bus_id, "00000000:68:00.0");
  ASSERT_EQ(p.warnings.size(), 1u);  // the second table repeats both boards
  EXPECT_EQ(*p.software.driver_version, "550.163.02");

  // Scored: the board with two vGPUs is shared between two guests (high); the empty one is not sliced.
  const auto fs = import_and_score::findings_of_texts({{"vgpu.txt", one}});
  const Finding* shared = import_and_score::find_finding(fs, "sliced", 0);
  ASSERT_NE(shared, nullptr);
  EXPECT_EQ(shared->confidence, "high");
  bool names_vm = false;
  for (const auto& e : shared->evidence) names_vm = names_vm || e.find("NVIDIA A40-24A for VM vm-one") != std::string::npos;
  EXPECT_TRUE(names_vm);
  EXPECT_EQ(import_and_score::find_finding(fs, "sliced", 1), nullptr);
}

TEST(ImportNvidiaSmiVgpu, AMigBackedVgpuPutsItsBoardInMigMode) {
  // synthetic: vgpu -q in the layout of the real one above, for a MIG-backed vGPU (GPU Instance ID 3).
  const std::string raw =
      "GPU 00000000:3B:00.0\n"
      "    Active vGPUs                          : 1\n"
      "    vGPU ID                               : 3251634210\n"
      "        VM Name                           : train-01\n"
      "        vGPU Name                         : GRID A100-3-20C\n"
      "        GPU Instance ID                   : 3\n"
      "        FB Memory Usage\n"
      "            Total                         : 20480 MiB\n";
  const auto p = parse_vgpu(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(p.gpus[0].mig.mode_enabled.value_or(false));
  EXPECT_EQ(p.gpus[0].extra["vgpus"][0]["gpu_instance_id"], 3);
  EXPECT_EQ(p.gpus[0].extra["vgpus"][0]["fb_total_bytes"], 20480ull << 20);
}

TEST(ImportNvidiaSmiVgpu, NoSupportedDeviceAndCutPastes) {
  const auto none = parse_vgpu("No supported devices in vGPU mode\n");
  EXPECT_TRUE(none.gpus.empty());
  EXPECT_FALSE(none.warnings.empty());
  EXPECT_FALSE(none.skipped.empty());
  const std::string raw = read_bytes(import_test::fixture_dir("nvidia-smi-vgpu") / "akb486-vgpu-unlock-rtx40-vgpu-q.txt");
  for (std::size_t n = 0; n <= raw.size(); ++n) (void)parse_vgpu(raw.substr(0, n));
  const std::string t = read_bytes(import_test::fixture_dir("nvidia-smi-vgpu") / "akb486-vgpu-unlock-rtx40-one-vgpu-table.txt");
  for (std::size_t n = 0; n <= t.size(); ++n) (void)parse_vgpu(t.substr(0, n));
  // A vGPU row above any GPU row (the paste starts inside the table) is named, not attached to nothing.
  const auto orphan = parse_vgpu(kHeader + "|      3251634401  NVIDIA A40-24A | 7cc6...  vm-one              |     20%    |\n");
  EXPECT_TRUE(orphan.gpus.empty());
  ASSERT_FALSE(orphan.skipped.empty());
  EXPECT_NE(orphan.skipped[0].find("before any GPU row"), std::string::npos) << orphan.skipped[0];
}

}  // namespace
}  // namespace gpuaudit::imports
