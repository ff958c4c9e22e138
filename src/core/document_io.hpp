// Reading and writing documents safely.
//
// Reading refuses, with one line naming the file: unreadable files, invalid JSON, JSON that is not
// a gpuaudit result, and a newer major schema version. Writing goes through write_file_atomic
// (core/output_file.hpp): "-" is stdout, devices and FIFOs are written in place, a regular file is
// replaced atomically (through symlinks, keeping its mode), and never half-written.
#pragma once

#include "core/output_file.hpp"
#include "core/result.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace gpuaudit {

// Limits on what is read, checked before the parse: a bigger file is refused with a line that
// states the limit, a deeper one too (copying and printing a JSON value recurse, so 90,000 nested
// arrays overflowed the stack). The largest real documents (a day of soak on 8 GPUs) are ~20 MiB
// and 8 levels deep.
inline constexpr std::uint64_t kMaxDocumentBytes = 64ull << 20;
inline constexpr int kMaxJsonDepth = 64;

// Throws Error(exit_code::usage) with a one-line reason naming the file, and the field for a
// missing, wrong-typed or out-of-range one ("r.json: malformed result document: gpus[0].index:
// 1e+300 is out of range ...").
ResultDocument read_result(const std::filesystem::path& path);
// The bytes of a document file under the same size limit (for a reader that also needs the text,
// such as score --write's splice); throws as read_result.
std::string read_document_text(const std::filesystem::path& path);
ResultDocument parse_result(const std::string& text, const std::string& origin);

// The document checked as a whole (core/document_validate.hpp), as every reader above does after
// the types: throws Error(exit_code::usage) "ORIGIN: invalid result document: FIELD: reason";
// a sensor reading it reads as unknown gets a note on stderr ("gpuaudit: ORIGIN: note: ...").
void check_document(ResultDocument& doc, const std::string& origin);

// Parses any JSON file (baselines, thresholds) under the same limits; throws Error(exit_code::usage).
json read_json_file(const std::filesystem::path& path);

// Throws Error(exit_code::io_error) with a one-line reason; no partial file is left behind. The
// text is readable_document_text's: never a document the readers above would refuse as too big.
void write_result(const std::filesystem::path& path, const ResultDocument& doc);

std::string to_pretty_json(const ResultDocument& doc);

// The text of `doc` as gpuaudit writes a document: pretty (two-space indentation), or compact
// when the pretty form would pass `limit` (kMaxDocumentBytes, which every reader enforces);
// throws Error(exit_code::io_error) when even the compact form would, before anything is written.
std::string readable_document_text(const ResultDocument& doc, std::uint64_t limit = kMaxDocumentBytes);

// The text of `doc` when only the named top-level members changed since it was parsed from
// `original`: those members' new values spliced into the original bytes (core/json_splice.hpp),
// every other byte kept. Checked before it is returned: the spliced text must read back as the
// very same document; when it does not (the document changed elsewhere too, or its text is
// something the splice will not touch, or a splice over `limit`), the whole document as
// readable_document_text makes it (and throws as it does).
std::string result_text_replacing(const std::string& original, const ResultDocument& doc,
                                  const std::vector<std::string>& members, std::uint64_t limit = kMaxDocumentBytes);

}  // namespace gpuaudit
