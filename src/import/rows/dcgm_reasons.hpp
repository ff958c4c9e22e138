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
//   "Detected XID 79 for GPU 2" (DcgmRecorder: an Xid NVML reported during the test; 95 and 94 have
//    their own sentences, "GPU had an uncontained error (XID 95)" and "GPU had a contained error.",
//    named by dcgmi's "GPU N" before them)                                 -> Xid 79 on GPU 2
//   "Detected 2 ecc_dbe_volatile_total for GPU 1" (the field's rise during the test; also "... which
//    is above the threshold 0") and "Detected 2 volatile double-bit ECC error(s) in GPU 1."
//                                                                        -> >= 2 uncorrectable errors
//   "Detected 40 ecc_sbe_volatile_total for GPU 1", "More than 10 single-bit ECC error(s) detected in
//    GPU 1 Volatile SBEs: 40"                                            -> >= 40 corrected errors
//   "Detected 12 nvlink_crc_flit_error_count_total NvLink errors on GPU 0's NVLink (should be 0)"
//    (and "... which exceeds threshold of 100", "12.5 <field> NvLink errors found occuring per
//    second on GPU 0, ...", and the health watch's "Detected 1 datalink layer CRC error counter
//    NvLink errors on GPU 7's NVLink (should be 0)")                     -> NVLink error counts
//   "Persistence mode for GPU 0 is disabled." (before 3.2.5: "... is currently disabled. ...", the
//    Deployment test reads NVML's persistence mode)                      -> persistence mode off
// Not read: "GPU N's NvLink link L is currently down": DCGM 2.4 prints it for every link slot of a
// GPU that has no NVLink at all (NVIDIA/DCGM#49, an A100 PCIe), so it is no sign of a broken link.
// Only DCGM's fixed wording is read: a message of another form is left to the notes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports::dcgm {

struct GpuSigns {
  std::set<std::string> reasons;       // clock-event reason names (probe/clock_reasons.hpp)
  std::optional<double> temperature_c;  // the hottest the messages state
  std::optional<double> thermal_violation_s;  // the longest thermal violation stated
  bool remap_pending = false;   // row remappings pending (a reset applies them)
  bool remap_failure = false;   // a row remap failed (no spare rows left)
  std::set<int> xids;           // the Xids DCGM saw on the GPU during the test
  // ECC errors DCGM counted: the volatile counter's rise during a test, or its value at a check;
  // either way at least that many since the driver loaded.
  std::optional<std::uint64_t> dbe_volatile, sbe_volatile;
  struct NvlinkErrors {
    std::string field;  // DCGM's field tag ("nvlink_crc_flit_error_count_total")
    double count = 0;
    bool per_second = false;  // the CRC form states a rate, not a count
  };
  std::vector<NvlinkErrors> nvlink_errors;
  bool persistence_off = false;
};

// Adds what `message` states to `out`, per GPU id (DCGM's entity id, NVML's index).
void read_signs(std::string_view message, std::map<int, GpuSigns>& out);

}  // namespace gpuaudit::imports::dcgm
