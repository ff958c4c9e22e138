// Escaping of user-given text (tags, GPU names, file names) for each output format. Every string
// that did not come from gpuaudit itself goes through one of these before it reaches a file.
#pragma once

#include <string>
#include <string_view>

namespace gpuaudit {

// For HTML/SVG/XML text and attribute values (double- or single-quoted): & < > " ' become
// entities, and control characters XML 1.0 forbids are dropped (they make a JUnit file unreadable).
std::string xml_escape(std::string_view s);

// For a Markdown table cell: HTML-escaped (GitHub renders inline HTML), and the characters that
// start Markdown syntax or end a cell (| ` * _ [ ] ~ \) backslash-escaped; newlines become spaces.
std::string markdown_escape(std::string_view s);

// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
// spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading ' first.
// Use csv_number for numbers, which must keep their sign.
std::string csv_text(std::string_view s);

}  // namespace gpuaudit
