// import_files(): read each file, detect its format from the content, parse, merge (import.hpp).
//
// Everything a person can get wrong with the inputs ends here with one line naming the file:
// a missing file, a folder, a 2 GB core dump, an empty paste, a file of a tool gpuaudit does not
// read, a text two formats claim equally. A parser never throws (it records what it skipped), so
// past detection the only errors are a file that yielded nothing and two gpuaudit documents.
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "import/foreign_input.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/software_errors.hpp"
#include "import/unread_outputs.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

namespace gpuaudit::imports {
namespace {

std::string mib(std::uint64_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

// Reads at most kMaxInputBytes + 1 bytes, so a file that grows while read is still refused.
std::string read_capped(std::istream& in, const std::string& file) {
  std::string raw;
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    raw.append(buf, static_cast<std::size_t>(in.gcount()));
    if (raw.size() > kMaxInputBytes)
      throw input_error(file + ": larger than " + mib(kMaxInputBytes) + ", not an output gpuaudit can import");
  }
  if (in.bad()) throw input_error(file + ": cannot read: " + std::strerror(errno));
  return raw;
}

std::string read_raw(const std::string& file) {
  if (file == "-") return read_capped(std::cin, "standard input");
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) throw input_error(file + ": cannot open: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw input_error(file + ": is a folder, not a file");
  if (!S_ISREG(st.st_mode)) throw input_error(file + ": not a regular file");
  if (static_cast<std::uint64_t>(st.st_size) > kMaxInputBytes)
    throw input_error(file + ": " + mib(static_cast<std::uint64_t>(st.st_size)) + ", larger than the " +
                      mib(kMaxInputBytes) + " gpuaudit imports");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw input_error(file + ": cannot open: " + std::strerror(errno));
  return read_capped(in, file);
}

std::string looked_for() {
  std::string s;
  for (const auto& f : format_registry()) s += (s.empty() ? "" : ", ") + f.name;
  return s;
}

const Format& format_named(const std::string& name) {
  if (const Format* f = find_format(name)) return *f;
  throw input_error("--format " + name + ": no such format (known: " + looked_for() + ")");
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Identity first: nvidia-smi numbers GPUs as NVML does, which is also how gpuaudit's own runs
// number them, so the document's indices should be those. Tools that number GPUs in CUDA order
// (nccl-tests' "device 0") are then mapped onto them by PCI bus id in merge_part.
int merge_rank(const std::string& format) {
  if (format == "nvidia-smi-q" || format == "nvidia-smi-xml") return 0;
  if (format.rfind("nvidia-smi", 0) == 0) return 1;
  return 2;
}

// "all_reduce.txt: nccl-tests 2.13.9, 0 GPUs, 2 figures, 1 line skipped" and, indented, what the
// parser skipped or warned about (the first few: the document keeps them all).
void report_part(const std::string& file, const ImportPart& p, ImportReport& r) {
  std::string line = file + ": " + p.format;
  const std::string& tool = p.source.tool;
  const std::string& version = p.source.version;
  if (!tool.empty() && tool != p.format) line += " (" + tool + (version.empty() ? "" : " " + version) + ")";
  else if (!version.empty()) line += " " + version;
  line += ", " + plural(p.gpus.size(), "GPU", "GPUs") + ", " + plural(p.benchmarks.size(), "figure", "figures");
  if (!p.timelines.empty()) line += ", " + plural(p.timelines.size(), "timeline", "timelines");
  if (!p.topology.is_null()) line += ", topology";
  if (!p.skipped.empty()) line += ", " + plural(p.skipped.size(), "line skipped", "lines skipped");
  if (!p.warnings.empty()) line += ", " + plural(p.warnings.size(), "warning", "warnings");
  r.lines.push_back(line);
  constexpr std::size_t kShown = 5;
  auto list = [&](const std::vector<std::string>& items, const char* what) {
    for (std::size_t i = 0; i < items.size() && i < kShown; ++i) r.lines.push_back(std::string("  ") + what + items[i]);
    if (items.size() > kShown)
      r.lines.push_back("  ... and " + std::to_string(items.size() - kShown) + " more (extra.import in the document)");
  };
  list(p.warnings, "warning: ");
  list(p.skipped, "skipped ");
}

}  // namespace

std::string read_input(const std::string& file) {
  std::string text = normalize_text(read_raw(file));
  if (std::all_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }))
    throw input_error((file == "-" ? std::string("standard input") : file) + ": is empty");
  return text;
}

std::string detect_format(std::string_view text, const std::string& file) {
  int best = 0;
  std::vector<const Format*> top;
  for (const auto& f : format_registry()) {
    int score = 0;
    try {
      score = f.detect ? f.detect(text) : 0;
    } catch (const std::exception&) {
      score = 0;  // a detector that throws is a bug its fuzz target finds; here it just does not claim the file
    }
    if (score <= 0 || score < best) continue;
    if (score > best) top.clear();
    best = score;
    top.push_back(&f);
  }
  if (top.empty()) {
    if (const auto what = unread_output(text)) throw input_error(file + ": " + *what);
    throw input_error(file + ": not an output gpuaudit can import (looked for: " + looked_for() + ")");
  }
  if (top.size() > 1)
    throw input_error(file + ": could be " + top[0]->name + " or " + top[1]->name +
                      " (equally likely); say which with --format");
  return top.front()->name;
}

