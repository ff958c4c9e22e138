// Where libnccl.so.2 is looked for: the override, the loader's path, then pip wheels.
#include "multigpu/nccl_search.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

using namespace gpuaudit::multigpu;
namespace fs = std::filesystem;

namespace {
void touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << "x";
}
}  // namespace

TEST(MultiGpuNcclSearch, OverrideThenLoaderThenWheels) {
  const fs::path root = fs::temp_directory_path() / "gpuaudit-nccl-search";
  fs::remove_all(root);
  touch(root / "usr/local/lib/python3.12/dist-packages/nvidia/nccl/lib/libnccl.so.2");
  touch(root / "venv/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2");
  touch(root / "site/nvidia/nccl/lib/libnccl.so.2");
  fs::create_directories(root / "usr/lib/python3.10/dist-packages");  // no wheel there
  std::map<std::string, std::string> env{{"GPUAUDIT_NCCL_LIBRARY", "/opt/nccl/libnccl.so.2"},
                                         {"VIRTUAL_ENV", (root / "venv").string()},
                                         {"PYTHONPATH", (root / "site").string() + ":/nonexistent"}};
  const auto c = nccl_library_candidates(
      [&](const std::string& k) -> std::optional<std::string> {
        if (auto it = env.find(k); it != env.end()) return it->second;
        return std::nullopt;
      },
      root.string());
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c[0], "/opt/nccl/libnccl.so.2");
  EXPECT_EQ(c[1], "libnccl.so.2");
  EXPECT_EQ(c[2], (root / "site/nvidia/nccl/lib/libnccl.so.2").string());
  EXPECT_EQ(c[3], (root / "venv/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2").string());
  EXPECT_EQ(c[4], (root / "usr/local/lib/python3.12/dist-packages/nvidia/nccl/lib/libnccl.so.2").string());
  fs::remove_all(root);
}

TEST(MultiGpuNcclSearch, VersionCodes) {
  EXPECT_EQ(nccl_version_string(22703), "2.27.3");
  EXPECT_EQ(nccl_version_string(22809), "2.28.9");
  EXPECT_EQ(nccl_version_string(2804), "2.8.4");
}
