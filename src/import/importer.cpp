// read_file(): one file read, its outputs detected and parsed (importer.hpp).
//
// Everything a person can get wrong with one input ends here with one line naming the file (and
// the lines of a paste): a missing file, a folder, a 2 GB core dump, an empty paste, a file of a
// tool gpuaudit does not read, a text two formats claim equally, a JSON that only quotes a tool's
// lines. A parser never throws (it records what it skipped), so past detection the only errors are
// an output that yielded nothing and a second gpuaudit document. Whether such an error ends the
// import or only names the file is import_machines.cpp's call (--strict).
#include "import/importer.hpp"

#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/input_file.hpp"
#include "import/gates/foreign_input.hpp"
#include "import/json_input.hpp"
#include "import/machine_identity.hpp"
#include "import/gates/paste_parts.hpp"
#include "import/text/text_encoding.hpp"
#include "text/format.hpp"
#include "import/gates/unread_outputs.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace gpuaudit::imports {
namespace {

// Reads at most kMaxInputBytes + 1 bytes, so a file that grows while read is still refused.
std::string read_capped(std::istream& in, const std::string& file) {
  std::string raw;
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    raw.append(buf, static_cast<std::size_t>(in.gcount()));
    if (raw.size() > kMaxInputBytes)
      throw input_error(file + ": more than the 64 MiB gpuaudit reads (refused)");
  }
  if (in.bad()) throw input_error(file + ": cannot read: " + std::strerror(errno));
  return raw;
}

// A file, a FIFO or pipe with a writer (`<(zcat x.gz)`), never a FIFO nobody writes to
// (core/input_file.hpp).
std::string read_raw(const std::string& file) {
  if (file == "-") return read_capped(std::cin, "standard input");
  return read_input_file(file, {kMaxInputBytes, [&](const std::string& size) {
                                  return input_error(file + ": " + size +
                                                     ", over the 64 MiB gpuaudit reads (refused unread: no paste is that large)");
                                }});
}

std::string looked_for() {
  std::string s;
  for (const auto& f : format_registry()) s += (s.empty() ? "" : ", ") + f.name;
  return s;
}

// A text that starts as a JSON object does: what a result document looks like, cut or whole. ('['
// also starts a prompt, "[root@node ~]# dcgmi dmon", and a dmesg line: an array is taken as JSON
// only when it is one, scan_json's call.) A JSON object's first member name is a string in double
// quotes (RFC 8259 §4), or the object is empty: "{'loss': 0.85, ...}" is Python printing a dict at
// the top of a training log, not a damaged document.
bool looks_like_json_object(std::string_view text) {
  const std::size_t p = text.find_first_not_of(" \t\r\n");
  if (p == std::string_view::npos || text[p] != '{') return false;
  const std::size_t q = text.find_first_not_of(" \t\r\n", p + 1);
  return q == std::string_view::npos || text[q] == '"' || text[q] == '}';
}

// Every registered format's claim on `text`: the best, a tie, and how many claimed it at all.
PasteClaim claim_of(std::string_view text) {
  PasteClaim c;
  for (const auto& f : format_registry()) {
    int score = 0;
    try {
      score = f.detect ? f.detect(text) : 0;
    } catch (const std::exception&) {
      score = 0;  // a detector that throws is a bug its fuzz target finds; here it just does not claim the text
    }
    if (score <= 0) continue;
    ++c.claimants;
    if (score > c.score) c = PasteClaim{f.name, score, "", c.claimants};
    else if (score == c.score && c.tied_with.empty()) c.tied_with = f.name;
  }
  return c;
}

// "all_reduce.txt: nccl-tests 2.13.9, 0 GPUs, 2 figures, 1 line skipped" and, indented, what the
// parser skipped or warned about (the first few: the document keeps them all).
void report_part(const std::string& who, const ImportPart& p, std::vector<std::string>& r) {
  std::string line = who + ": " + p.format;
  const std::string& tool = p.source.tool;
  const std::string& version = p.source.version;
  if (!tool.empty() && tool != p.format) line += " (" + tool + (version.empty() ? "" : " " + version) + ")";
  else if (!version.empty()) line += " " + version;
  line += ", " + plural(p.gpus.size(), "GPU", "GPUs") + ", " + plural(p.benchmarks.size(), "figure", "figures");
  if (!p.timelines.empty()) line += ", " + plural(p.timelines.size(), "timeline", "timelines");
  if (!p.topology.is_null()) line += ", topology";
  if (!p.skipped.empty()) line += ", " + plural(p.skipped.size(), "line skipped", "lines skipped");
  if (!p.warnings.empty()) line += ", " + plural(p.warnings.size(), "warning", "warnings");
  r.push_back(line);
  constexpr std::size_t kShown = 5;
  auto list = [&](const std::vector<std::string>& items, const char* what) {
    for (std::size_t i = 0; i < items.size() && i < kShown; ++i) r.push_back(std::string("  ") + what + items[i]);
    if (items.size() > kShown)
      r.push_back("  ... and " + std::to_string(items.size() - kShown) + " more (extra.import in the document)");
  };
  list(p.warnings, "warning: ");
  list(p.skipped, "skipped ");
}

