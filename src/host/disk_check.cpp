#include "host/disk_check.hpp"

#include "core/error.hpp"
#include "host/disk_engines.hpp"
#include "host/disk_file.hpp"
#include "host/host_result.hpp"
#include "host/subprocess.hpp"

#include <algorithm>
#include <stdexcept>

namespace gpuaudit {

namespace {

constexpr const char* kSeq = "host/disk_seq_read";
constexpr const char* kRand = "host/disk_rand_read";

DiskCheckResults both_failed(const std::string& status, const std::string& message) {
  return {host_status(kSeq, "MB/s", status, message), host_status(kRand, "IOPS", status, message)};
}

}  // namespace

DiskCheckResults run_disk_check(const DiskCheckOptions& opt) {
  if (opt.folder.empty()) return both_failed("skipped", "no --disk folder given");
  if (opt.engine != "auto" && opt.engine != "fio" && opt.engine != "builtin")
    return both_failed("error", "unknown disk engine \"" + opt.engine + "\"");

  std::optional<std::string> fio;
  std::optional<std::string> fio_ver;
  if (opt.engine != "builtin") {
    fio = find_on_path("fio");
    if (fio) fio_ver = fio_version(*fio);
    if (!fio_ver) fio.reset();
    if (opt.engine == "fio" && !fio) return both_failed("error", "fio is not installed (or does not run)");
  }

  std::unique_ptr<DiskTestFile> file;
  try {
    DiskFileOptions fo;
    fo.folder = opt.folder;
    fo.bytes = opt.file_bytes;
    fo.max_write_s = opt.max_write_s;
    fo.assume_free_bytes = opt.assume_free_bytes;
    file = std::make_unique<DiskTestFile>(fo);
  } catch (const Error& e) {
    return both_failed("error", e.what());
  }

  json params = {{"folder", opt.folder},
                 {"file_bytes", file->bytes()},
                 {"o_direct", file->direct()},
                 {"nameless_file", file->anonymous() ? "O_TMPFILE" : "unlinked"},
                 {"write_mbs", file->write_mbs()}};
  if (const auto m = mount_of(opt.folder))
    params["mount"] = {{"mount_point", m->mount_point}, {"fs_type", m->fs_type}, {"device", m->device}};
  std::string note = file->direct() ? "" : "the file system refused O_DIRECT: reads may come from the page cache";

  const int samples = std::max(1, opt.samples);
  const double sample_s = std::max(0.1, opt.seconds_per_test / samples);
  std::string engine = fio ? *fio_ver : "builtin";
  std::optional<std::string> fio_hung;  // why fio was killed at its deadline, once it was

  auto measure = [&](const DiskReadSpec& spec, const char* name, const char* unit) {
    std::vector<double> values, p99;
    BenchmarkResult r;
    try {
      for (int s = 0; s < samples; ++s) {
        if (opt.interrupted && opt.interrupted()) break;
        DiskReadSample got;
        if (fio_hung) throw FioHung(*fio_hung);
        if (fio) {
          try {
            got = run_fio_read(*fio, file->proc_path(), file->bytes(), file->direct(), spec, opt.interrupted);
          } catch (const FioHung&) {
            throw;
          } catch (const std::runtime_error& e) {
            if (opt.interrupted && opt.interrupted()) break;  // fio was stopped by Ctrl-C: not a failure of fio
            // e.g. no libaio in this container: the built-in engine still gives a figure.
            note += std::string(note.empty() ? "" : "; ") + e.what() + ": used the built-in engine";
            fio.reset();
            engine = "builtin";
            got = run_builtin_read(file->fd(), file->bytes(), spec);
          }
        } else {
          got = run_builtin_read(file->fd(), file->bytes(), spec);
        }
        values.push_back(spec.sequential ? got.bytes_per_s / 1e6 : got.iops);
        if (got.p99_latency_us) p99.push_back(*got.p99_latency_us);
      }
      const bool cut_short = opt.interrupted && opt.interrupted() && static_cast<int>(values.size()) < samples;
      r = host_figure(name, unit, values);
      if (!p99.empty()) r.derived["p99_latency_us"] = summarize(p99).median;
      if (cut_short) {
        // Not an error of the disk: compare must not call it a regression (it leaves it out), and
        // score gives it no figure. The samples taken are kept for the record.
        r.status = "interrupted";
        r.message = "interrupted after " + std::to_string(values.size()) + " of " + std::to_string(samples) + " samples";
      }
    } catch (const FioHung& e) {
      // An error of the disk (or its mount), never a reason to try the built-in engine; later reads
      // are refused without trying: a second hung fio would only add its deadline to the run.
      const bool earlier = fio_hung.has_value();
      if (!earlier) fio_hung = e.what();
      r = host_status(name, unit, "error",
                      "--disk " + opt.folder + ": " + (earlier ? "not measured: an earlier fio read hung (" + *fio_hung + ")" : *fio_hung));
    } catch (const std::runtime_error& e) {
      r = host_status(name, unit, "error", "--disk " + opt.folder + ": " + e.what());
    }
    r.params = params;
    r.params["block_bytes"] = spec.block_bytes;
    r.params["queue_depth"] = spec.queue_depth;
    r.params["sample_s"] = sample_s;
    r.params["engine"] = engine;
    if (r.status == "ok") r.message = note;
    return r;
  };

  DiskCheckResults out;
  out.seq = measure({.sequential = true, .block_bytes = 1ull << 20, .queue_depth = 16, .seconds = sample_s}, kSeq, "MB/s");
  out.rand = measure({.sequential = false, .block_bytes = 4096, .queue_depth = 32, .seconds = sample_s}, kRand, "IOPS");
  return out;
}

}  // namespace gpuaudit
