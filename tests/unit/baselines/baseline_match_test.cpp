// baselines/baseline_match: a GPU matched to its baseline by PCI id, name and memory, MIG profile or
// vGPU profile, and the architecture fallback (with its estimate) for a card the set does not list.
#include "baselines/baseline_set.hpp"
#include "baselines/gpu_family.hpp"
#include "baselines/vgpu_profile.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

using namespace gpuaudit;

namespace {

constexpr std::uint64_t kMiB = 1024ull * 1024ull;

GpuInfo card(const std::string& name, std::optional<std::string> pci, std::optional<std::uint64_t> mib,
             std::optional<std::string> cc = std::nullopt, std::optional<int> sms = std::nullopt) {
  GpuInfo g;
  g.name = name;
  g.pci_device_id = std::move(pci);
  if (mib) g.memory_total_bytes = *mib * kMiB;
  g.compute_capability = std::move(cc);
  g.sm_count = sms;
  return g;
}

GpuInfo mig_slice(const std::string& parent_name, const std::string& profile, std::optional<std::string> pci,
                  std::uint64_t slice_mib, int sms) {
  GpuInfo g = card(parent_name + " MIG " + profile, std::move(pci), slice_mib, "9.0", sms);
  g.mig.is_mig_device = true;
  g.mig.profile = profile;
  return g;
}

// Each card must match its baseline by its PCI device id.
struct PciCase {
  const char* name;
  const char* pci;
  std::uint64_t mib;
  const char* id;
};
void expect_pci_id_matches(std::initializer_list<PciCase> cases) {
  for (const PciCase& c : cases) {
    const auto m = match_baseline(repo_baselines(), card(c.name, c.pci, c.mib));
    ASSERT_TRUE(m.matched()) << c.name << ": " << m.note;
    EXPECT_EQ(m.baseline->id, c.id) << c.name << ": " << m.note;
    EXPECT_EQ(m.method, "pci-id") << c.name;
  }
}

// Each card, with no PCI id, must match its baseline by name and memory.
struct NameCase {
  const char* name;
  std::uint64_t mib;
  const char* id;
};
void expect_name_memory_matches(std::initializer_list<NameCase> cases) {
  for (const NameCase& c : cases) {
    const auto m = match_baseline(repo_baselines(), card(c.name, std::nullopt, c.mib));
    ASSERT_TRUE(m.matched()) << c.name << ": " << m.note;
    EXPECT_EQ(m.baseline->id, c.id) << c.name << ": " << m.note;
    EXPECT_EQ(m.method, "name+memory") << c.name << ": " << m.note;
  }
}

}  // namespace

TEST(BaselineMatch, ByPciId) {
  const auto m = match_baseline(repo_baselines(), card("NVIDIA H100 80GB HBM3", "10de:2330", 81559));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "h100-sxm5-80gb");
  EXPECT_EQ(m.method, "pci-id");
  EXPECT_EQ(m.mig_profile, nullptr);
  EXPECT_FALSE(m.synthesized);
  EXPECT_EQ(&m.effective(), m.baseline);
}

TEST(BaselineMatch, PciIdIsCaseAndPrefixInsensitive) {
  const auto m = match_baseline(repo_baselines(), card("something else", "0x10DE:2330", std::nullopt));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "h100-sxm5-80gb");
  EXPECT_NE(m.note.find("not one the baseline lists"), std::string::npos) << m.note;
}

TEST(BaselineMatch, SharedPciIdSplitByMemory) {
  // Two boards behind one PCI id (as DCGM and mig-parted see for some SKUs): memory decides.
  BaselineSet set = repo_baselines();
  Baseline small = *set.find("a100-sxm4-40gb");
  Baseline big = *set.find("a100-sxm4-80gb");
  small.pci_device_ids = {"10de:20b2"};
  small.nvidia_smi_names = {"NVIDIA A100-SXM4"};
  big.nvidia_smi_names = {"NVIDIA A100-SXM4"};
  set.models = {small, big};

  auto m = match_baseline(set, card("NVIDIA A100-SXM4", "10de:20b2", 40960));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "a100-sxm4-40gb");
  EXPECT_EQ(m.method, "pci-id");
  EXPECT_NE(m.note.find("shared by"), std::string::npos) << m.note;
  EXPECT_NE(m.note.find("memory"), std::string::npos) << m.note;

  m = match_baseline(set, card("NVIDIA A100-SXM4", "10de:20b2", 81920));
  EXPECT_EQ(m.baseline->id, "a100-sxm4-80gb");
}

