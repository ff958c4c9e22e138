// Every finding id gpuaudit gives, in one place. Rules make their findings with these constants and
// every reader (the headline's order, exit codes, `check`, the Prometheus gauge) compares with them,
// so a mistyped id does not compile. docs/scoring.md §5 states each one
// (tests/unit/core/finding_ids_test.cpp checks that the two lists agree).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit::finding_id {

// A finding id: what the document's `findings[].id` holds. Compares with the string read back.
struct Id {
  std::string_view text;
  friend bool operator==(const std::string& s, Id id) { return s == id.text; }
  friend bool operator==(Id a, Id b) { return a.text == b.text; }
  std::string str() const { return std::string(text); }
};

inline constexpr Id kWrongResults{"wrong-results"};
inline constexpr Id kGpuFault{"gpu-fault"};
inline constexpr Id kUnknownGpu{"unknown-gpu"};
inline constexpr Id kSliced{"sliced"};
inline constexpr Id kPowerCapped{"power-capped"};
inline constexpr Id kThermalThrottled{"thermal-throttled"};
inline constexpr Id kClockLimited{"clock-limited"};
inline constexpr Id kSustainedDrop{"sustained-drop"};
inline constexpr Id kStraggler{"straggler"};
inline constexpr Id kMemoryDegraded{"memory-degraded"};
inline constexpr Id kPcieDegraded{"pcie-degraded"};
inline constexpr Id kNoNvlink{"no-nvlink"};
inline constexpr Id kNvlinkDegraded{"nvlink-degraded"};
inline constexpr Id kNoPeerAccess{"no-peer-access"};
inline constexpr Id kNumaMisplaced{"numa-misplaced"};
inline constexpr Id kHostBound{"host-bound"};
inline constexpr Id kSoftware{"software"};
inline constexpr Id kInconclusive{"inconclusive"};
inline constexpr Id kHealthy{"healthy"};

// The faults and doubts by severity: the headline names the first first (score/headline.cpp).
inline constexpr std::array kBySeverity{kWrongResults, kGpuFault, kUnknownGpu, kSliced, kPowerCapped, kThermalThrottled, kClockLimited, kSustainedDrop, kStraggler, kMemoryDegraded, kPcieDegraded, kNoNvlink, kNvlinkDegraded, kNoPeerAccess, kNumaMisplaced, kHostBound, kSoftware, kInconclusive};

// Every id a rule may give: the severity list, then healthy.
inline constexpr auto kAll = [] {
  std::array<Id, kBySeverity.size() + 1> all{};
  for (std::size_t i = 0; i < kBySeverity.size(); ++i) all[i] = kBySeverity[i];
  all.back() = kHealthy;
  return all;
}();

// The constant whose text is `text`; none for an id gpuaudit does not give.
inline std::optional<Id> named(std::string_view text) {
  for (const Id id : kAll)
    if (id.text == text) return id;
  return std::nullopt;
}

}  // namespace gpuaudit::finding_id
