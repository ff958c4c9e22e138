// A paste that stops in the middle of a line (a post cut at a size limit, a selection that ends
// early, an index's excerpt) must yield what is there and no part of a value as if it were the
// value: the real fixtures below, cut here at a point inside one of their lines (the cut is the
// test's; the bytes before it are the fixture's), keep each GPU without the name or UUID the cut
// line shows only a part of.
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace gpuaudit::imports {
namespace {

// The fixture's bytes up to and including the first `through` in them ("" when it is not there).
std::string cut_through(const std::string& format, const std::string& file, const std::string& through) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir(format) / file);
  const auto at = raw.find(through);
  return at == std::string::npos ? std::string() : raw.substr(0, at + through.size());
}

const GpuInfo* gpu_at(const ImportPart& p, int index) {
  for (const auto& g : p.gpus)
    if (g.index == index) return &g;
  return nullptr;
}

bool skipped_has(const ImportPart& p, const std::string& what) {
  for (const auto& s : p.skipped)
    if (s.find(what) != std::string::npos) return true;
  return false;
}

TEST(ImportCutMidLine, ListLineCutBeforeItsUuid) {
  const std::string raw = cut_through("nvidia-smi-list", "quadro-rtx4000-x2-535.txt", "GPU 1: Quadro RTX 40");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("nvidia-smi-list", raw);
  const GpuInfo* one = gpu_at(p, 1);
  ASSERT_NE(one, nullptr);
  EXPECT_EQ(one->name, "");  // not "Quadro RTX 40"
  EXPECT_TRUE(skipped_has(p, "before its \"(UUID:\""));
  EXPECT_EQ(gpu_at(p, 0)->name, "Quadro RTX 4000");
  // The same line ending in a newline was printed so (an old driver prints no UUID): it keeps its name.
  const ImportPart whole = import_test::parse_as("nvidia-smi-list", "GPU 0: Tesla K80 (UUID: GPU-c7b57be0-94ff-d352-a59b-d0ee00aeed43)\nGPU 1: Tesla K80\n");
  EXPECT_EQ(gpu_at(whole, 1)->name, "Tesla K80");
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::read_bytes;

const fs::path kList = import_test::fixture_dir("nvidia-smi-list");

ImportPart parse_list(const std::string& raw) { return import_test::parse_as("nvidia-smi-list", raw, "list.txt"); }

// `text` imported as the CLI does (detection, software errors).
ResultDocument import_text(const std::string& text) { return import_and_score::import_texts({{"smi-list.txt", text}}); }

using import_and_score::find_finding;
using import_and_score::findings_of;

TEST(ImportNvidiaSmiList, TheNewMigLayoutGivesTheBoardAndItsSlices) {
  const auto p = parse_list(read_bytes(kList / "a100-sxm4-80gb-mig-7x1g10gb-535.txt"));
  ASSERT_EQ(p.gpus.size(), 8u);
  EXPECT_TRUE(p.skipped.empty()) << p.skipped.front();
  const GpuInfo& board = p.gpus[0];
  EXPECT_FALSE(board.mig.is_mig_device);
  EXPECT_EQ(board.mig.mode_enabled, true);
  EXPECT_EQ(board.name, "NVIDIA A100-SXM4-80GB");
  for (std::size_t i = 1; i < 8; ++i) {
    const GpuInfo& s = p.gpus[i];
    EXPECT_TRUE(s.mig.is_mig_device);
    EXPECT_EQ(s.index, 0);  // the parent's index, as the -q and table parsers record a slice
    EXPECT_EQ(s.name, board.name);
    EXPECT_EQ(s.mig.profile, "1g.10gb");
    EXPECT_EQ(s.mig.parent_uuid, board.uuid);
    EXPECT_EQ(s.mig.extra["device_index"], static_cast<int>(i - 1));
    EXPECT_EQ(s.uuid.rfind("MIG-", 0), 0u);
    EXPECT_FALSE(s.mig.gpu_instance_id.has_value());  // the new UUIDs carry no instance ids
  }
}

TEST(ImportNvidiaSmiList, TheOldMigUuidsCarryTheInstanceIds) {
  const auto p = parse_list(read_bytes(kList / "a100-pcie-40gb-mig-460-old-uuid-layout.txt"));
  ASSERT_EQ(p.gpus.size(), 4u);
  EXPECT_EQ(p.gpus[3].mig.profile, "1g.5gb");
  EXPECT_EQ(p.gpus[3].mig.gpu_instance_id, 9);
  EXPECT_EQ(p.gpus[3].mig.extra["compute_instance_id"], 0);
  EXPECT_EQ(p.gpus[3].uuid, "MIG-GPU-9de3d0e8-33f5-10dc-0c79-2c88a7ab0a23/9/0");
}

TEST(ImportNvidiaSmiList, BoardsKeepTheirNumbersWhenAnEarlierOneHasSlices) {
  const ResultDocument doc = import_files({(kList / "a100-sxm4-80gb-x4-mig-on-gpu0.txt").string()}, {}, nullptr);
  ASSERT_EQ(doc.gpus.size(), 8u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(doc.gpus[static_cast<std::size_t>(i)].index, i);
    EXPECT_FALSE(doc.gpus[static_cast<std::size_t>(i)].mig.is_mig_device);
  }
  EXPECT_EQ(doc.gpus[0].mig.mode_enabled, true);
  EXPECT_FALSE(doc.gpus[1].mig.mode_enabled.has_value());  // -L cannot tell "disabled" from "no instances"
  EXPECT_TRUE(doc.gpus[4].mig.is_mig_device);
}

TEST(ImportNvidiaSmiList, PromptsDatesAndErrorLinesAreNotSkipped) {
  // synthetic: the shapes posted pastes have, around real-looking lines.
  const auto p = parse_list(
      "PS C:\\Users\\me> nvidia-smi --list-gpus\n"
      "Mon Jul  6 13:16:25 UTC 2026\n"
      "GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-0a1ac16e-1111-2222-3333-444455556666)\n"
      "$\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(p.skipped.empty()) << p.skipped.front();
  EXPECT_EQ(p.gpus[0].uuid, "GPU-0a1ac16e-1111-2222-3333-444455556666");
}

TEST(ImportNvidiaSmiList, ACutPasteKeepsWhatItHas) {
  // synthetic: a list cut inside the last GPU's UUID, and a redacted UUID.
  const auto p = parse_list(
      "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)\n"
      "GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-69ec2344-eb");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].uuid, "");  // redacted: names nothing, the GPU merges by index
  EXPECT_EQ(p.gpus[1].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(p.gpus[1].uuid, "");
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("line 2: the line is cut inside its UUID"), std::string::npos) << p.skipped[0];
}