// Another vendor's run, or a diff of two outputs, reads like a format gpuaudit knows but is none:
// refused whatever --format says (foreign_input.hpp), except a gpuaudit document that quotes one.
void refuse_foreign(std::string_view text, const std::string& name) {
  const auto why = foreign_input(text);
  if (!why) return;
  const PasteClaim c = claim_of(text);
  if (c.format != kGpuauditFormat || !c.tied_with.empty()) throw input_error(name + ": " + *why);
}

std::vector<SoftwareError> errors_within(const std::vector<SoftwareError>& all, const PastePart& part) {
  std::vector<SoftwareError> out;
  for (const auto& e : all)
    for (const auto& [a, b] : part.lines)
      if (e.line >= a && e.line <= b) out.push_back(e);
  return out;
}

// One output: `text` read as `format`. `who` names it in messages ("a.txt", "issue.md lines 12-40");
// `errors` are the software-stack errors among its lines. Throws input_error naming `who`.
void read_output(FileIntake& in, const std::string& who, const std::string& text, const Format& f, const std::string& lines,
                 const std::vector<SoftwareError>& errors) {
  if (f.name == kGpuauditFormat) {
    if (in.document)
      throw input_error(who + ": a second gpuaudit document in one file; import merges other tools' outputs into one "
                              "document, compare compares two");
    in.document = parse_result(text, in.name);
    in.report.push_back(who + ": gpuaudit document (" + (in.document->mode.empty() ? "?" : in.document->mode) + "), " +
                        plural(in.document->gpus.size(), "GPU", "GPUs") + ", " +
                        plural(in.document->benchmarks.size(), "figure", "figures"));
    return;
  }
  ImportPart part;
  try {
    part = f.parse(text, in.name);
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw input_error(who + ": could not be read as " + f.name + " (" + normalize_text(e.what()) + ")");
  }
  part.format = f.name;
  part.lines = lines;
  if (part.source.file.empty()) part.source.file = in.name;
  if (part.source.tool.empty()) part.source.tool = f.name;
  if (part.empty()) {
    if (!errors.empty()) {
      // A weak claim that read nothing (an application's log with a comma-separated line) was no
      // output of the format: said as the error alone, not as that tool stopped.
      if (claim_of(text).score < kStrongClaimScore) in.report.push_back(who + ": no tool output, but " + errors.front().kind + ": " + errors.front().text);
      else in.report.push_back(who + ": " + f.name + " stopped by " + errors.front().kind + ": " + errors.front().text);
      return;
    }
    const std::string why = part.skipped.empty() ? "" : " (" + part.skipped.front() + ")";
    throw input_error(who + ": looks like " + f.name + " output but nothing could be read from it" + why);
  }
  report_part(who, part, in.report);
  in.parts.push_back(std::move(part));
}

// "not an output gpuaudit can import (looked for: ...)", a known tool's output gpuaudit does not
// read, or the two formats that tie: what detection's claim `c` on `text` means when it names none.
Error detection_error(std::string_view text, const std::string& file, const PasteClaim& c) {
  if (!c.tied_with.empty())
    return input_error(file + ": could be " + c.format + " or " + c.tied_with + " (equally likely); say which with --format");
  if (const auto what = unread_output(text)) return input_error(file + ": " + *what);
  return input_error(file + ": not an output gpuaudit can import (looked for: " + looked_for() + ")");
}

// Below this, detection guessed a format from the shape of a few lines, not from a header, a command
// line or a tool's banner (nvidia-smi-csv claims headerless rows with 15; its command line, even a
// one-field or failed query, with 25 or more).
constexpr int kWeakClaimBelow = kStrongClaimScore;