TEST(BaselineMatch, SharedPciIdSplitByName) {
  BaselineSet set = repo_baselines();
  Baseline a = *set.find("tesla-v100-sxm2-16gb");
  Baseline b = *set.find("tesla-v100-sxm2-32gb");
  b.pci_device_ids.push_back("10de:1db1");  // DCGM's reading of 1db1 (notes section 2.8)
  set.models = {a, b};
  const auto m = match_baseline(set, card("Tesla V100-SXM2-32GB", "10de:1db1", 32510));
  EXPECT_EQ(m.baseline->id, "tesla-v100-sxm2-32gb");
}

TEST(BaselineMatch, NameAndMemoryWithoutPciId) {
  auto m = match_baseline(repo_baselines(), card("NVIDIA L4", std::nullopt, 23034));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "nvidia-l4");
  EXPECT_EQ(m.method, "name+memory");

  // nvidia-smi's MiB against the marketed GB: 46068 MiB is a 48 GB A40.
  m = match_baseline(repo_baselines(), card("NVIDIA A40", std::nullopt, 46068));
  EXPECT_EQ(m.method, "name+memory");
}

TEST(BaselineMatch, NameOnly) {
  auto m = match_baseline(repo_baselines(), card("NVIDIA L4", std::nullopt, std::nullopt));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "nvidia-l4");
  EXPECT_EQ(m.method, "name");

  // A memory size that fits no board of that name (a 48 GB modified RTX 4090) still matches by
  // name, and the note says the memory is odd.
  m = match_baseline(repo_baselines(), card("NVIDIA GeForce RTX 4090", std::nullopt, 49140));
  EXPECT_EQ(m.baseline->id, "geforce-rtx-4090");
  EXPECT_EQ(m.method, "name");
  EXPECT_NE(m.note.find("does not fit"), std::string::npos) << m.note;
}

TEST(BaselineMatch, OldTeslaPrefixAndSpacing) {
  const auto m = match_baseline(repo_baselines(), card("  tesla   T4 ", std::nullopt, std::nullopt));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "tesla-t4");
}

TEST(BaselineMatch, MigSliceA100) {
  const auto m = match_baseline(repo_baselines(), mig_slice("NVIDIA A100-SXM4-80GB", "1g.10gb", "10de:20b2", 9728, 14));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "a100-sxm4-80gb");
  ASSERT_NE(m.mig_profile, nullptr);
  EXPECT_EQ(m.mig_profile->name, "1g.10gb");
  EXPECT_EQ(m.mig_profile->sm_count, 14);
  EXPECT_EQ(m.mig_profile->memory_slices, 1);
  EXPECT_DOUBLE_EQ(mig_memory_fraction(*m.mig_profile), 1.0 / 8);
  EXPECT_NEAR(*mig_sm_fraction(*m.baseline, *m.mig_profile), 14.0 / 108, 1e-9);
  EXPECT_NE(m.note.find("14 of 108 SMs"), std::string::npos) << m.note;
}

TEST(BaselineMatch, MigSliceWithoutPciIdPicksParentByProfile) {
  // No PCI id and a name two 80 GB boards could share: the slice's memory says nothing about the
  // board, the profile name does.
  const auto m = match_baseline(repo_baselines(), mig_slice("NVIDIA A100-SXM4-80GB", "3g.40gb", std::nullopt, 40192, 42));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "a100-sxm4-80gb");
  EXPECT_EQ(m.method, "name");
  ASSERT_NE(m.mig_profile, nullptr);
  EXPECT_EQ(m.mig_profile->sm_count, 42);
}

TEST(BaselineMatch, MigSliceH100SxmAndPcieDiffer) {
  auto m = match_baseline(repo_baselines(), mig_slice("NVIDIA H100 80GB HBM3", "3g.40gb", "10de:2330", 40448, 60));
  ASSERT_NE(m.mig_profile, nullptr);
  EXPECT_EQ(m.baseline->id, "h100-sxm5-80gb");
  EXPECT_EQ(m.mig_profile->sm_count, 60);
  EXPECT_EQ(m.mig_profile->memory_slices, 4);

  m = match_baseline(repo_baselines(), mig_slice("NVIDIA H100 PCIe", "3g.40gb", "10de:2331", 40448, 46));
  ASSERT_NE(m.mig_profile, nullptr);
  EXPECT_EQ(m.baseline->id, "h100-pcie-80gb");
  EXPECT_EQ(m.mig_profile->sm_count, 46);
}