TEST(ImportNvidiaSmiList, ASecondListingAndAnOrphanMigLineAreSaidNotRead) {
  // synthetic
  const auto p = parse_list(
      "  MIG 1g.10gb     Device  3: (UUID: MIG-7a99e994-6607-5d8a-9ab3-ace43cf9bd96)\n"
      "GPU 0: NVIDIA A30 (UUID: GPU-34046858-1ee2-2e76-98be-a539d0b89ebd)\n"
      "  MIG 2g.12gb     Device  0: (UUID: MIG-05ac6abb-b127-53a3-b247-7d4aa0c11fe2)\n"
      "GPU 0: NVIDIA A30 (UUID: GPU-34046858-1ee2-2e76-98be-a539d0b89ebd)\n"
      "  MIG 2g.12gb     Device  0: (UUID: MIG-05ac6abb-b127-53a3-b247-7d4aa0c11fe2)\n"
      "GPU 0: NVIDIA L4 (UUID: GPU-c2f76b33-7953-256e-8f33-1343419b1a1c)\n"
      "some remark\nanother remark\n");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA A30");
  EXPECT_EQ(p.gpus[1].mig.profile, "2g.12gb");
  ASSERT_EQ(p.skipped.size(), 3u);
  EXPECT_NE(p.skipped[0].find("line 1: a MIG device line before any GPU line"), std::string::npos);
  EXPECT_NE(p.skipped[1].find("line 6: GPU 0 listed again"), std::string::npos) << p.skipped[1];
  EXPECT_NE(p.skipped[2].find("line 7: not a GPU or MIG device line (and 1 more"), std::string::npos) << p.skipped[2];
}

