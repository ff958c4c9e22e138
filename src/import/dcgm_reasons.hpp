// What DCGM's diagnostic says about a GPU's clocks, heat and memory rows, read from its own failure-reason
// messages (dcgmlib/dcgm_errors.h, the *_MSG formats, and DcgmRecorder's clock-event details), so
// that a `dcgmi diag` run counts as what it is: a load on the GPU during which DCGM watched the
// clock-event reasons, the thermal violation counter and the temperature.
//   "Thermal violations totaling 13.3 seconds started at 9.7 seconds into the test for GPU 0"
//   "There were thermal violations totaling 2.0 seconds for GPU 1"          -> thermal-violation
//    (not "0.0 seconds": under the 0.1 s DCGM prints, too short to cost a job anything)
//   "Clocks are being throttled for GPU 3 because of clock throttling starting 5.0 seconds into
//    the test. clocks_throttle_reason_sw_thermal_slowdown: ..."             -> sw-thermal (the NVML
//    name of the detail; 3.3+ prints clocks_event_reason_...)
//   "Temperature 92 of GPU 2 exceeded user-specified maximum allowed temperature 87" -> 92 C
//   "GPU 3 had memory errors and row remappings are pending" (3.x: "GPU 3 has uncorrectable
//    memory errors and row remappings are pending")                        -> a remap pending
//   "GPU 3 had uncorrectable memory errors and row remapping failed."     -> a remap failure
//    (DCGM reads both from NVML's remapped-rows state, the fields nvidia-smi -q prints)
// Only DCGM's fixed wording is read: a message of another form is left to the notes.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace gpuaudit::imports::dcgm {

struct GpuSigns {
  std::set<std::string> reasons;       // clock-event reason names (probe/clock_reasons.hpp)
  std::optional<double> temperature_c;  // the hottest the messages state
  std::optional<double> thermal_violation_s;  // the longest thermal violation stated
  bool remap_pending = false;   // row remappings pending (a reset applies them)
  bool remap_failure = false;   // a row remap failed (no spare rows left)
};

// Adds what `message` states to `out`, per GPU id (DCGM's entity id, NVML's index).
void read_signs(std::string_view message, std::map<int, GpuSigns>& out);

}  // namespace gpuaudit::imports::dcgm
