// A second reader of result documents, for speed: simdjson (Debian libsimdjson-dev) parses the
// text, and the model is filled from its tree with the field list of core/result.hpp
// (GA_JSON_TYPE's json_fields) and the same type, range and required-field rules as the reference
// reader (core/json.hpp's json_read, core/document_rules.hpp). It decides only "this document is
// well-formed": it never explains a refusal. Anything it does not accept (invalid JSON, a wrong
// type, a missing field, a duplicate key, a number simdjson will not read) returns nullopt, and the
// caller hands the text to the reference reader, which names the reason or, for what only
// nlohmann reads (a byte-order mark, an integer over 64 bits), reads it.
//
// The document it returns is the one parse_result returns, `extra` members included (the unit test
// compares both on every document under tests/data). Parsing is where a report of 100,000
// documents spent its time (docs/report.md).
#pragma once

#include "core/result.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace gpuaudit {

// The same document, errors and limits as read_result (core/document_io.hpp), read faster, for
// the readers of many documents (report, export): parse_result_simd when it accepts the text,
// read_result's reader otherwise, so that a refusal is the same line naming the same field.
ResultDocument read_result_fast(const std::filesystem::path& path);

// Reads in place, without a copy, when text.capacity() leaves kReadPadding bytes past the end
// (read_document_text's text does). Nullopt: not decided here, ask parse_result.
std::optional<ResultDocument> parse_result_simd(const std::string& text);

// Bytes a document's text is given past its end (never read as text): simdjson reads up to 64
// bytes ahead, and with them it parses the text in place instead of copying it.
inline constexpr std::size_t kReadPadding = 64;

}  // namespace gpuaudit
