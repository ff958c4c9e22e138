#include "host/disk_engines.hpp"

#include "core/json.hpp"
#include "host/subprocess.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

namespace gpuaudit {

DiskReadSample parse_fio_json(const std::string& text) {
  const auto brace = text.find('{');
  if (brace == std::string::npos) throw std::runtime_error("fio printed no JSON");
  json j;
  try {
    j = json::parse(text.substr(brace));
  } catch (const json::exception&) {
    throw std::runtime_error("fio printed unreadable JSON");
  }
  if (!j.is_object() || !j.contains("jobs") || !j["jobs"].is_array() || j["jobs"].empty())
    throw std::runtime_error("fio's JSON has no job");
  DiskReadSample s;
  try {  // a field of the wrong type (a string for "iops") is json's type_error: one line, too
    const json& job = j["jobs"][0];
    if (!job.is_object()) throw std::runtime_error("fio's JSON has no job");
    const auto error = job.find("error");
    if (error != job.end() && !(error->is_number() && error->get<double>() == 0))
      throw std::runtime_error("fio job error " + error->dump());
    const json& rd = job.at("read");
    s.bytes_per_s = rd.value("bw_bytes", 0.0);
    if (s.bytes_per_s == 0) s.bytes_per_s = rd.value("bw", 0.0) * 1024;  // KiB/s in older fio
    s.iops = rd.value("iops", 0.0);
    if (const auto clat = rd.find("clat_ns"); clat != rd.end() && clat->is_object())
      if (const auto p = clat->find("percentile"); p != clat->end() && p->is_object())
        if (const auto p99 = p->find("99.000000"); p99 != p->end()) s.p99_latency_us = p99->get<double>() / 1e3;
  } catch (const json::exception& e) {
    std::string what = e.what();
    if (auto at = what.find("] "); at != std::string::npos) what = what.substr(at + 2);
    throw std::runtime_error("fio's JSON is malformed (" + what + ")");
  }
  if (!(s.iops > 0) || !(s.bytes_per_s > 0)) throw std::runtime_error("fio completed no read");
  return s;
}

std::vector<std::string> fio_command(const std::string& fio, const std::string& file, std::uint64_t file_bytes,
                                     bool direct, const DiskReadSpec& spec) {
  const auto ms = std::max<long long>(100, static_cast<long long>(spec.seconds * 1000));
  std::vector<std::string> a = {fio,
                                "--name=gpuaudit",
                                "--filename=" + file,
                                "--size=" + std::to_string(file_bytes),
                                std::string("--rw=") + (spec.sequential ? "read" : "randread"),
                                "--bs=" + std::to_string(spec.block_bytes),
                                "--ioengine=libaio",
                                "--iodepth=" + std::to_string(spec.queue_depth),
                                std::string("--direct=") + (direct ? "1" : "0"),
                                "--time_based",
                                "--runtime=" + std::to_string(ms) + "ms",
                                "--output-format=json"};
  if (!spec.sequential) {
    a.push_back("--norandommap");   // offsets from a generator, not a visit-each-block-once map
    a.push_back("--randrepeat=0");  // a different offset sequence each run: no warm device cache
  }
  return a;
}

double fio_deadline_s(const DiskReadSpec& spec) { return 2 * std::max(0.1, spec.seconds) + 10; }

DiskReadSample run_fio_read(const std::string& fio, const std::string& file, std::uint64_t file_bytes, bool direct,
                            const DiskReadSpec& spec, const std::function<bool()>& cancelled) {
  const ProcessResult r =
      run_capture(fio_command(fio, file, file_bytes, direct, spec), {.timeout_s = fio_deadline_s(spec), .cancelled = cancelled});
  if (r.timed_out) throw FioHung(describe_failure("fio", r) + " (its deadline: twice its --runtime plus 10 s)");
  if (r.exit_code != 0) throw std::runtime_error(describe_failure("fio", r));
  return parse_fio_json(r.out);
}

std::optional<std::string> fio_version(const std::string& fio) {
  const ProcessResult r = run_capture({fio, "--version"}, {.timeout_s = kFioVersionDeadlineS, .cancelled = {}});
  if (r.exit_code != 0) return std::nullopt;
  std::string v = r.out.substr(0, r.out.find('\n'));
  return v.empty() ? std::nullopt : std::optional<std::string>(v);
}

namespace {

struct FreeAligned {
  void operator()(void* p) const { std::free(p); }
};

}  // namespace

DiskReadSample run_builtin_read(int fd, std::uint64_t file_bytes, const DiskReadSpec& spec) {
  const std::uint64_t blocks = file_bytes / spec.block_bytes;
  if (blocks == 0) throw std::runtime_error("test file smaller than one block");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(spec.seconds);
  std::atomic<std::uint64_t> cursor{0}, ops{0};
  std::atomic<int> read_errno{0};
  const int qd = std::max(1, spec.queue_depth);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < qd; ++t) {
    threads.emplace_back([&, t] {
      std::unique_ptr<unsigned char, FreeAligned> buf(
          static_cast<unsigned char*>(std::aligned_alloc(4096, std::max<std::uint64_t>(spec.block_bytes, 4096))));
      if (!buf) {
        read_errno = ENOMEM;
        return;
      }
      std::uint64_t x = 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(t + 1);
      std::uint64_t mine = 0;
      while (std::chrono::steady_clock::now() < deadline && read_errno.load(std::memory_order_relaxed) == 0) {
        std::uint64_t block;
        if (spec.sequential) {
          block = cursor.fetch_add(1, std::memory_order_relaxed) % blocks;  // one stream, qd reads in flight
        } else {
          x ^= x << 13;
          x ^= x >> 7;
          x ^= x << 17;
          block = x % blocks;
        }
        const ssize_t n = ::pread(fd, buf.get(), spec.block_bytes, static_cast<off_t>(block * spec.block_bytes));
        if (n < 0) {
          if (errno == EINTR) continue;
          read_errno = errno;
          break;
        }
        ++mine;
      }
      ops += mine;
    });
  }
  for (auto& th : threads) th.join();
  if (read_errno) throw std::runtime_error(std::string("read failed: ") + std::strerror(read_errno));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  DiskReadSample out;
  out.iops = static_cast<double>(ops.load()) / s;
  out.bytes_per_s = out.iops * static_cast<double>(spec.block_bytes);
  return out;
}

}  // namespace gpuaudit