TEST(BaselineMatch, MigSliceProfileFromNameOnly) {
  GpuInfo g = card("NVIDIA H100 80GB HBM3 MIG 1g.10gb", "10de:2330", 9984);
  const auto m = match_baseline(repo_baselines(), g);  // is_mig_device not set: the name says it
  ASSERT_NE(m.mig_profile, nullptr);
  EXPECT_EQ(m.mig_profile->sm_count, 16);
}

TEST(BaselineMatch, MigProfileTheBaselineDoesNotList) {
  const auto m = match_baseline(repo_baselines(), mig_slice("NVIDIA H100 80GB HBM3", "5g.50gb", "10de:2330", 51200, 80));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.mig_profile, nullptr);
  EXPECT_NE(m.note.find("not in the baseline"), std::string::npos) << m.note;
}

TEST(BaselineMatch, UnknownCardGetsArchitectureFallback) {
  // A Hopper board the set does not list (an H100 SXM5 64GB-like part with 114 SMs).
  const auto m = match_baseline(repo_baselines(), card("NVIDIA H100 64GB HBM3", "10de:23ff", 65536, "9.0", 114));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.method, "architecture-fallback");
  EXPECT_EQ(m.baseline->id, "h100-sxm5-80gb");
  ASSERT_TRUE(m.synthesized);
  const Baseline& s = m.effective();
  EXPECT_EQ(&s, &*m.synthesized);
  EXPECT_EQ(s.sm_count, 114);
  const double f = 114.0 / 132.0;
  EXPECT_NEAR(s.expected.at("gemm/bf16").value, m.baseline->expected.at("gemm/bf16").value * f, 1e-9);
  EXPECT_NEAR(s.bf16_tensor_tflops->value, m.baseline->bf16_tensor_tflops->value * f, 1e-9);
  EXPECT_TRUE(s.expected.at("gemm/bf16").uncertain);
  EXPECT_EQ(s.expected.at("sm/census").value, 114);
  EXPECT_EQ(s.expected.count("hbm/copy"), 0u) << "memory bandwidth does not follow from SM count";
  EXPECT_NE(m.note.find("unknown GPU"), std::string::npos);
  EXPECT_NE(m.note.find("scaled"), std::string::npos) << m.note;
  EXPECT_NE(m.note.find("114 SMs"), std::string::npos) << m.note;
}

TEST(BaselineMatch, UnknownMinorVersionUsesNearestReferenceOfItsMajor) {
  // A made-up 10.1 part: the 10.0 reference (B200) is nearer than the 10.3 one (B300).
  const auto m = match_baseline(repo_baselines(), card("NVIDIA B250 Future", "10de:31ff", 275000, "10.1", 148));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.method, "architecture-fallback");
  EXPECT_EQ(m.baseline->compute_capability, "10.0");
  EXPECT_NE(m.note.find("nearest reference"), std::string::npos) << m.note;
}

TEST(BaselineMatch, NothingMatchesAnUnknownArchitecture) {
  const auto m = match_baseline(repo_baselines(), card("NVIDIA Future", "10de:ffff", 1024, "99.0", 10));
  EXPECT_FALSE(m.matched());
  EXPECT_EQ(m.method, "none");
  EXPECT_NE(m.note.find("unknown GPU"), std::string::npos) << m.note;
}

TEST(BaselineMatch, UnknownCardWithoutSmCountIsStillJudgedOnState) {
  // The architecture is known, the SMs are not: no compute expectation, but a reference (its
  // architecture, clock) so that state and telemetry can still be judged.
  const auto m = match_baseline(repo_baselines(), card("NVIDIA Mystery", std::nullopt, 1024, "9.0"));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.method, "architecture-fallback");
  EXPECT_EQ(m.effective().sm_count, 0);
  EXPECT_EQ(m.effective().expected.count("gemm/bf16"), 0u);
  EXPECT_EQ(m.effective().architecture, "Hopper");
  EXPECT_NE(m.note.find("no SM count"), std::string::npos) << m.note;
}

