// Escaping of user-given text (tags, GPU names, file names) for each output format. Every string
// that did not come from gpuaudit itself goes through one of these before it reaches a file.
#pragma once

#include "core/json.hpp"

#include <string>
#include <string_view>

namespace gpuaudit {

// Invalid UTF-8 (each bad byte) replaced by U+FFFD: what comes in from the command line (--tag)
// or the system (hostnames, DMI strings) before it is stored.
std::string valid_utf8(std::string_view s);

// For text that goes to a terminal: valid UTF-8, and every control character but newline and tab
// (ESC, BEL, NUL, CR, DEL, the C1 controls) shown as \x1B or \u009B, so that a tag, hostname or
// GPU name can neither move the cursor, retitle the window nor hide what follows. gpuaudit's own
// text holds none of them, so a renderer passes its whole output through this once.
std::string terminal_text(std::string_view s);

// For HTML/SVG/XML text and attribute values (double- or single-quoted): & < > " ' become
// entities; invalid UTF-8 and U+FFFE/U+FFFF become U+FFFD, and the control characters XML 1.0
// forbids are dropped (any of these makes a JUnit file unreadable).
std::string xml_escape(std::string_view s);

// The reverse of xml_escape for text that went through HTML: &lt; &gt; &amp; &quot; &#39; &apos;
// become their characters and &nbsp; a space; any other '&' stays as written.
std::string html_unescape(std::string_view s);

// For a Markdown table cell: HTML-escaped (GitHub renders inline HTML), and the characters that
// start Markdown syntax or end a cell (| ` * _ [ ] ~ \) backslash-escaped; newlines become spaces.
std::string markdown_escape(std::string_view s);

// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
// spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading ' first.
// Control characters but tab and newline are shown as \x1B, as terminal_text shows them (CSV is
// read on terminals too). Use csv_number for numbers, which must keep their sign.
std::string csv_text(std::string_view s);

// One NDJSON line of `j` (no newline): invalid UTF-8 replaced by U+FFFD, and every control
// character escaped, DEL and the C1 controls (\u007f, \u009b) too, which JSON allows raw.
std::string ndjson_line(const json& j);

// Text for the Prometheus exposition format: a label value (`label`: \" escaped too) or HELP
// text, with control characters written as the text \x1B and invalid UTF-8 as U+FFFD.
std::string prometheus_text(std::string_view s, bool label);

}  // namespace gpuaudit
