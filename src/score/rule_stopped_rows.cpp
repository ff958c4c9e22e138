// Notes, not verdicts, for measurements that stopped without a figure: a row whose status is
//   `error` (a CUDA, library or OS error: nccl-tests' "Test NCCL failure ... 'unhandled cuda
//   error'", a failed allocation) or `interrupted` (SIGINT/SIGTERM). Its figure is missing, so
//   the GPU's verdict rests on the rest of the document; the note says which measurement is
//   missing and why, so an inconclusive verdict does not hide that something was run and failed.
//   No exit code follows: a tool's failure is not evidence against the card (an NCCL internal
//   error is as often the network, the container or the library), and the software rule judges
//   the driver/runtime errors it recognises. check-failed rows are wrong-results' (the worst).
#include "score/rules.hpp"

namespace gpuaudit {

void rule_stopped_rows(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& /*out*/) {
  if (!d.notes) return;
  for (const auto& b : d.doc->benchmarks) {
    if (b.status != "error" && b.status != "interrupted") continue;
    std::string where = b.gpu ? "GPU " + std::to_string(*b.gpu) + ": " : std::string();
    std::string from;
    if (b.extra.is_object() && b.extra.contains("source") && b.extra["source"].is_object()) {
      const json& s = b.extra["source"];
      from = s.value("file", std::string());
      if (s.value("line", 0) > 0) from += " line " + std::to_string(s.value("line", 0));
    }
    d.notes->push_back(where + b.name + " has no figure: it " + (b.status == "error" ? "stopped with an error" : "was interrupted") +
                       (from.empty() ? "" : " (" + from + ")") + (b.message.empty() ? "" : ": " + b.message));
  }
}

}  // namespace gpuaudit