ResultDocument import_files(const std::vector<std::string>& files, const ImportOptions& opt, ImportReport* report) {
  if (files.empty()) throw input_error("import: no file given");
  ImportReport local;
  ImportReport& rep = report ? *report : local;

  std::optional<ResultDocument> base;
  std::string base_file;
  std::vector<ImportPart> parts;
  std::vector<SoftwareError> software_errors;
  for (const auto& file : files) {
    const std::string name = file == "-" ? std::string("standard input") : file;
    const std::string text = read_input(file);
    // A file that holds only a software-stack error (bandwidthTest stopped by "CUDA driver version is
    // insufficient", nccl-tests by "Cuda failure") is evidence for the software rule, not bad input.
    // Another vendor's run, or a diff of two outputs, reads like a format gpuaudit knows but is none:
    // refused whatever --format says (foreign_input.hpp), except a gpuaudit document that quotes one.
    if (const auto why = foreign_input(text)) {
      bool document = false;
      try {
        document = detect_format(text, name) == kGpuauditFormat;
      } catch (const Error&) {
      }
      if (!document) throw input_error(name + ": " + *why);
    }
    std::vector<SoftwareError> errors = find_software_errors(text, name);
    std::string format;
    try {
      format = opt.format.empty() ? detect_format(text, name) : format_named(opt.format).name;
    } catch (const Error&) {
      if (errors.empty() || !opt.format.empty()) throw;
      rep.lines.push_back(name + ": no tool output, but " + errors.front().kind + ": " + errors.front().text);
      software_errors.insert(software_errors.end(), errors.begin(), errors.end());
      continue;
    }
    if (format == kGpuauditFormat) {
      if (base)
        throw input_error(name + ": a second gpuaudit document (" + base_file +
                          " is one); import merges other tools' outputs into one document, compare compares two");
      base = parse_result(text, name);
      base_file = name;
      rep.lines.push_back(name + ": gpuaudit document (" + (base->mode.empty() ? "?" : base->mode) + "), " +
                          plural(base->gpus.size(), "GPU", "GPUs") + ", " +
                          plural(base->benchmarks.size(), "figure", "figures"));
      continue;
    }
    const Format& f = format_named(format);
    ImportPart part;
    try {
      part = f.parse(text, name);
    } catch (const Error&) {
      throw;
    } catch (const std::exception& e) {
      throw input_error(name + ": could not be read as " + f.name + " (" + normalize_text(e.what()) + ")");
    }
    part.format = f.name;
    if (part.source.file.empty()) part.source.file = name;
    if (part.source.tool.empty()) part.source.tool = f.name;
    software_errors.insert(software_errors.end(), errors.begin(), errors.end());
    if (part.empty()) {
      if (!errors.empty()) {
        rep.lines.push_back(name + ": " + f.name + " stopped by " + errors.front().kind + ": " + errors.front().text);
        continue;
      }
      std::string why = part.skipped.empty() ? "" : " (" + part.skipped.front() + ")";
      throw input_error(name + ": looks like " + f.name + " output but nothing could be read from it" + why);
    }
    report_part(name, part, rep);
    parts.push_back(std::move(part));
  }

  ResultDocument doc;
  if (base) {
    doc = std::move(*base);
  } else {
    doc.tool.name = "gpuaudit";
    doc.tool.version = GPUAUDIT_VERSION;
    doc.created_utc = utc_now_iso8601();
    doc.mode = "imported";
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const ImportPart& a, const ImportPart& b) { return merge_rank(a.format) < merge_rank(b.format); });
  if (base && !parts.empty()) {
    // The document says what was merged into it, and that its own figures came first.
    json rec = json::object();
    rec["file"] = base_file;
    rec["format"] = kGpuauditFormat;
    rec["tool"] = doc.tool.name;
    rec["version"] = doc.tool.version;
    rec["figures"] = doc.benchmarks.size();
    rec["gpus"] = doc.gpus.size();
    rec["skipped"] = json::array();
    rec["warnings"] = json::array();
    if (!doc.extra.is_object()) doc.extra = json::object();
    if (!doc.extra["import"].is_array()) doc.extra["import"] = json::array();
    doc.extra["import"].push_back(rec);
  }
  for (auto& p : parts) merge_part(doc, std::move(p));
  if (!software_errors.empty()) {
    if (!doc.extra.is_object()) doc.extra = json::object();
    json& list = doc.extra[kSoftwareErrorsKey];
    if (!list.is_array()) list = json::array();
    for (const auto& e : software_errors) list.push_back(software_error_json(e));
  }
  for (const auto& [k, v] : opt.tags) doc.tags[k] = v;
  if (!base) {
    doc.gpu_status.state = doc.gpus.empty() ? "no-device" : "ok";
    doc.gpu_status.message = doc.gpus.empty() ? "the imported files name no GPU; an nvidia-smi -q output adds them" : "";
    // A tool that could not reach the GPU says why better than "no GPU named".
    for (const auto& e : software_errors)
      if (doc.gpus.empty() && (e.kind == "driver-too-old" || e.kind == "driver-not-loaded" || e.kind == "no-device")) {
        doc.gpu_status.state = e.kind;
        doc.gpu_status.message = e.file + " line " + std::to_string(e.line) + ": " + e.text;
        break;
      }
  }
  return doc;
}

}  // namespace gpuaudit::imports
