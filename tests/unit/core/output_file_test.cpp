// write_file_atomic and AtomicOutputFile (its streamed form) destroy nothing: devices and FIFOs are
// written in place, symlinks stay links, modes and owners are kept, "-" is stdout, the target is
// replaced only on commit, and stale temp files of a killed write are cleaned.
#include "core/error.hpp"
#include "core/output_file.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "gpuaudit-out-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct stat lstat_of(const fs::path& p) {
  struct stat st {};
  EXPECT_EQ(::lstat(p.c_str(), &st), 0) << p;
  return st;
}

void touch_old(const fs::path& p, int seconds_ago) {
  std::ofstream(p) << "partial";
  struct timeval tv[2];
  ::gettimeofday(&tv[0], nullptr);
  tv[0].tv_sec -= seconds_ago;
  tv[1] = tv[0];
  ASSERT_EQ(::utimes(p.c_str(), tv), 0);
}

int entries(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    (void)e;
    ++n;
  }
  return n;
}

}  // namespace

// As root, a device node of our own in a temp folder (same major/minor as /dev/null and /dev/full):
// a regression then replaces that node, not the machine's /dev/null. Without root, the real ones
// (which nobody but root could replace anyway).
struct DeviceNode {
  TempDir dir;
  fs::path path;
  DeviceNode(const char* name, unsigned minor) {
    path = dir.path / name;
    if (::geteuid() != 0 || ::mknod(path.c_str(), S_IFCHR | 0666, ::makedev(1, minor)) != 0 ||
        ::access(path.c_str(), W_OK) != 0)
      path = fs::path("/dev") / name;
  }
};

TEST(OutputFile, ANullDeviceStaysACharacterDevice) {
  const DeviceNode null("null", 3);
  write_file_atomic(null.path, "<testsuites/>\n");
  const struct stat st = lstat_of(null.path);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << null.path << " mode " << std::oct << st.st_mode;
  EXPECT_TRUE(is_stream_target(null.path));
  EXPECT_EQ(entries(null.dir.path), null.path.parent_path() == null.dir.path ? 1 : 0);  // no temp file
}

