#include "cli/run_plumbing.hpp"

#include "core/error.hpp"
#include "probe/gpu_select.hpp"
#include "core/exit_codes.hpp"
#include "core/output_file.hpp"
#include "host/process_tree.hpp"
#include "text/escape.hpp"

#include <signal.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <sstream>

namespace gpuaudit::cli {

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "set from a signal handler");

void set_handler(int sig, void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // a read() or write() in progress goes on; the flag is polled
  ::sigaction(sig, &sa, nullptr);
}

// A second SIGINT or SIGTERM ends the process at once (the file holds every finished figure),
// and first the child it is running with all it started (fio and its job processes).
extern "C" void on_second_signal(int sig) {
  kill_tracked_children();
  set_handler(SIGINT, SIG_DFL);
  set_handler(SIGTERM, SIG_DFL);
  ::raise(sig);
}

extern "C" void on_stop_signal(int sig) {
  int none = 0;
  g_signal.compare_exchange_strong(none, sig);
  g_interrupted.store(true);
  set_handler(SIGINT, on_second_signal);
  set_handler(SIGTERM, on_second_signal);
}

}  // namespace

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::vector<std::string> parse_gpu_selectors(const std::string& list) {
  std::vector<std::string> out = split_list(list);
  for (const auto& g : out)
    if (!is_gpu_selector(g))
      throw input_error("--gpus takes GPU indices like 0,1,3 (nvidia-smi's order), UUIDs (GPU-..., MIG-...) or PCI bus "
                        "ids (0000:18:00.0), not \"" + g + "\"");
  return out;
}

void apply_tags(ResultDocument& doc, const std::vector<std::string>& tags) {
  for (const auto& t : tags) {
    const auto eq = t.find('=');
    if (eq == std::string::npos || eq == 0) throw input_error("--tag takes key=value, not \"" + t + "\"");
    // A tag typed in Latin-1 (or any invalid UTF-8) is stored with U+FFFD, not refused at the
    // end of the run when the document is written.
    doc.tags[valid_utf8(t.substr(0, eq))] = valid_utf8(t.substr(eq + 1));
  }
}

RunOutput::RunOutput(const std::string& given, const std::string& prefix, const std::string& host,
                     const std::function<std::string(const std::string&)>& name_for) {
  const std::string chosen = given.empty() ? default_output_name(prefix, host) : given;
  path_ = name_for ? name_for(chosen) : chosen;
  stream_ = is_stream_target(path_);
  if (stream_) return;
  if (given.empty()) path_ = claim_new_file(path_).string();
  lock_.emplace(path_);
}

StdoutAside::StdoutAside(bool on) {
  if (!on) return;
  std::fflush(stdout);
  saved_ = ::dup(STDOUT_FILENO);
  if (saved_ >= 0 && ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    ::close(saved_);
    saved_ = -1;
  }
}

void StdoutAside::restore() {
  if (saved_ < 0) return;
  std::fflush(stdout);
  ::dup2(saved_, STDOUT_FILENO);
  ::close(saved_);
  saved_ = -1;
}

CtrlC::CtrlC() {
  g_interrupted.store(false);
  g_signal.store(0);
  become_subreaper();  // an orphaned grandchild (fio's job process) stays in our tree, to be ended
  set_handler(SIGINT, on_stop_signal);
  set_handler(SIGTERM, on_stop_signal);
}

CtrlC::~CtrlC() {
  set_handler(SIGINT, SIG_DFL);
  set_handler(SIGTERM, SIG_DFL);
  end_all_descendants();  // no child outlives the measuring, whatever ended it
}

const std::atomic<bool>& CtrlC::flag() const { return g_interrupted; }

int CtrlC::exit_status() const {
  return g_signal.load() == SIGTERM ? exit_code::terminated : exit_code::interrupted;
}

const char* CtrlC::signal_name() const { return g_signal.load() == SIGTERM ? "SIGTERM" : "SIGINT"; }

}  // namespace gpuaudit::cli
