// What a kernel-log event (core/kernel_event.hpp, from an imported dmesg) is evidence of,
// following NVIDIA's Xid catalogue (docs.nvidia.com/deploy/xid-errors, "Analyzing Xid Errors with
// the Xid Catalog", and the A100 GPU memory error management guide for 48/63/64/94/95). The class
// of an Xid is the catalogue's, whole: an Xid either names a fault of the card (memory, NVLink, the
// GPU lost or needing a reset) or a fault of the work running on it (13, 31, 43, 45: the catalogue's
// RESTART_APP / CHECK_APP buckets, most often an application's bug); nothing here depends on one
// machine. docs/scoring.md §5 has the table and the reasons.
#pragma once

#include "core/kernel_event.hpp"

#include <string>

namespace gpuaudit {

enum class XidClass {
  memory,       // memory-degraded: 48 DBE, 63/64 row remap (or page retirement) recorded/failed, 92 high SBE rate, 94/95
  nvlink,       // nvlink-degraded: 74 NVLink error
  gpu_fault,    // gpu-fault: 79 fallen off the bus, 154 recovery action, 119/120 GSP, 61/62 micro-controller, init failed
  application,  // a note: 13, 31, 43, 45, 109: the work's fault, not the card's
  other,        // a note: an Xid this catalogue does not class, AER lines, 154 back to "None"
};

struct XidMeaning {
  XidClass cls = XidClass::other;
  std::string confidence;  // the finding's confidence for the card-fault classes; "" for notes
  std::string meaning;     // one phrase, "uncorrectable double-bit ECC error"
};

// The meaning of one event: an Xid by its number (154 by the action it names: "(None)" is no
// action), "fallen-off-bus" and "init-failed" as the GPU lost / not brought up (gpu_fault),
// "pcie-aer" as a note.
XidMeaning xid_meaning(const KernelEvent& e);

// "kernel log line 12: Xid 79 (Mar 29 15:38:59, python3): GPU has fallen off the bus." -- the
// evidence line of one event.
std::string kernel_event_line(const KernelEvent& e);
// Where the event was read: "kernel log", or the tool that reported it ("dcgmi diag": extra.from).
std::string kernel_event_source(const KernelEvent& e);

}  // namespace gpuaudit