TEST(ImportNvidiaSmiList, DetectionClaimsListsAndNothingElse) {
  for (const auto& e : fs::directory_iterator(kList)) {
    // DCGM's own GPU list, kept here to be refused (its sidecar's expect_error), is no nvidia-smi -L.
    if (read_bytes(e.path().string() + ".source.json").find("\"expect_error\"") != std::string::npos) continue;
    if (e.path().extension() == ".txt") EXPECT_EQ(detected(read_bytes(e.path())), "nvidia-smi-list") << e.path();
  }
  // Old drivers print no UUID.
  EXPECT_EQ(detected("GPU 0: Tesla K80\nGPU 1: Tesla K80\n"), "nvidia-smi-list");
  // nvidia-smi nvlink -s prints the same GPU lines, then its links.
  EXPECT_EQ(detected("GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-abc12345-0000-0000-0000-000000000000)\n\t Link 0: 25 GB/s\n"
                     "\t Link 1: 25 GB/s\n"),
            "nvidia-smi-nvlink");
  // gpu-burn prints -L's lines among its own.
  EXPECT_EQ(detected("Burning for 100 seconds.\nGPU 0: Tesla T4 (UUID: GPU-11111111-2222-3333-4444-555555555555)\n"
                     "Initialized device 0 with 15109 MB of memory (14888 MB available, using 13399 MB of it), using FLOATS\n"
                     "10.0%  proc'd: 1 (4000 Gflop/s)   errors: 0   temps: 50 C\nTested 1 GPUs:\n\tGPU 0: OK\n"),
            "gpu-burn");
  EXPECT_EQ(detected("Tested 2 GPUs:\n\tGPU 0: OK\n\tGPU 1: FAULTY\n"), "gpu-burn");
  // A paragraph that mentions a GPU is no list.
  EXPECT_EQ(detected("We ran it on\nGPU 0: NVIDIA A100 (UUID: GPU-...)\nand it was slow, see\nthe log below\n"), "");
  // Other formats' fixtures that carry -L lines stay theirs (format_registry_test checks them all).
  EXPECT_NE(detected(read_bytes(import_test::fixture_dir("nvidia-smi-table") / "h100-mig-590-load.txt")), "nvidia-smi-list");
}

TEST(ImportNvidiaSmiList, ErrorAnswersAreSoftwareEvidence) {
  // synthetic: the two answers nvidia-smi -L gives instead of a list.
  const ResultDocument none = import_text("$ nvidia-smi -L\nNo devices were found\n");
  EXPECT_EQ(none.gpu_status.state, "no-device");
  ASSERT_TRUE(none.extra.contains("software_errors"));
  EXPECT_EQ(none.extra["software_errors"][0]["kind"], "no-device");
  const ResultDocument down = import_text(
      "$ nvidia-smi -L\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the "
      "latest NVIDIA driver is installed and running.\n");
  EXPECT_EQ(down.gpu_status.state, "driver-not-loaded");
  const auto fs = findings_of(down);
  bool software = false;
  for (const auto& f : fs) software = software || f.id == "software";
  EXPECT_TRUE(software);
}

