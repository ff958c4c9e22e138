// baselines/baseline_set: the repository's set loads (version, ids, sources), a card is found by id,
// model or name, a bad file is refused naming it, the folder comes from GPUAUDIT_BASELINES, and a
// MIG suffix is stripped from a name.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "unit/support/repo_baselines.hpp"

#include "unit/support/scoped_env.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

// A scratch folder removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("gpuaudit-baselines-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path / name) << text; }
};

}  // namespace

TEST(Baselines, FindByIdModelOrName) {
  const BaselineSet& set = repo_baselines();
  ASSERT_NE(set.find("h100-sxm5-80gb"), nullptr);
  EXPECT_EQ(set.find("NVIDIA H100 80GB HBM3")->id, "h100-sxm5-80gb");
  EXPECT_EQ(set.find("h200 sxm 141gb")->id, "h200-sxm-141gb");
  EXPECT_EQ(set.find("no such card"), nullptr);
}

TEST(Baselines, H200MatchesTheBriefsFigures) {
  const Baseline* b = repo_baselines().find("h200-sxm-141gb");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->sm_count, 132);
  EXPECT_DOUBLE_EQ(b->memory_bandwidth_gbs->value, 4800);
  EXPECT_NEAR(b->bf16_tensor_tflops->value, 989, 1);
  EXPECT_EQ(b->pcie_gen, 5);
  EXPECT_EQ(b->pcie_width, 16);
  EXPECT_DOUBLE_EQ(b->nvlink_gbs->value, 900);
}

TEST(BaselineLoad, BadFileNamesTheFile) {
  TempDir dir;
  dir.write("good-card.json", R"({"schema": "gpuaudit.baseline/1", "id": "good-card"})");
  dir.write("broken.json", "{ \"schema\": \"gpuaudit.baseline/1\", ");
  try {
    load_baselines(dir.path);
    FAIL() << "a broken file must be refused";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), 2);
    EXPECT_NE(std::string(e.what()).find("broken.json"), std::string::npos) << e.what();
  }
}