TEST(BaselineMatch, WorkstationAndGeForceByPciIdAndName) {
  expect_pci_id_matches({
      {"NVIDIA RTX A6000", "10de:2230", 49140, "rtx-a6000"},
      {"NVIDIA RTX A4000", "10de:24b0", 16376, "rtx-a4000"},
      {"NVIDIA RTX A2000 12GB", "10de:2571", 12282, "rtx-a2000-12gb"},  // 12282 MiB: a posted nvidia-smi CSV row
      {"NVIDIA RTX 6000 Ada Generation", "10de:26b1", 49140, "rtx-6000-ada"},
      {"NVIDIA RTX 4000 SFF Ada Generation", "10de:27b0", 20475, "rtx-4000-sff-ada"},
      {"NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "10de:2bb1", 97887, "rtx-pro-6000-blackwell"},
      {"NVIDIA RTX PRO 6000 Blackwell Server Edition", "10de:2bb5", 97887, "rtx-pro-6000-blackwell-server"},
      {"NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "10de:2bb4", 97887, "rtx-pro-6000-blackwell-max-q"},
      {"NVIDIA RTX PRO 5000 72GB Blackwell", "10de:2bb3", 73000, "rtx-pro-5000-72gb-blackwell"},
      {"NVIDIA RTX PRO 5000 Blackwell", "10de:2bb3", 48500, "rtx-pro-5000-blackwell"},
      {"NVIDIA GeForce RTX 5090", "10de:2b85", 32607, "geforce-rtx-5090"},
      {"NVIDIA GeForce RTX 2080 Ti", "10de:1e07", 11264, "geforce-rtx-2080-ti"},
      {"NVIDIA GeForce RTX 3080", "10de:2216", 10240, "geforce-rtx-3080"},
      {"NVIDIA GeForce RTX 4060 Ti", "10de:2805", 16380, "geforce-rtx-4060-ti-16gb"},
      {"NVIDIA A2", "10de:25b6", 15356, "nvidia-a2"},
      {"NVIDIA A16", "10de:25b6", 15356, "nvidia-a16"},
      {"NVIDIA GB200", "10de:2941", 189471, "nvidia-gb200"},
      {"NVIDIA B300 SXM6 AC", "10de:3182", 275040, "nvidia-b300"},
      {"NVIDIA H20-3e", "10de:232c", 143771, "h20-141gb"},
  });
}

TEST(BaselineMatch, NamesFromPublicPostsWithoutPciId) {
  expect_name_memory_matches({
      // torch collect_env / training logs posted on GitHub ("GPU 0: Tesla V100-SXM3-32GB").
      {"Tesla V100-SXM3-32GB", 32510, "tesla-v100-sxm3-32gb"},
      // TensorFlow device listing "name: Tesla V100S-PCIE-32GB, ... compute capability: 7.0".
      {"Tesla V100S-PCIE-32GB", 32510, "tesla-v100s-pcie-32gb"},
      // An nvidia-smi table row "0  Tesla P100-SXM2-16GB  Off | 00000000:1A:00.0".
      {"Tesla P100-SXM2-16GB", 16280, "tesla-p100-sxm2-16gb"},
      // "3x NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition, about 97,887 MiB each".
      {"NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", 97887, "rtx-pro-6000-blackwell-max-q"},
      // Drivers before 470 print GeForce names without the vendor.
      {"GeForce GTX 1080 Ti", 11178, "geforce-gtx-1080-ti"},
      {"NVIDIA GeForce GTX 1080 Ti", 11264, "geforce-gtx-1080-ti"},
      {"Tesla P40", 22919, "tesla-p40"},
      // The 4060 Ti prints one name for both memory sizes: the memory decides.
      {"NVIDIA GeForce RTX 4060 Ti", 8188, "geforce-rtx-4060-ti-8gb"},
      {"NVIDIA GeForce RTX 4060 Ti", 16380, "geforce-rtx-4060-ti-16gb"},
      {"Quadro RTX 8000", 48601, "quadro-rtx-8000"},
      // Real outputs kept in tests/data: the K80's table (one GPU of the board, ECC on), TITAN Xp's table on
      // driver 450 (no vendor), TITAN V's -q, the RTX 2080 SUPER capture's -q and Telegraf's dual RTX 2080 -q -x
      // (one memory size, the name decides), and the 12 GB P100 PCIe by its full name.
      {"Tesla K80", 11441, "tesla-k80"},
      {"TITAN Xp", 12196, "titan-xp"},
      {"NVIDIA TITAN V", 12288, "titan-v"},
      {"NVIDIA GeForce RTX 2080 SUPER", 8192, "geforce-rtx-2080-super"},
      {"NVIDIA GeForce RTX 2080", 8192, "geforce-rtx-2080"},
      {"Tesla P100-PCIE-12GB", 12193, "tesla-p100-pcie-12gb"},
  });
}

TEST(BaselineMatch, SecondBatchOfCommonCardsByPciId) {
  expect_pci_id_matches({
      // Real outputs kept in tests/data: Telegraf's "gtx-1660-ti.xml" is device 2184, a GTX 1660, named
      // "Graphics Device" by driver 418; the K40m and K20m -q pastes (ECC on); Telegraf's Quadro P400.
      {"Graphics Device", "10de:2184", 5912, "geforce-gtx-1660"},
      {"Tesla K40m", "10de:1023", 11519, "tesla-k40"},
      {"Tesla K20m", "10de:1028", 4799, "tesla-k20m"},
      {"Quadro P400", "10de:1cb3", 1998, "quadro-p400"},
      // One device id, two boards: the name decides (M40), or the memory (RTX 5060 Ti: posted 16,311 MiB on a
      // SLURM node and 8151 MiB on a Windows workstation).
      {"Tesla M40 24GB", "10de:17fd", 22939, "tesla-m40-24gb"},
      {"NVIDIA GeForce RTX 5060 Ti", "10de:2d04", 16311, "geforce-rtx-5060-ti-16gb"},
      {"NVIDIA GeForce RTX 5060 Ti", "10de:2d04", 8151, "geforce-rtx-5060-ti-8gb"},
      // The 12 GB RTX 3080 prints the 10 GB card's name; its own device id (220a) tells them apart.
      {"NVIDIA GeForce RTX 3080", "10de:220a", 12288, "geforce-rtx-3080-12gb"},
      {"NVIDIA GeForce GTX 1650", "10de:2188", 4096, "geforce-gtx-1650"},
      {"NVIDIA T400 4GB", "10de:1ff2", 4096, "nvidia-t400-4gb"},
  });
}

TEST(BaselineMatch, SecondBatchOfCommonCardsByNameAndMemory) {
  expect_name_memory_matches({
      // Posted nvidia-smi tables ("NVIDIA GeForce GTX 1060 6GB ... 6144MiB", "Tesla M10 ... 8129MiB", one GPU
      // of the four-GPU board), a gpustat JSON ("Tesla M40 24GB", memory.total 22939) and thamada/gls'
      // deviceQuery of a GTX 1050 Ti (4039 MBytes).
      {"NVIDIA GeForce GTX 1060 6GB", 6144, "geforce-gtx-1060-6gb"},
      {"Tesla M10", 8129, "tesla-m10"},
      {"Tesla M40 24GB", 22939, "tesla-m40-24gb"},
      {"NVIDIA GeForce GTX 1050 Ti", 4039, "geforce-gtx-1050-ti"},
      // Posted tables of workstation cards: "Quadro GV100 ... 32506MiB", "Quadro M6000 24GB ... 24576MiB".
      {"Quadro GV100", 32506, "quadro-gv100"},
      {"Quadro M6000 24GB", 24576, "quadro-m6000-24gb"},
      // Posted tables: "NVIDIA GeForce GTX 1060 3GB ... 3072MiB", "Tesla K20Xm ... 5700MiB" (ECC on).
      {"NVIDIA GeForce GTX 1060 3GB", 3072, "geforce-gtx-1060-3gb"},
      {"Tesla K20Xm", 5700, "tesla-k20xm"},
      {"Quadro P620", 1977, "quadro-p620"},  // 1977-2048 MiB in posted tables, by driver
      // Without a device id the memory splits the two RTX 3080s (10240 MiB is the 10 GB card's table figure).
      {"NVIDIA GeForce RTX 3080", 10240, "geforce-rtx-3080"},
      {"NVIDIA GeForce RTX 3080", 12288, "geforce-rtx-3080-12gb"},
  });
}

TEST(BaselineMatch, ANameSeveralModelsPrintIsAmbiguousUnlessTheMemoryTellsThemApart) {
  EXPECT_FALSE(match_baseline(repo_baselines(), card("NVIDIA GeForce RTX 3080", std::nullopt, 10240)).model_ambiguous);
  const auto modded = match_baseline(repo_baselines(), card("NVIDIA GeForce RTX 3080", std::nullopt, 20480));
  ASSERT_TRUE(modded.matched());
  EXPECT_TRUE(modded.model_ambiguous) << modded.note;
  EXPECT_FALSE(match_baseline(repo_baselines(), card("NVIDIA H100 80GB HBM3", std::nullopt, 81559)).model_ambiguous);
}

TEST(BaselineMatch, TeslaM10VgpuProfilesFindTheBoard) {
  // "GRID M10-8Q" and "M10-1B" appear in vGPU posts; the board code is the card's name without "Tesla".
  for (const auto& [name, share] : {std::pair<const char*, double>{"GRID M10-8Q", 1.0}, {"GRID M10-1B", 1.0 / 8}}) {
    const auto m = match_baseline(repo_baselines(), card(name, std::nullopt, 8192));
    ASSERT_TRUE(m.matched()) << name << ": " << m.note;
    EXPECT_EQ(m.baseline->id, "tesla-m10") << name << ": " << m.note;
    EXPECT_EQ(m.method, "vgpu-profile") << name;
    ASSERT_TRUE(m.vgpu && m.vgpu->memory_fraction) << name;
    EXPECT_NEAR(*m.vgpu->memory_fraction, share, 1e-9) << name;
  }
}

TEST(BaselineMatch, VgpuProfilesMapToTheirBoardAndMemoryShare) {
  struct Case {
    const char* name;
    std::optional<std::string> pci;
    const char* id;
    double share;
  };
  const Case cases[] = {
      {"NVIDIA A10-24Q", std::nullopt, "nvidia-a10", 1.0},
      {"NVIDIA A100-4C", std::nullopt, "a100-pcie-40gb", 0.1},  // "NVIDIA A100-4C" in a KubeVirt mdev test
      {"GRID T4-8Q", std::nullopt, "tesla-t4", 0.5},
      {"GRID V100-16Q", std::nullopt, "tesla-v100-pcie-16gb", 1.0},
      {"NVIDIA L40S-48Q", std::nullopt, "nvidia-l40s", 1.0},   // "NVIDIA L40S-48Q" on a SLURM cluster, posted
      {"NVIDIA H100XM-80C", std::string("10de:2330"), "h100-sxm5-80gb", 1.0},
      {"NVIDIA H100XM-20C", std::nullopt, "h100-sxm5-80gb", 0.25},
      {"GRID M60-8Q", std::string("10de:13f2"), "tesla-m60", 1.0},
      {"NVIDIA A40-4A", std::nullopt, "nvidia-a40", 4.0 / 48},
      {"NVIDIA A16-2B", std::nullopt, "nvidia-a16", 2.0 / 16},
      {"NVIDIA RTX Pro 6000 Blackwell DC-48C", std::nullopt, "rtx-pro-6000-blackwell-server", 0.5},
  };
  for (const Case& c : cases) {
    GpuInfo g = card(c.name, c.pci, 8192);  // the guest's memory is the profile's: never used for the board
    const auto m = match_baseline(repo_baselines(), g);
    ASSERT_TRUE(m.matched()) << c.name << ": " << m.note;
    EXPECT_EQ(m.baseline->id, c.id) << c.name << ": " << m.note;
    EXPECT_EQ(m.method, "vgpu-profile") << c.name;
    ASSERT_TRUE(m.vgpu) << c.name;
    ASSERT_TRUE(m.vgpu->memory_fraction) << c.name;
    EXPECT_NEAR(*m.vgpu->memory_fraction, c.share, 1e-9) << c.name;
    EXPECT_NE(m.note.find("vGPU profile"), std::string::npos) << m.note;
    EXPECT_NE(m.note.find("time-sliced"), std::string::npos) << m.note;
  }
}

TEST(BaselineMatch, MigBackedVgpuGetsItsMigProfile) {
  const auto m = match_baseline(repo_baselines(), card("NVIDIA H100XM-3-40C", std::nullopt, 40960));
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.baseline->id, "h100-sxm5-80gb");
  EXPECT_EQ(m.method, "vgpu-profile");
  ASSERT_NE(m.mig_profile, nullptr) << m.note;
  EXPECT_EQ(m.mig_profile->name, "3g.40gb");
  EXPECT_EQ(m.mig_profile->sm_count, 60);
  EXPECT_NE(m.note.find("MIG-backed"), std::string::npos) << m.note;
}

TEST(BaselineMatch, VgpuOfAnUnknownBoardFallsBackByFamily) {
  // H100XS is the SXM5 64GB board: not in the set, but its code names a Hopper.
  const auto m = match_baseline(repo_baselines(), card("NVIDIA H100XS-16C", std::nullopt, 16384));
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.method, "architecture-fallback");
  ASSERT_TRUE(m.vgpu);
  EXPECT_EQ(m.vgpu->name, "H100XS-16C");
  EXPECT_EQ(m.effective().compute_capability, "9.0");
}