// A whole file of one output (or of none but a software error), as the importer always read files:
// `c` is detection's claim on it, or the --format the person gave.
void read_whole(FileIntake& in, const std::string& text, const PasteClaim& c) {
  // A file that holds only a software-stack error (bandwidthTest stopped by "CUDA driver version is
  // insufficient", nccl-tests by "Cuda failure") is evidence for the software rule, not bad input.
  // A gpuaudit document is gpuaudit's own record: its errors are in its fields already.
  const bool claimed = !c.format.empty() && c.tied_with.empty();
  const bool document = claimed && c.format == kGpuauditFormat;
  in.software_errors = document ? std::vector<SoftwareError>{} : find_software_errors(text, in.name);
  if (!claimed) {
    // JSON nothing claims: a damaged or foreign result document, whose reader names what is wrong
    // (depth, validity, schema, a field) better than "not an output gpuaudit can import".
    if (in.software_errors.empty() && looks_like_json_object(text) && !unread_output(text)) (void)parse_result(text, in.name);
    // An application's log about the GPU (ollama's, vLLM's NCCL lines) is read for what it is: no
    // output and nothing decisive, said with its line, not refused as a foreign file. A tool's
    // output gpuaudit names but does not import, and two formats that tie, are still refused.
    if (in.software_errors.empty() && c.tied_with.empty() && !unread_output(text) && !looks_like_json_object(text))
      if (auto mention = gpu_mention(text, in.name)) in.software_errors.push_back(std::move(*mention));
    if (in.software_errors.empty()) throw detection_error(text, in.name, c);
    const SoftwareError& e = in.software_errors.front();
    in.report.push_back(in.name + ": no tool output, but " + e.kind + ": " + e.text);
    return;
  }
  read_output(in, in.name, text, format_named(c.format), "", in.software_errors);
}

// A weak claim (a headerless CSV guessed from a few lines' commas) that read nothing is more likely
// an application's log of that shape: read as one when it speaks of the GPU (the intake `in` then
// holds that line). A claim by a header, a command line or a tool's banner stands, as does its error.
bool read_as_app_log(FileIntake& in, const std::string& text, const std::string& format) {
  if (claim_of(text).score >= kWeakClaimBelow || looks_like_json_object(text)) return false;
  auto mention = gpu_mention(text, in.name);
  if (!mention) return false;
  in.software_errors = {std::move(*mention)};
  in.report.push_back(in.name + ": not " + format + " after all, but " + in.software_errors.front().kind + ": " +
                      in.software_errors.front().text);
  return true;
}

PasteClaim forced(const std::string& format) { return PasteClaim{format, 100, "", 1}; }

// Another program's JSON (an object with neither a "schema" nor gpuaudit's "benchmarks": Jan's
// settings.json naming its GPU and driver) that speaks of the GPU is read as that program's log,
// like any application's log: its errors, else the line about the GPU; nothing decisive. A damaged
// gpuaudit document keeps its own error (parse_result names what is wrong).
bool read_foreign_json(FileIntake& in, const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  if (!j.is_object() || j.contains("schema") || j.contains("benchmarks")) return false;
  in.software_errors = find_software_errors(text, in.name);
  if (in.software_errors.empty())
    if (auto mention = gpu_mention(text, in.name)) in.software_errors.push_back(std::move(*mention));
  if (in.software_errors.empty()) return false;
  const SoftwareError& e = in.software_errors.front();
  in.report.push_back(in.name + ": another program's JSON, no tool output, but " + e.kind + ": " + e.text);
  return true;
}

// A text that is one JSON document is read for its structure, never for lines its strings quote.
void read_json(FileIntake& in, const std::string& text, const JsonScan& scan) {
  const PasteClaim c = claim_of(text);
  const PasteClaim quoted = scan.quoted.empty() ? PasteClaim{} : claim_of(scan.quoted);
  if (!c.format.empty() && c.tied_with.empty() && quoted.format != c.format) {
    read_whole(in, text, c);
    return;
  }
  if (!quoted.format.empty())
    throw input_error(in.name + ": a JSON document, not " + quoted.format + " output: it quotes " + quoted.format +
                      " lines in its strings; paste those lines as a text file to import them");
  if (read_foreign_json(in, text)) return;
  (void)parse_result(text, in.name);  // names what is wrong with it as a result document
  read_whole(in, text, forced(kGpuauditFormat));
}