TEST(BaselineLoad, RefusesWrongTypesMissingSchemaAndIdMismatch) {
  auto refused = [](const std::string& text, const std::string& needle) {
    TempDir dir;
    dir.write("card.json", text);
    try {
      load_baselines(dir.path);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("card.json"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  refused(R"({"id": "card"})", "not a baseline");
  refused(R"({"schema": "gpuaudit.baseline/9", "id": "card"})", "unsupported baseline schema");
  refused(R"({"schema": "gpuaudit.baseline/1", "id": "card", "sm_count": "many"})", "malformed baseline");
  refused(R"({"schema": "gpuaudit.baseline/1", "id": "other"})", "differs from the file name");
  refused(R"([1, 2])", "not a baseline");
}

TEST(BaselineLoad, MissingOrEmptyFolder) {
  EXPECT_THROW(load_baselines("/nonexistent/gpuaudit/baselines"), Error);
  TempDir dir;
  EXPECT_THROW(load_baselines(dir.path), Error);
}

TEST(BaselineLoad, VersionFileOrUnversioned) {
  TempDir dir;
  dir.write("card.json", R"({"schema": "gpuaudit.baseline/1", "id": "card", "sm_count": 1})");
  EXPECT_EQ(load_baselines(dir.path).version, "unversioned");
  dir.write("VERSION", "2031.01.02\n");
  EXPECT_EQ(load_baselines(dir.path).version, "2031.01.02");
}

TEST(BaselineLoad, DefaultDirHonoursEnvironment) {
  TempDir dir;
  {
    const test_support::ScopedEnv env("GPUAUDIT_BASELINES", dir.path.c_str());
    EXPECT_EQ(default_baselines_dir(), dir.path);
  }
  {
    const test_support::ScopedEnv env("GPUAUDIT_BASELINES", "/nonexistent/gpuaudit");
    EXPECT_THROW(default_baselines_dir(), Error);
  }
  const test_support::ScopedEnv env("GPUAUDIT_BASELINES", nullptr);
  EXPECT_TRUE(fs::is_directory(default_baselines_dir()));  // the source tree's, in a build tree
}

TEST(BaselineMatch, StripMigSuffix) {
  EXPECT_EQ(strip_mig_suffix("NVIDIA A100-SXM4-80GB MIG 1g.10gb"), "NVIDIA A100-SXM4-80GB");
  EXPECT_EQ(strip_mig_suffix("NVIDIA L4"), "NVIDIA L4");
}

// Names as the driver prints them (NVIDIA/open-gpu-kernel-modules README, Compatible GPUs table)
// and as posted publicly (each test says where).

TEST(Baselines, KeplerAndFirstMaxwellHaveAnArchitectureReference) {
  const BaselineSet& set = repo_baselines();
  EXPECT_TRUE(set.find("tesla-k40")->architecture_reference);
  EXPECT_EQ(set.find("tesla-k40")->compute_capability, "3.5");
  EXPECT_TRUE(set.find("tesla-m10")->architecture_reference);
  EXPECT_EQ(set.find("tesla-m10")->compute_capability, "5.0");
  // Cards without tensor cores carry no GEMM expectation (TU116/TU117, Pascal, Maxwell, Kepler).
  for (const char* id : {"geforce-gtx-1660-super", "nvidia-t1000", "quadro-p2000", "tesla-m40", "tesla-k20m"})
    EXPECT_EQ(set.find(id)->expected.count("gemm/fp16"), 0u) << id;
}

TEST(Baselines, EveryValueOfTheNewModelsHasASource) {
  for (const Baseline& b : repo_baselines().models) {
    for (const auto* v : {&b.boost_clock_mhz, &b.memory_bandwidth_gbs, &b.fp32_tflops, &b.fp64_tflops,
                          &b.fp16_tensor_tflops, &b.bf16_tensor_tflops, &b.tf32_tensor_tflops, &b.fp8_tensor_tflops,
                          &b.tdp_w, &b.l2_mb, &b.nvlink_gbs})
      if (*v) EXPECT_FALSE((*v)->source.empty()) << b.id;
    for (const auto& [family, e] : b.expected) {
      EXPECT_FALSE(e.source.empty()) << b.id << " " << family;
      // An estimate is never presented as a measurement.
      if (e.source.rfind("datasheet ", 0) == 0) EXPECT_TRUE(e.uncertain) << b.id << " " << family;
    }
    EXPECT_FALSE(b.sources.empty()) << b.id;
  }
}

TEST(Baselines, OneArchitectureReferencePerComputeCapabilityIncluding12x) {
  const BaselineSet& set = repo_baselines();
  const Baseline* pro6000 = set.find("rtx-pro-6000-blackwell");
  ASSERT_NE(pro6000, nullptr);
  EXPECT_TRUE(pro6000->architecture_reference);
  EXPECT_EQ(pro6000->compute_capability, "12.0");
  EXPECT_EQ(set.find("nvidia-b300")->compute_capability, "10.3");
}


// The generated files say so ("generated_by") and name the sources to edit ("edit"): the loader
// keeps both as extra members, neither refused nor read as a field.
TEST(BaselineLoad, GeneratedByAndEditAreKept) {
  TempDir dir;
  dir.write("card.json", R"({"schema": "gpuaudit.baseline/1", "generated_by": "scripts/data/baselines_from_csv.py",
                             "edit": "baselines/source/models/card.json", "id": "card", "sm_count": 1})");
  const BaselineSet set = load_baselines(dir.path);
  ASSERT_EQ(set.models.size(), 1u);
  EXPECT_EQ(set.models[0].sm_count, 1);
  EXPECT_EQ(set.models[0].extra.value("generated_by", ""), "scripts/data/baselines_from_csv.py");
  EXPECT_EQ(set.models[0].extra.value("edit", ""), "baselines/source/models/card.json");
}

TEST(Baselines, EveryRepositoryBaselineNamesItsGeneratorAndSources) {
  for (const Baseline& b : repo_baselines().models) {
    EXPECT_NE(b.extra.value("generated_by", ""), "") << b.id;
    EXPECT_NE(b.extra.value("edit", "").find("baselines/source/models/" + b.id + ".json"), std::string::npos) << b.id;
  }
}

// README's count of the baseline set ("one JSON file per GPU model (147: ...") is the set's: a model
// added without the README moving fails here, not in a reader's eyes.
TEST(Baselines, TheReadmeCountsTheSet) {
  std::ifstream in(std::string(GPUAUDIT_SOURCE_DIR) + "/README.md");
  const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string key = "one JSON file per GPU model (";
  const auto at = readme.find(key);
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(std::stoul(readme.substr(at + key.size())), repo_baselines().models.size());
}
