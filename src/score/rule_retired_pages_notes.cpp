// Notes, not verdicts, on retired memory pages (pre-Ampere dynamic page retirement). NVIDIA's
// "Dynamic Page Retirement" document: the driver retires a page after one double-bit or two
// single-bit ECC errors at one address and sets it aside for the board's life; the memory retired
// over a lifetime (~256 KB) "is insignificant", the feature "has no impact on the performance" and
// "improves the longevity of an otherwise good board". Retired pages are the mechanism working, so
// they are said, not judged; a retirement still pending (the bad page in use until the driver
// reloads) and a failed one (Xid 64) are rule_memory's findings.
#include "score/rules.hpp"

namespace gpuaudit {

void rule_retired_pages_notes(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& /*out*/) {
  if (!d.notes) return;
  for (const auto& gpu : d.doc->gpus) {
    const auto& n = gpu.ecc.retired_pages;
    if (!n || *n <= 0 || (gpu.ecc.extra.is_object() && gpu.ecc.extra.value("retirement_pending", false))) continue;
    d.notes->push_back("GPU " + std::to_string(gpu.index) + ": " + std::to_string(*n) + " memory page" + (*n == 1 ? "" : "s") +
                       " retired and set aside by the driver (dynamic page retirement): no impact on speed, by NVIDIA's "
                       "account; many more over time, or new ones often, are a reason to ask for another GPU");
  }
}

}  // namespace gpuaudit
