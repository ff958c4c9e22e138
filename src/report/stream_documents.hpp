// Reading many result documents in bounded memory: a window of documents is parsed in parallel,
// each reduced by `digest` to what the caller keeps (an export's rows, a report's figures), and
// the digests are handed to `consume` in file order. At most `window` documents are alive at
// once, whatever the number of files, so 100,000 documents cost what 256 do.
#pragma once

#include "core/document_io.hpp"
#include "core/document_read_simd.hpp"
#include "core/error.hpp"
#include "core/result.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace gpuaudit {

struct StreamOptions {
  bool skip_invalid = false;  // warn on stderr and go on, instead of throwing Error(usage) naming the file
  size_t window = 256;        // documents in flight
};

// digest(path, doc) -> T runs on worker threads: it must not touch shared state. consume(path, T&)
// runs on the calling thread, in file order. Returns how many documents were consumed.
template <class Digest, class Consume>
size_t stream_documents(const std::vector<std::filesystem::path>& files, const StreamOptions& opt, Digest digest,
                        Consume consume) {
  using T = decltype(digest(files.front(), std::declval<ResultDocument&>()));
  const size_t window = std::max<size_t>(1, opt.window);
  const size_t threads = std::min<size_t>({std::max(1u, std::thread::hardware_concurrency()), 16, window});
  size_t consumed = 0;
  for (size_t begin = 0; begin < files.size(); begin += window) {
    const size_t n = std::min(window, files.size() - begin);
    std::vector<std::optional<T>> out(n);
    std::vector<std::string> errors(n);
    std::atomic<size_t> next{0};
    auto worker = [&] {
      for (size_t i = next++; i < n; i = next++) {
        const auto& path = files[begin + i];
        try {
          ResultDocument doc = read_result_fast(path);
          out[i].emplace(digest(path, doc));
        } catch (const Error& e) {
          errors[i] = e.what();
        } catch (const std::exception& e) {  // not expected; never let it escape a thread
          errors[i] = path.string() + ": " + e.what();
        }
      }
    };
    std::vector<std::thread> pool;
    for (size_t t = 1; t < std::min(threads, n); ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    for (size_t i = 0; i < n; ++i) {
      if (!out[i]) {
        if (!opt.skip_invalid) throw input_error(errors[i]);
        std::fprintf(stderr, "gpuaudit: skipping %s\n", errors[i].c_str());
        continue;
      }
      consume(files[begin + i], *out[i]);
      ++consumed;
    }
  }
  return consumed;
}

}  // namespace gpuaudit