TEST(ImportNvidiaSmiList, AListBesideAQDumpFillsOnlyWhatTheDumpLeftUnset) {
  // synthetic: a -q part of one board with MIG devices (instance ids, no MIG UUID, no profile: -q
  // before 590), then the -L of the same machine.
  ResultDocument doc;
  ImportPart q;
  q.format = "nvidia-smi-q";
  q.source = {"nvidia-smi", "", "q.txt", 0};
  GpuInfo board;
  board.index = 0;
  board.name = "NVIDIA A100-SXM4-80GB";
  board.uuid = "GPU-7fdaf0a5-179b-f636-d15d-daf243e3ff16";
  board.pci_bus_id = "00000000:07:00.0";
  board.memory_total_bytes = 81920ull << 20;
  board.mig.mode_enabled = true;
  q.gpus.push_back(board);
  for (int d = 0; d < 2; ++d) {
    GpuInfo s = board;
    s.uuid.clear();
    s.mig.is_mig_device = true;
    s.mig.parent_uuid = board.uuid;
    s.mig.gpu_instance_id = 7 + d;
    s.mig.extra = json{{"compute_instance_id", 0}, {"device_index", d}};
    s.sm_count = 14;
    q.gpus.push_back(s);
  }
  merge_part(doc, q);
  ASSERT_EQ(doc.gpus.size(), 3u);
  ImportPart l = parse_list(
      "GPU 3: NVIDIA A100-SXM4-80GB renamed (UUID: GPU-7fdaf0a5-179b-f636-d15d-daf243e3ff16)\n"
      "  MIG 1g.10gb     Device  0: (UUID: MIG-feb88891-0321-5fef-9c87-d4af3b54259e)\n"
      "  MIG 1g.10gb     Device  1: (UUID: MIG-a25704ba-3a06-5299-a795-fd7cf4d13973)\n"
      "GPU 4: NVIDIA A100-SXM4-80GB (UUID: GPU-d8594bd4-0fc3-8595-e355-7c98138f3b95)\n");
  l.format = "nvidia-smi-list";
  merge_part(doc, l);
  ASSERT_EQ(doc.gpus.size(), 4u);  // the two slices matched, one new board
  EXPECT_EQ(doc.gpus[0].name, "NVIDIA A100-SXM4-80GB");  // -q's name stays
  EXPECT_EQ(doc.gpus[0].pci_bus_id, "00000000:07:00.0");
  EXPECT_EQ(doc.gpus[0].memory_total_bytes, 81920ull << 20);
  EXPECT_EQ(doc.gpus[1].mig.profile, "1g.10gb");  // what -q does not print, -L fills
  EXPECT_EQ(doc.gpus[1].uuid, "MIG-feb88891-0321-5fef-9c87-d4af3b54259e");
  EXPECT_EQ(doc.gpus[1].mig.gpu_instance_id, 7);
  EXPECT_EQ(doc.gpus[2].uuid, "MIG-a25704ba-3a06-5299-a795-fd7cf4d13973");
  EXPECT_EQ(doc.gpus[2].sm_count, 14);
  EXPECT_EQ(doc.gpus[3].uuid, "GPU-d8594bd4-0fc3-8595-e355-7c98138f3b95");
}

TEST(ImportNvidiaSmiList, MigDevicesAndVgpuProfilesScoreSlicedFromTheListAlone) {
  const auto mig = findings_of(import_files({(kList / "a100-80gb-pcie-mig-2x3g40gb-530-lxc.txt").string()}, {}, nullptr));
  const Finding* board = find_finding(mig, "sliced", 0);
  ASSERT_NE(board, nullptr);
  EXPECT_EQ(board->confidence, "high");
  const Finding* slice = find_finding(mig, "sliced", 1);
  ASSERT_NE(slice, nullptr);
  EXPECT_NE(slice->summary.find("3g.40gb"), std::string::npos) << slice->summary;

  const auto vgpu = findings_of(import_files({(kList / "grid-a100-10c-vgpu-pod-log.txt").string()}, {}, nullptr));
  const Finding* v = find_finding(vgpu, "sliced", 0);
  ASSERT_NE(v, nullptr);
  EXPECT_NE(v->summary.find("A100-10C"), std::string::npos) << v->summary;

  const auto whole = findings_of(import_files({(kList / "rtx3090-x4-prompt.txt").string()}, {}, nullptr));
  for (int g = 0; g < 4; ++g) EXPECT_EQ(find_finding(whole, "sliced", g), nullptr) << g;
}

TEST(ImportNvidiaSmiList, GarbageNeverCrashes) {
  for (const char* s : {"", "GPU", "GPU :", "GPU 99999: x", "GPU 0:", "GPU 0: (UUID:", "MIG", "MIG  Device 0:",
                        "MIG x Device : (UUID: MIG-)", "GPU 1: a (UUID: MIG-GPU-/x/y)\n  MIG 1g.5gb Device 0: (UUID: MIG-GPU-//)"}) {
    const auto p = parse_list(s);
    (void)json(p.gpus).dump();
  }
}

}  // namespace
}  // namespace gpuaudit::imports