TEST(BaselineMatch, BlackwellConsumerFallbackHalvesTheProfessionalTensorRate) {
  // An RTX 5050 (GB207, 20 SMs, not in the set) with compute capability 12.0 from the document.
  GpuInfo g = card("NVIDIA GeForce RTX 5050", "10de:2d83", 8151, "12.0", 20);
  const auto m = match_baseline(repo_baselines(), g);
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.method, "architecture-fallback");
  EXPECT_EQ(m.baseline->id, "rtx-pro-6000-blackwell");
  const Baseline& s = m.effective();
  const double f = 20.0 / m.baseline->sm_count;
  EXPECT_NEAR(s.expected.at("gemm/bf16").value, m.baseline->expected.at("gemm/bf16").value * f * 0.5, 1e-9);
  EXPECT_NEAR(s.expected.at("sm/fp32").value, m.baseline->expected.at("sm/fp32").value * f, 1e-9);
  EXPECT_DOUBLE_EQ(*s.expected.at("gemm/bf16").tolerance, 0.30);
  EXPECT_DOUBLE_EQ(*s.expected.at("sm/fp32").tolerance, 0.25);
  EXPECT_NE(m.note.find("estimated from Blackwell per-SM rates"), std::string::npos) << m.note;
  EXPECT_NE(m.note.find("20 SMs"), std::string::npos) << m.note;
  EXPECT_NE(m.note.find("widened"), std::string::npos) << m.note;
}

