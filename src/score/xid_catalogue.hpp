// What a kernel-log event (core/kernel_event.hpp, from an imported dmesg) is evidence of, from
// NVIDIA's Xid catalogue: every Xid of "Analyzing Xid Errors with the Xid Catalog" (Ampere and
// newer, Table 1: mnemonic, description, resolution buckets) and the Failure column of the
// catalogue for Volta and older GPUs, as data in score/xid_table.cpp (the document URLs and the
// date read are below; tests/unit/score/xid_table_test.cpp checks every row against the
// transcription of both tables in tests/data/references/). The class of each Xid follows its
// resolution bucket, for the whole class (docs/scoring.md §5): the card's memory, its NVLink, the
// card as a whole (RESET_GPU / RESTART_BM: it must be reset before it can be trusted), the
// software stack, or the work running on it (RESTART_APP, and the rows whose text says the
// application: most often a program's bug, a note). Nothing here depends on one machine.
#pragma once

#include "core/kernel_event.hpp"

#include <span>
#include <string>

namespace gpuaudit {

inline constexpr const char* kXidCatalogueUrl = "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html";
inline constexpr const char* kXidArchiveUrl = "https://docs.nvidia.com/deploy/xid-errors/archive/index.html";
inline constexpr const char* kXidCatalogueRead = "2026-12-02";

enum class XidClass {
  memory,       // memory-degraded: 48, 63, 64, 92, 94, 95, 140, 168, 171 (57/58 before Ampere)
  nvlink,       // nvlink-degraded: 74, 136, 144-150, 155
  gpu_fault,    // gpu-fault: the catalogue's RESET_GPU / RESTART_BM rows (79, 62, 119, 120, 143, 158, ...), 54, 154 by its action
  software,     // software: 78 (vGPU start), 151 (key rotation): the host's or the VM's stack
  application,  // a note: RESTART_APP rows and 13, 31, 43, 45, 137: the work's fault or the work stopped, not the card's
  other,        // a note: IGNORE rows, unused numbers, numbers the catalogue does not list, AER lines, 154 back to "None"
};

// One row of NVIDIA's catalogue and the class gpuaudit gives it.
struct XidEntry {
  int xid = 0;
  const char* mnemonic = "";       // NVIDIA's, as printed in the Ampere+ catalogue
  const char* description = "";    // the Ampere+ catalogue's Description ("Unused" where it says so)
  const char* older = "";          // the Volta-and-older catalogue's Failure column ("" past its last row)
  const char* immediate = "";      // Resolution Bucket (Immediate Action): RESET_GPU, RESTART_APP, ... ("" where none)
  const char* investigatory = "";  // Resolution Bucket (Investigatory Action)
  XidClass cls = XidClass::other;
  const char* confidence = "";     // of the finding, for the card classes; "" for notes and software
  const char* meaning = "";        // gpuaudit's phrase where it says more than the description; "" otherwise
};

// Every row, by number (1 to the catalogue's last).
std::span<const XidEntry> xid_catalogue();
// The row of one Xid, or null when the catalogue does not list it.
const XidEntry* xid_entry(int xid);

struct XidMeaning {
  XidClass cls = XidClass::other;
  std::string confidence;  // the finding's confidence for the card-fault classes; "" for notes
  std::string meaning;     // one phrase, "uncorrectable double-bit ECC error"
  std::string advice;      // what the person renting the GPU does about it ("" for notes)
  std::string reference;   // NVIDIA's words: "ROBUST_CHANNEL_GPU_ECC_DBE, immediate action WORKFLOW_XID_48" ("" when not listed)
};

// The meaning of one event: an Xid by its catalogue row (154 by the action it names: "(None)" is no
// action), "fallen-off-bus" and "init-failed" as the GPU lost / not brought up (gpu_fault),
// "pcie-aer" as a note.
XidMeaning xid_meaning(const KernelEvent& e);
// The meaning of an Xid number alone (no message: 154's action unknown).
XidMeaning xid_meaning(int xid);

// "kernel log line 12: Xid 79 (Mar 29 15:38:59, python3): GPU has fallen off the bus." -- the
// evidence line of one event.
std::string kernel_event_line(const KernelEvent& e);
// Where the event was read: "kernel log", or the tool that reported it ("dcgmi diag": extra.from).
std::string kernel_event_source(const KernelEvent& e);

}  // namespace gpuaudit