// The lines no output claimed, as a reader wants them: "1-14, 138-166", ranges joined across the
// blank and fence lines between them (any line that is in no part), never across an output.
std::string unread_lines(const PastePlan& plan) {
  std::vector<std::pair<int, int>> unread, claimed;
  for (const auto& part : plan.parts)
    for (const auto& r : part.lines) (part.format.empty() ? unread : claimed).push_back(r);
  std::sort(unread.begin(), unread.end());
  std::sort(claimed.begin(), claimed.end());
  std::vector<std::pair<int, int>> merged;
  std::size_t c = 0;
  for (const auto& r : unread) {
    while (c < claimed.size() && claimed[c].second < r.first) ++c;
    const bool output_between = !merged.empty() && c > 0 && claimed[c - 1].first > merged.back().second;
    if (!merged.empty() && !output_between) merged.back().second = std::max(merged.back().second, r.second);
    else merged.push_back(r);
  }
  constexpr std::size_t kShown = 12;  // a paste of hundreds of blocks says how many more, not each
  if (merged.size() <= kShown) return line_ranges(merged);
  const std::size_t more = merged.size() - kShown;
  merged.resize(kShown);
  return line_ranges(merged) + " and " + std::to_string(more) + " more ranges";
}

// More outputs than this in one paste and the rest are named, not read: each part is parsed over a
// text as long as the paste (its lines kept at their numbers), so the bound keeps a 64 MiB paste
// of thousands of fenced blocks to a constant number of passes. A person pastes a handful.
constexpr std::size_t kMaxPasteOutputs = 32;
// Sections of one format read apart to ask whether they are of several machines (below).
constexpr std::size_t kMaxProbedSections = 16;

// A text one format claims throughout whose hard sections (fences, prompts) are outputs of
// different machines, "node A:" and "node B:" each with its nvidia-smi table: those sections as
// the parts of a paste. nullopt when the sections are of one machine (or fewer than two, or more
// than kMaxProbedSections): the text is then read whole, as parsers that read several runs of one
// paste together (bandwidthTest's numactl runs, a vmstat per prompt) expect.
std::optional<PastePlan> machines_apart(const std::string& name, const std::string& text, const std::string& format) {
  std::vector<PastePart> sections = hard_sections(text, claim_of);
  std::size_t claimed = 0;
  for (const auto& s : sections) {
    if (!s.format.empty() && (s.format != format || !s.tied_with.empty())) return std::nullopt;
    claimed += s.format.empty() ? 0 : 1;
  }
  if (claimed < 2 || claimed > kMaxProbedSections) return std::nullopt;
  const Format& f = format_named(format);
  std::vector<ImportPart> parts;
  std::vector<std::string> labels;
  try {
    for (const auto& s : sections) {
      if (s.format.empty()) continue;
      parts.push_back(f.parse(part_text(text, s), name));
      parts.back().format = format;
      labels.push_back(name + " lines " + std::to_string(s.first_line()) + "-" + std::to_string(s.last_line()));
    }
  } catch (const std::exception&) {
    return std::nullopt;  // read whole, where the error is reported as it always was
  }
  std::vector<const ImportPart*> ptrs;
  for (const auto& p : parts) ptrs.push_back(&p);
  if (split_machines(ptrs, labels).count() < 2) return std::nullopt;
  return PastePlan{false, std::move(sections)};
}

