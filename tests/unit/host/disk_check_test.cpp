// host/disk_seq_read and host/disk_rand_read (disk_check.hpp): real reads in a temporary folder with a
// tiny file, both engines; and the failure paths (no folder, unwritable folder, not enough free
// space, disk full while writing), each of which must give one line, status "error", and leave no
// file behind; an interrupted check says so.
#include "host/disk_check.hpp"
#include "host/subprocess.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>

namespace gpuaudit {
namespace {
namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "gpuaudit-disk-test-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, ec);
    fs::remove_all(path, ec);
  }
  size_t entries() const { return static_cast<size_t>(std::distance(fs::directory_iterator(path), fs::directory_iterator())); }
};

DiskCheckOptions tiny(const std::string& folder, const std::string& engine) {
  DiskCheckOptions o;
  o.folder = folder;
  o.file_bytes = 16ull << 20;
  o.seconds_per_test = 0.4;
  o.samples = 2;
  o.engine = engine;
  return o;
}

void expect_one_line_error(const DiskCheckResults& r) {
  for (const auto* b : {&r.seq, &r.rand}) {
    EXPECT_EQ(b->status, "error") << b->name;
    EXPECT_FALSE(b->message.empty());
    EXPECT_EQ(b->message.find('\n'), std::string::npos) << b->message;
    EXPECT_FALSE(b->value().has_value());
  }
}

void expect_sane(const DiskCheckResults& r, const std::string& engine_prefix) {
  ASSERT_EQ(r.seq.status, "ok") << r.seq.message;
  ASSERT_EQ(r.rand.status, "ok") << r.rand.message;
  EXPECT_EQ(r.seq.name, "host/disk_seq_read");
  EXPECT_EQ(r.seq.unit, "MB/s");
  EXPECT_EQ(r.rand.name, "host/disk_rand_read");
  EXPECT_EQ(r.rand.unit, "IOPS");
  EXPECT_EQ(r.seq.samples.size(), 2u);
  // Physical bounds: above a floppy, below 100 GB/s and 100 M IOPS (beyond any NVMe array).
  EXPECT_GT(*r.seq.value(), 1.0);
  EXPECT_LT(*r.seq.value(), 100000.0);
  EXPECT_GT(*r.rand.value(), 10.0);
  EXPECT_LT(*r.rand.value(), 1e8);
  EXPECT_EQ(r.seq.params["engine"].get<std::string>().rfind(engine_prefix, 0), 0u) << r.seq.params.dump();
  EXPECT_EQ(r.seq.params["file_bytes"].get<std::uint64_t>(), 16ull << 20);
}

TEST(HostDisk, BuiltinEngineReadsAndLeavesNothing) {
  TempDir d;
  const auto r = run_disk_check(tiny(d.path.string(), "builtin"));
  expect_sane(r, "builtin");
  EXPECT_EQ(d.entries(), 0u);
}

TEST(HostDisk, FioEngineReadsAndLeavesNothing) {
  if (!find_on_path("fio")) GTEST_SKIP() << "fio is not installed";
  TempDir d;
  const auto r = run_disk_check(tiny(d.path.string(), "fio"));
  expect_sane(r, "fio-");
  EXPECT_GT(r.rand.derived.at("p99_latency_us"), 0.0);
  EXPECT_EQ(d.entries(), 0u);
}

TEST(HostDisk, NoFolderGivenIsSkipped) {
  const auto r = run_disk_check(tiny("", "auto"));
  EXPECT_EQ(r.seq.status, "skipped");
  EXPECT_EQ(r.rand.status, "skipped");
}

TEST(HostDisk, MissingFolderIsAnError) {
  const auto r = run_disk_check(tiny("/nonexistent/gpuaudit-disk", "builtin"));
  expect_one_line_error(r);
  EXPECT_NE(r.seq.message.find("/nonexistent/gpuaudit-disk"), std::string::npos);
}

TEST(HostDisk, UnwritableFolderIsAnErrorWithNoLeftover) {
  // /proc refuses new files even to root.
  expect_one_line_error(run_disk_check(tiny("/proc", "builtin")));
  if (::geteuid() != 0) {  // root ignores permission bits
    TempDir d;
    fs::permissions(d.path, fs::perms::owner_read | fs::perms::owner_exec);
    const auto r = run_disk_check(tiny(d.path.string(), "builtin"));
    expect_one_line_error(r);
    EXPECT_NE(r.seq.message.find("cannot create"), std::string::npos) << r.seq.message;
    fs::permissions(d.path, fs::perms::owner_all);
    EXPECT_EQ(d.entries(), 0u);
  }
}

TEST(HostDisk, NotEnoughFreeSpaceFakedIsAnErrorWithNoLeftover) {
  TempDir d;
  auto o = tiny(d.path.string(), "builtin");
  o.assume_free_bytes = 8ull << 20;
  const auto r = run_disk_check(o);
  expect_one_line_error(r);
  EXPECT_NE(r.seq.message.find("not enough free space"), std::string::npos) << r.seq.message;
  EXPECT_EQ(d.entries(), 0u);
}

TEST(HostDisk, FileLargerThanTheRealFreeSpaceIsAnError) {
  TempDir d;
  struct statvfs v {};
  ASSERT_EQ(::statvfs(d.path.c_str(), &v), 0);
  auto o = tiny(d.path.string(), "builtin");
  o.file_bytes = static_cast<std::uint64_t>(v.f_bavail) * v.f_frsize + (1ull << 30);
  const auto r = run_disk_check(o);
  expect_one_line_error(r);
  EXPECT_EQ(d.entries(), 0u);
}

TEST(HostDisk, DiskFullWhileWritingIsAnErrorWithNoLeftover) {
  // A file-size limit makes the write fail part-way (EFBIG), as a full disk would (ENOSPC); done
  // in a child process so the limit does not touch the test runner.
  TempDir d;
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit lim{4ull << 20, 4ull << 20};
    ::setrlimit(RLIMIT_FSIZE, &lim);
    const auto r = run_disk_check(tiny(d.path.string(), "builtin"));
    const bool ok = r.seq.status == "error" && r.seq.message.find("filled up") != std::string::npos &&
                    r.seq.message.find('\n') == std::string::npos;
    ::_exit(ok ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(d.entries(), 0u);
}

TEST(HostDisk, AnInterruptedCheckSaysSoAndIsNoError) {
  // SIGINT/SIGTERM during the check: the figures cut short are "interrupted" (compare leaves them
  // out), not "error" (which compare called a regression of the disk).
  TempDir d;
  DiskCheckOptions o = tiny(d.path.string(), "builtin");
  o.interrupted = [] { return true; };
  const auto r = run_disk_check(o);
  for (const auto* b : {&r.seq, &r.rand}) {
    EXPECT_EQ(b->status, "interrupted") << b->name << ": " << b->message;
    EXPECT_NE(b->message.find("interrupted after 0 of 2 samples"), std::string::npos) << b->message;
    EXPECT_FALSE(b->value().has_value());
  }
  EXPECT_EQ(d.entries(), 0u);
}

}  // namespace
}  // namespace gpuaudit
