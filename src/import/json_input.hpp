// A JSON file is read as JSON (issue #28). A support ticket, an Alertmanager payload or a log
// shipper's record that quotes "NVRM: Xid 79, ..." in a string holds kernel-log text, but it is not a
// kernel log: its lines are values of fields, with the JSON's own structure around them. A format
// that reads lines of text must not claim it, or a quoted line becomes evidence of this machine.
// What is told here: whether a text is one JSON document, and the text its string values quote, so
// that the importer can ask which formats claim the JSON for its structure (the gpuaudit document,
// nvbandwidth -j, dcgmi diag -j) and which only for the lines it quotes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

struct JsonScan {
  bool document = false;  // the whole text is one JSON value (an object or an array)
  std::string quoted;     // its string values, one per line (keys left out), at most kMaxQuotedBytes
};

inline constexpr std::size_t kMaxQuotedBytes = 16u << 20;

// Linear, iterative (no recursion at any depth), never throws. A text whose first non-blank
// character is not '{' or '[' is not scanned (document false). NDJSON (one object per line, as
// `journalctl -o json` writes) is several values, so not one document: it stays a text.
JsonScan scan_json(std::string_view text);

}  // namespace gpuaudit::imports
