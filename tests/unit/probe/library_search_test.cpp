// Where a dlopen()ed CUDA library is looked for (src/probe/library_search.cpp): the override, the
// loader's path, system CUDA folders, pip wheels (beside gpuaudit's own wheel first), a bundled copy.
#include "probe/library_search.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

void touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << "x";
}

EnvLookup env_of(const std::map<std::string, std::string>& env) {
  return [env](const std::string& k) -> std::optional<std::string> {
    if (auto it = env.find(k); it != env.end()) return it->second;
    return std::nullopt;
  };
}

const LibrarySearch kCublasLt12{"GPUAUDIT_CUBLASLT_LIBRARY", "libcublasLt.so.12", {"nvidia/cublas/lib"}, true};

SearchPlaces places(const fs::path& root, const fs::path& exe_dir = {}) {
  SearchPlaces at;
  at.root = root.string();
  at.exe_dir = exe_dir.string();
  return at;
}

// A folder of its own per test: ctest runs the tests of this file side by side.
struct Tree {
  fs::path root = fs::temp_directory_path() / (std::string("gpuaudit-library-search-") +
                                               ::testing::UnitTest::GetInstance()->current_test_info()->name());
  Tree() { fs::remove_all(root); }
  ~Tree() { fs::remove_all(root); }
};

}  // namespace

TEST(ProbeLibrarySearch, OrderSystemCudaThenWheelsThenBundled) {
  Tree t;
  const fs::path& r = t.root;
  // gpuaudit's own wheel: <site>/gpuaudit/bin/gpuaudit, with nvidia-cublas-cu12 beside it
  touch(r / "venv/lib/python3.10/site-packages/nvidia/cublas/lib/libcublasLt.so.12");
  const fs::path exe_dir = r / "venv/lib/python3.10/site-packages/gpuaudit/bin";
  fs::create_directories(exe_dir);
  touch(r / "usr/local/cuda/lib64/libcublasLt.so.12");
  touch(r / "usr/local/cuda-12.9/lib64/libcublasLt.so.12");
  touch(r / "usr/local/cuda-12.10/lib64/libcublasLt.so.12");  // 12.10 is newer than 12.9
  touch(r / "usr/local/cuda-13.0/lib64/libcublasLt.so.13");   // another major: not a candidate
  touch(r / "usr/local/lib/python3.12/dist-packages/nvidia/cublas/lib/libcublasLt.so.12");
  touch(r / "conda/lib/libcublasLt.so.12");
  touch(r / "usr/lib/python3.9/site-packages/nvidia/cublas/lib/libcublasLt.so.12");
  touch(r / "usr/lib/python3.11/site-packages/nvidia/cublas/lib/libcublasLt.so.12");
  touch(r / "pkg/lib/gpuaudit/libcublasLt.so.12");
  fs::create_directories(r / "pkg/bin");
  const auto c = library_candidates(kCublasLt12,
                                    env_of({{"GPUAUDIT_CUBLASLT_LIBRARY", "/opt/x/libcublasLt.so.12"},
                                            {"CONDA_PREFIX", (r / "conda").string()}}),
                                    places(r, exe_dir));
  std::vector<std::string> want = {
      "/opt/x/libcublasLt.so.12",
      "libcublasLt.so.12",
      (r / "usr/local/cuda/lib64/libcublasLt.so.12").string(),
      (r / "usr/local/cuda-12.10/lib64/libcublasLt.so.12").string(),
      (r / "usr/local/cuda-12.9/lib64/libcublasLt.so.12").string(),
      (r / "venv/lib/python3.10/site-packages/nvidia/cublas/lib/libcublasLt.so.12").string(),
      (r / "conda/lib/libcublasLt.so.12").string(),
      (r / "usr/local/lib/python3.12/dist-packages/nvidia/cublas/lib/libcublasLt.so.12").string(),
      (r / "usr/lib/python3.11/site-packages/nvidia/cublas/lib/libcublasLt.so.12").string(),
      (r / "usr/lib/python3.9/site-packages/nvidia/cublas/lib/libcublasLt.so.12").string(),
  };
  ASSERT_EQ(c.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(c[i].path, want[i]) << i;
  EXPECT_EQ(c[0].where, "GPUAUDIT_CUBLASLT_LIBRARY");
  EXPECT_EQ(c[1].where, "loader path");
  EXPECT_EQ(c[2].where, "CUDA toolkit");
  EXPECT_EQ(c[5].where, "pip wheel");
  EXPECT_EQ(c[6].where, "conda");

  // Unpacked from the tarball with a bundled copy: found last, beside the binary.
  const auto b = library_candidates(kCublasLt12, env_of({}), places(r / "none", r / "pkg/bin"));
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[1].path, (r / "pkg/lib/gpuaudit/libcublasLt.so.12").string());
  EXPECT_EQ(b[1].where, "bundled");
}

TEST(ProbeLibrarySearch, CudaHomeAndCu13WheelFolder) {
  Tree t;
  const fs::path& r = t.root;
  touch(r / "toolkit/lib64/libcublasLt.so.13");
  touch(r / "home/.local/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13");
  touch(r / "home/.local/lib/python3.12/site-packages/nvidia/cublas/lib/libcublasLt.so.12");
  const LibrarySearch lt13{"GPUAUDIT_CUBLASLT_LIBRARY", "libcublasLt.so.13", {"nvidia/cu13/lib"}, false};
  const auto c = library_candidates(lt13, env_of({{"CUDA_HOME", (r / "toolkit").string()}, {"HOME", (r / "home").string()}}),
                                    places(r / "none"));
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[1].path, (r / "toolkit/lib64/libcublasLt.so.13").string());
  EXPECT_EQ(c[2].path, (r / "home/.local/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13").string());
}

TEST(ProbeLibrarySearch, DescribeSaysWhereEachCandidateCameFrom) {
  const std::vector<LibraryCandidate> tried = {{"libnccl.so.2", "loader path"}, {"/v/nvidia/nccl/lib/libnccl.so.2", "pip wheel"}};
  EXPECT_EQ(describe_candidates(tried), "the loader's path (libnccl.so.2), /v/nvidia/nccl/lib/libnccl.so.2 (pip wheel)");
}