TEST(OutputFile, AFullDeviceIsAnIoError) {
  const DeviceNode full("full", 7);
  if (::access(full.path.c_str(), W_OK) != 0) GTEST_SKIP() << "no /dev/full";
  try {
    write_file_atomic(full.path, "x");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::io_error);
    EXPECT_NE(std::string(e.what()).find("cannot write " + full.path.string() + ": write:"), std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(S_ISCHR(lstat_of(full.path).st_mode));
}

TEST(OutputFile, AFifoGetsTheBytesAndStaysAFifo) {
  TempDir t;
  const fs::path fifo = t.path / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The read end is opened first, non-blocking: the write then neither waits for a reader nor
  // (being smaller than a pipe's buffer) for the reading, and a regression that never opens the
  // FIFO ends the test instead of hanging it.
  const int rd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(rd, 0);
  write_file_atomic(fifo, "{\"schema\":\"x\"}\n");
  std::string got;
  char buf[256];
  for (ssize_t n; (n = ::read(rd, buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
  ::close(rd);
  EXPECT_EQ(got, "{\"schema\":\"x\"}\n");
  EXPECT_TRUE(S_ISFIFO(lstat_of(fifo).st_mode));
  EXPECT_EQ(entries(t.path), 1);  // no temp file beside it
}

TEST(OutputFile, ASymlinkStaysALinkAndItsTargetIsReplaced) {
  TempDir t;
  fs::create_directory(t.path / "store");
  const fs::path target = t.path / "store" / "r.json";
  std::ofstream(target) << "old";
  const fs::path link = t.path / "latest.json";
  fs::create_symlink("store/r.json", link);  // relative, as `ln -s` makes them
  write_file_atomic(link, "new");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(fs::read_symlink(link), "store/r.json");
  EXPECT_EQ(read(target), "new");
  EXPECT_EQ(entries(t.path / "store"), 1);
  EXPECT_EQ(entries(t.path), 2);
}

TEST(OutputFile, AChainOfLinksAndADanglingLinkEndOnTheirTarget) {
  TempDir t;
  const fs::path target = t.path / "real.json";
  fs::create_symlink(target, t.path / "b.json");
  fs::create_symlink(t.path / "b.json", t.path / "a.json");
  write_file_atomic(t.path / "a.json", "created through two links");  // target does not exist yet
  EXPECT_TRUE(fs::is_symlink(t.path / "a.json"));
  EXPECT_TRUE(fs::is_symlink(t.path / "b.json"));
  EXPECT_EQ(read(target), "created through two links");
}

TEST(OutputFile, ASymlinkLoopIsAnIoError) {
  TempDir t;
  fs::create_symlink(t.path / "y", t.path / "x");
  fs::create_symlink(t.path / "x", t.path / "y");
  try {
    write_file_atomic(t.path / "x", "z");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::io_error);
    EXPECT_NE(std::string(e.what()).find("cannot write " + (t.path / "x").string()), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_symlink(t.path / "x"));
}

TEST(OutputFile, AnExistingFileKeepsItsModeAndOwner) {
  TempDir t;
  const fs::path p = t.path / "secret.json";
  std::ofstream(p) << "old";
  ASSERT_EQ(::chmod(p.c_str(), 0600), 0);
  const bool root = ::geteuid() == 0;
  if (root) {
    ASSERT_EQ(::chown(p.c_str(), 12345, 23456), 0);
  }
  write_file_atomic(p, "new");
  const struct stat st = lstat_of(p);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  if (root) {
    EXPECT_EQ(st.st_uid, 12345u);
    EXPECT_EQ(st.st_gid, 23456u);
  }
  EXPECT_EQ(read(p), "new");

  ASSERT_EQ(::chmod(p.c_str(), 0640), 0);
  write_file_atomic(p, "again");
  EXPECT_EQ(lstat_of(p).st_mode & 07777, 0640u);
}

TEST(OutputFile, ANewFileFollowsTheUmask) {
  TempDir t;
  const mode_t old = ::umask(027);
  write_file_atomic(t.path / "n.json", "x");
  ::umask(old);
  // The umask is read once per process; whichever it was, group write and other write are off
  // under both 022 (the usual) and 027.
  const mode_t mode = lstat_of(t.path / "n.json").st_mode & 07777;
  EXPECT_EQ(mode & 0022, 0u) << std::oct << mode;
  EXPECT_EQ(mode & 0400, 0400u) << std::oct << mode;
}

TEST(OutputFile, DashIsStandardOutput) {
  TempDir t;
  const fs::path captured = t.path / "stdout";
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  const int fd = ::open(captured.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ::dup2(fd, STDOUT_FILENO);
  ::close(fd);
  const bool same = writes_to_stdout(captured);
  write_file_atomic("-", "to stdout\n");
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  EXPECT_EQ(read(captured), "to stdout\n");
  EXPECT_FALSE(fs::exists("-"));
  EXPECT_TRUE(same);
  EXPECT_TRUE(writes_to_stdout("-"));
  EXPECT_TRUE(is_stream_target("-"));
  EXPECT_FALSE(writes_to_stdout(t.path / "other"));
}

TEST(OutputFile, DevStdoutRedirectedToAFileIsWrittenIntoNotReplaced) {
  // `compare ... --markdown /dev/stdout > out.txt`: the Markdown joins what else is printed there.
  TempDir t;
  const fs::path captured = t.path / "out.txt";
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  const int fd = ::open(captured.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ::dup2(fd, STDOUT_FILENO);
  ::close(fd);
  ASSERT_EQ(::write(STDOUT_FILENO, "before\n", 7), 7);
  write_file_atomic("/dev/stdout", "markdown\n");
  ASSERT_EQ(::write(STDOUT_FILENO, "after\n", 6), 6);
  const bool same = writes_to_stdout("/dev/stdout");
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  EXPECT_EQ(read(captured), "before\nmarkdown\nafter\n");
  EXPECT_TRUE(same);
  EXPECT_TRUE(is_stream_target("/dev/fd/1"));
  EXPECT_EQ(entries(t.path), 1);
}

TEST(OutputFile, StaleTempFilesOfTheSameNameAreCleaned) {
  TempDir t;
  const fs::path p = t.path / "out.json";
  const std::string mine = ".out.json.tmp." + std::to_string(::getpid()) + ".aaaaaa";
  touch_old(t.path / ".out.json.tmp.999999999.bbbbbb", 120);  // dead pid (beyond pid_max), 2 min old: stale
  touch_old(t.path / ".out.json.tmp.999999998.cccccc", 5);    // dead pid, 5 s old: maybe another host's, kept
  touch_old(t.path / mine, 7200);                            // our own pid, but 2 h old: stale
  touch_old(t.path / ".out.json.tmp.dddddd", 7200);          // an older version's name, 2 h old: stale
  touch_old(t.path / ".out.json.tmp.eeeeee", 60);            // the same, 1 min old: kept
  touch_old(t.path / ".other.json.tmp.999999999.ffffff", 7200);  // another file's: not ours to clean
  touch_old(t.path / ".out.json.tmp.notes.txt", 7200);       // not a name we make
  write_file_atomic(p, "done");
  EXPECT_EQ(read(p), "done");
  EXPECT_FALSE(fs::exists(t.path / ".out.json.tmp.999999999.bbbbbb"));
  EXPECT_FALSE(fs::exists(t.path / mine));
  EXPECT_FALSE(fs::exists(t.path / ".out.json.tmp.dddddd"));
  EXPECT_TRUE(fs::exists(t.path / ".out.json.tmp.999999998.cccccc"));
  EXPECT_TRUE(fs::exists(t.path / ".out.json.tmp.eeeeee"));
  EXPECT_TRUE(fs::exists(t.path / ".other.json.tmp.999999999.ffffff"));
  EXPECT_TRUE(fs::exists(t.path / ".out.json.tmp.notes.txt"));
  EXPECT_EQ(remove_stale_temp_files(p), 0);  // nothing stale is left
}

TEST(OutputFile, ALiveWritersTempFileIsKept) {
  TempDir t;
  const fs::path p = t.path / "r.json";
  // pid 1 always runs: its temp file is a write in progress until it is an hour old.
  touch_old(t.path / ".r.json.tmp.1.abcdef", 600);
  EXPECT_EQ(remove_stale_temp_files(p), 0);
  EXPECT_EQ(remove_stale_temp_files(p, {.dead_writer_age = std::chrono::seconds(60), .any_age = std::chrono::seconds(300)}), 1);
}

TEST(OutputFile, AFolderIsRefused) {
  TempDir t;
  try {
    write_file_atomic(t.path, "x");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::io_error);
    EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
  }
}

TEST(OutputFile, AStreamedOutputReplacesTheTargetOnlyOnCommit) {
  TempDir t;
  const fs::path p = t.path / "rows.ndjson";
  std::ofstream(p) << "old";
  ASSERT_EQ(::chmod(p.c_str(), 0640), 0);
  {
    AtomicOutputFile out(p);
    out.write("{\"a\":1}\n");
    out.write("");
    out.write("{\"a\":2}\n");
    EXPECT_EQ(read(p), "old");  // a reader meanwhile sees the old file whole
    EXPECT_EQ(entries(t.path), 2);  // and the temp file beside it
    out.commit();
  }
  EXPECT_EQ(read(p), "{\"a\":1}\n{\"a\":2}\n");
  EXPECT_EQ(lstat_of(p).st_mode & 07777, 0640u);
  EXPECT_EQ(entries(t.path), 1);
}

TEST(OutputFile, AStreamedOutputNeverCommittedLeavesTheTargetAndNoTempFile) {
  TempDir t;
  const fs::path p = t.path / "rows.csv";
  std::ofstream(p) << "old";
  {
    AtomicOutputFile out(p);
    out.write("half of the rows");
  }  // destroyed without commit
  EXPECT_EQ(read(p), "old");
  EXPECT_EQ(entries(t.path), 1);

  EXPECT_THROW(
      {
        AtomicOutputFile out(p);
        out.write("a row");
        throw std::runtime_error("a bad document");  // what stops an export halfway
      },
      std::runtime_error);
  EXPECT_EQ(read(p), "old");
  EXPECT_EQ(entries(t.path), 1);

  { AtomicOutputFile never(t.path / "new.csv"); }  // a new target is not created either
  EXPECT_FALSE(fs::exists(t.path / "new.csv"));
  EXPECT_EQ(entries(t.path), 1);
}

TEST(OutputFile, AStreamedOutputThroughASymlinkWritesBesideItsTarget) {
  TempDir t;
  fs::create_directory(t.path / "store");
  const fs::path target = t.path / "store" / "rows.csv";
  std::ofstream(target) << "old";
  fs::create_symlink("store/rows.csv", t.path / "latest.csv");
  AtomicOutputFile out(t.path / "latest.csv");
  out.write("new");
  EXPECT_EQ(entries(t.path / "store"), 2);  // the temp file is in the target's folder: one file system
  out.commit();
  EXPECT_TRUE(fs::is_symlink(t.path / "latest.csv"));
  EXPECT_EQ(read(target), "new");
  EXPECT_EQ(entries(t.path / "store"), 1);
}

TEST(OutputFile, AStreamedOutputToAFifoIsWrittenAsItComes) {
  TempDir t;
  const fs::path fifo = t.path / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const int rd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(rd, 0);
  std::string got;
  char buf[256];
  {
    AtomicOutputFile out(fifo);
    out.write("first\n");
    for (ssize_t n; (n = ::read(rd, buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
    EXPECT_EQ(got, "first\n");  // before the commit: there is nothing to rename
    out.write("second\n");
    out.commit();
  }
  for (ssize_t n; (n = ::read(rd, buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
  ::close(rd);
  EXPECT_EQ(got, "first\nsecond\n");
  EXPECT_TRUE(S_ISFIFO(lstat_of(fifo).st_mode));
  EXPECT_EQ(entries(t.path), 1);
}

TEST(OutputFile, AStreamedOutputToAFolderIsAnIoErrorAtOnce) {
  TempDir t;
  try {
    AtomicOutputFile out(t.path / ".");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::io_error);
    EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
  }
  try {
    AtomicOutputFile out(t.path / "missing" / "x.csv");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::io_error);
    EXPECT_NE(std::string(e.what()).find("cannot write " + (t.path / "missing" / "x.csv").string()), std::string::npos)
        << e.what();
  }
}