TEST(BaselineMatch, FallbackTakesComputeCapabilityFromTheNameAndClockFromTheDocument) {
  GpuInfo g = card("NVIDIA RTX PRO 2000 Blackwell", std::nullopt, 16303, std::nullopt, 34);
  g.clocks.sm_max_mhz = 1950;
  const auto m = match_baseline(repo_baselines(), g);
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.method, "architecture-fallback");
  EXPECT_EQ(m.effective().compute_capability, "12.0");
  EXPECT_NE(m.note.find("from the name"), std::string::npos) << m.note;
  EXPECT_NE(m.note.find("34 SMs at 1950 MHz"), std::string::npos) << m.note;
  const double f = 34.0 / 188 * 1950 / m.baseline->boost_clock_mhz->value;
  EXPECT_NEAR(m.effective().expected.at("gemm/bf16").value, m.baseline->expected.at("gemm/bf16").value * f, 1e-6);
  EXPECT_DOUBLE_EQ(m.effective().boost_clock_mhz->value, 1950);
}

TEST(BaselineMatch, FallbackFromPerSmRatesWhenNoReferenceModelExists) {
  BaselineSet empty;  // no model at all: only the programming guide's per-SM lanes are left
  GpuInfo g = card("NVIDIA A40", std::nullopt, 46068, "8.6", 84);
  g.clocks.sm_max_mhz = 1740;
  const auto m = match_baseline(empty, g);
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.baseline, nullptr);
  EXPECT_EQ(m.method, "architecture-fallback");
  const double peak = 2.0 * 128 * 84 * 1740e6 / 1e12;
  ASSERT_TRUE(m.effective().fp32_tflops);
  EXPECT_NEAR(m.effective().fp32_tflops->value, peak, 1e-9);
  EXPECT_NEAR(m.effective().expected.at("sm/fp32").value, peak * 0.9, 1e-9);
  EXPECT_NE(m.note.find("Ampere per-SM rates, 84 SMs at 1740 MHz"), std::string::npos) << m.note;
  // A copy of the match is as good as the original (nothing points into it).
  const BaselineMatch copy = m;
  EXPECT_EQ(copy.effective().sm_count, 84);
}