// A paste of several outputs: each part read on its own, what fails named and left out.
void read_paste(FileIntake& in, const std::string& text, const PastePlan& plan) {
  const std::vector<SoftwareError> errors = find_software_errors(text, in.name);
  std::string found;
  const std::string unread = unread_lines(plan);
  std::size_t outputs = 0;
  int beyond_first = 0, beyond_last = 0;  // the outputs past kMaxPasteOutputs
  for (const auto& part : plan.parts) {
    const std::string lines = std::to_string(part.first_line()) + "-" + std::to_string(part.last_line());
    if (part.format.empty()) continue;
    ++outputs;
    const std::string who = in.name + " lines " + lines;
    if (outputs > kMaxPasteOutputs) {  // named once, below
      beyond_last = part.last_line();
      if (beyond_first == 0) beyond_first = part.first_line();
      continue;
    }
    found += (found.empty() ? "" : ", ") + std::string("lines ") + lines + " " + part.format;
    if (!part.tied_with.empty()) {
      found += " or " + part.tied_with;
      in.not_read.push_back(NotRead{who, in.name, lines,
                                    "could be " + part.format + " or " + part.tied_with +
                                        " (equally likely); put it in a file of its own and say which with --format"});
      continue;
    }
    try {
      read_output(in, who, part_text(text, part), format_named(part.format), lines, errors_within(errors, part));
    } catch (const Error& e) {
      std::string reason = e.what();
      if (reason.rfind(who + ": ", 0) == 0) reason = reason.substr(who.size() + 2);
      in.not_read.push_back(NotRead{who, in.name, lines, reason});
    }
  }
  if (beyond_first > 0) {
    const std::string lines = std::to_string(beyond_first) + "-" + std::to_string(beyond_last);
    const std::size_t more = outputs - kMaxPasteOutputs;
    found += ", and " + plural(more, "more", "more") + " (not read)";
    in.not_read.push_back(NotRead{in.name + " lines " + lines, in.name, lines,
                                  plural(more, "more output", "more outputs") + " in one paste: gpuaudit reads the first " +
                                      std::to_string(kMaxPasteOutputs) + " of a paste (split it into files)"});
  }
  std::string head = in.name + ": " + plural(outputs, "output", "outputs") + " in one paste: " + found;
  if (!unread.empty()) head += "; lines " + unread + " no tool output";
  in.report.insert(in.report.begin(), head);
  in.software_errors = errors;
  if (in.parts.empty() && !in.document && errors.empty()) {
    std::string why = in.not_read.empty() ? "no part could be read" : in.not_read.front().message();
    if (in.not_read.size() > 1) why += " (and " + plural(in.not_read.size() - 1, "other part", "other parts") + ")";
    throw input_error(in.name + ": " + plural(outputs, "output", "outputs") + " in one paste, none read: " + why);
  }
}

}  // namespace

const Format& format_named(const std::string& name) {
  if (const Format* f = find_format(name)) return *f;
  throw input_error("--format " + name + ": no such format (known: " + looked_for() + ")");
}

std::string read_input(const std::string& file) {
  const std::string raw = read_raw(file);
  const auto decoded = decode_bom_text(raw);
  std::string text = normalize_text(decoded ? *decoded : raw);
  if (std::all_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }))
    throw input_error((file == "-" ? std::string("standard input") : file) + ": is empty");
  return text;
}

std::string detect_format(std::string_view text, const std::string& file) {
  const PasteClaim c = claim_of(text);
  if (c.format.empty() || !c.tied_with.empty()) throw detection_error(text, file, c);
  return c.format;
}

std::string part_label(const ImportPart& p) {
  return p.lines.empty() ? p.source.file : p.source.file + " lines " + p.lines;
}

FileIntake read_file(const std::string& file, const ImportOptions& opt) {
  FileIntake in;
  in.name = file == "-" ? std::string("standard input") : file;
  const std::string text = read_input(file);
  refuse_foreign(text, in.name);
  if (!opt.format.empty()) {
    read_whole(in, text, forced(format_named(opt.format).name));
    return in;
  }
  if (const JsonScan scan = scan_json(text); scan.document) {
    read_json(in, text, scan);
    return in;
  }
  const PastePlan plan = plan_paste(text, claim_of);
  if (!plan.whole) {
    read_paste(in, text, plan);
    return in;
  }
  PasteClaim whole;
  if (!plan.parts.empty()) whole = PasteClaim{plan.parts.front().format, 1, plan.parts.front().tied_with, 1};
  if (!whole.format.empty() && whole.tied_with.empty() && whole.format != kGpuauditFormat)
    if (const auto apart = machines_apart(in.name, text, whole.format)) {
      read_paste(in, text, *apart);
      return in;
    }
  try {
    read_whole(in, text, whole);
  } catch (const Error&) {
    // Read whole, nothing: when a piece of it is another format's output (a table beside a -q
    // banner that gives the table way), the paste is read piece by piece; else the whole file's error.
    if (whole.format.empty() || whole.format == kGpuauditFormat) throw;
    const PastePlan pieces = plan_pieces(text, claim_of);
    const bool other = std::any_of(pieces.parts.begin(), pieces.parts.end(), [&](const PastePart& p) {
      return !p.format.empty() && p.format != whole.format && p.format != kGpuauditFormat;
    });
    if (!other) {
      if (read_as_app_log(in, text, whole.format)) return in;
      throw;
    }
    in = FileIntake{};
    in.name = file == "-" ? std::string("standard input") : file;
    read_paste(in, text, pieces);
  }
  return in;
}

}  // namespace gpuaudit::imports
