// Values as nvidia-smi prints them, shared by its four parsers (-q text, -q -x XML, --query-gpu CSV,
// topo -m): "24.69 W", "1980 MHz", "81559 MiB", "16x", "N/A", "[Not Supported]", "Active".
//
// nvidia-smi is English-only, but a paste may come from a machine whose locale writes decimal commas
// ("69,50 W"), so numbers accept either separator. Anything that is not a number (N/A, [N/A],
// [Not Supported], Unknown Error, "Requested functionality has been deprecated") reads as nullopt:
// a value the tool could not give is absent, never 0.
#pragma once

#include "text/strings.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuaudit::imports::smi {

using gpuaudit::lower;  // text/strings.hpp
using gpuaudit::trim;

// The leading number of a value ("24.69 W" -> 24.69, "69,50 W" -> 69.5, "16x" -> 16, "0x1F" -> no).
std::optional<double> number(std::string_view v);
std::optional<int> integer(std::string_view v);           // rounded number()
std::optional<std::uint64_t> count(std::string_view v);   // a non-negative integer count
// "81559 MiB" (also "MB"/"Mb" of old drivers, which meant MiB; "GiB"; "KiB") -> bytes.
std::optional<std::uint64_t> mib_bytes(std::string_view v);

// "Enabled"/"Yes"/"Active"/"On" -> true; "Disabled"/"No"/"Not Active"/"Off" -> false; else nullopt.
std::optional<bool> boolean(std::string_view v);
// "Active" -> true, "Not Active" -> false (the clock-event reason fields), else nullopt.
std::optional<bool> active(std::string_view v);

// The value is one of nvidia-smi's "no value" words (N/A, [N/A], [Not Supported], Unknown Error, ...).
bool is_absent(std::string_view v);

// A UUID the poster masked before pasting: "GPU-xxxxxxxx-xxxx-...", "GPU-xxxxx11f-ce5d-xxxx-...",
// "GPU-********", "<redacted>", "GPU-...", "REDACTED". It names no GPU, so it neither matches nor
// contradicts another file's UUID. (A placeholder in hex, "GPU-12345678-aaaa-...", cannot be told
// from a real one; two boards at two addresses still stay two GPUs, merge.cpp.)
bool masked_uuid(std::string_view v);

// "0x233010DE" (device in the high 16 bits, vendor in the low) -> "10de:2330"; nullopt if not hex.
std::optional<std::string> pci_id_pair(std::string_view v);

// "12.4" -> 12040 (CUDA_VERSION style); "Not Found"/"N/A" -> nullopt.
std::optional<int> cuda_version_number(std::string_view v);

// "None" -> "none", "Pass-Through" -> "passthrough", "VGPU" -> "vgpu", "Host VGPU" -> "host-vgpu",
// "Host VSGA" -> "host-vsga" (the names of probe/nvml_inventory.cpp); nullopt for N/A or unknown words.
std::optional<std::string> virtualization_mode(std::string_view v);
// "Default" -> "default", "Exclusive_Process" -> "exclusive-process", "Prohibited", "Exclusive_Thread".
std::optional<std::string> compute_mode(std::string_view v);

// A clock-event reason as nvidia-smi names it (text "SW Power Cap", XML/CSV "sw_power_cap",
// "clocks_event_reason_sw_power_cap") -> its NVML bit, 0 when unknown.
std::uint64_t clock_reason_bit(std::string_view name);

// 1 to 8 hex digits without a prefix ("DE", "233010DE", "1b") -> their value; anything else nullopt.
std::optional<std::uint32_t> hex_number(std::string_view v);

// 1 to 5 decimal digits, no sign or space ("0", "17"), at most `bound`: a GPU or link number.
std::optional<int> small_number(std::string_view s, int bound);

// "2024/05/01 12:00:01.123" -> seconds since an arbitrary epoch (only differences are meaningful).
std::optional<double> timestamp_seconds(std::string_view v);

// "00000000:18:00.0" kept as printed, but a 4-digit-domain "0000:18:00.0" (older drivers) widened
// to 8 digits, so dumps of different driver versions name one GPU alike. Upper case as printed.
std::string bus_id_as_printed(std::string_view v);

// The MIG profile a MIG instance's CUDA device name ends with ("NVIDIA A100-SXM4-40GB MIG 3g.20gb" ->
// "3g.20gb": cuDeviceGetName's form, which deviceQuery and the frameworks print); nullopt for a whole GPU.
std::optional<std::string> mig_profile_of_cuda_name(std::string_view name);

// "00000000:07:00.0", "00008ED0:00:00.0" (Azure's domains), "0000:3B:00.0": a PCI address as
// nvidia-smi prints it (a 4- to 8-digit domain, bus, device, function).
bool is_bus_id(std::string_view w);

// The text without terminal escape sequences ("\x1b[4m" ... "\x1b[0m"): topo -m underlines its header
// when it writes to a terminal, and a capture through `script` or a CI log keeps the codes.
std::string strip_ansi(std::string_view v);

// The text's lines with their 1-based numbers (for the error messages that name a line); no
// empty last line for a trailing newline.
std::vector<std::pair<int, std::string_view>> numbered_lines(std::string_view text);

// What a detector reads of a text: the numbered lines of its first `max_bytes`, at most `max_lines`
// of them. A detector looks at the head only, so a huge file is told in the same time as a small one.
std::vector<std::pair<int, std::string_view>> head_lines(std::string_view text, int max_lines,
                                                         std::size_t max_bytes = 64 * 1024);

// The line's words, split at runs of spaces and tabs (the column tables of dmon, vmstat, mpstat,
// iostat and the nvidia-smi summary table's cells).
std::vector<std::string> words(std::string_view line);

// At most `max_bytes` of `s`, cut back to the start of a UTF-8 character: a message clipped in the
// middle of one would be invalid UTF-8, which the document writer refuses.
std::string_view utf8_prefix(std::string_view s, std::size_t max_bytes);

}  // namespace gpuaudit::imports::smi
