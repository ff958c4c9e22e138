// import_machines() / import_files(): every file read (importer.cpp), what was read sorted by
// machine (machine_identity.cpp) and merged into one document per machine (merge.cpp).
//
// Lenient by default: a file (or a part of a paste) that cannot be read is named, on standard error
// and in each document's import_skipped, and the verdict is judged on what was read; only when
// nothing could be read is that an error. --strict makes the first unreadable input the error, as
// it was before (CI wants a pipeline that feeds gpuaudit a wrong file to fail).
#include "core/error.hpp"
#include "import/errors/error_meaning.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/machine_identity.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

// Identity first: nvidia-smi numbers GPUs as NVML does, which is also how gpuaudit's own runs
// number them, so the document's indices should be those. Tools that number GPUs in CUDA order
// (nccl-tests' "device 0") are then mapped onto them by PCI bus id in merge_part.
int merge_rank(const std::string& format) {
  if (format == "nvidia-smi-q" || format == "nvidia-smi-xml") return 0;
  if (format.rfind("nvidia-smi", 0) == 0) return 1;
  return 2;
}

std::string strip_who(const std::string& message, const std::string& who) {
  return message.rfind(who + ": ", 0) == 0 ? message.substr(who.size() + 2) : message;
}

// Whether every input that failed is a tool's output gpuaudit recognised and found no row in (a table
// cut before its header, a matrix without its labels): "looks like <format> output but nothing could
// be read from it", with no reason of the parser's after it. A reason ("not valid JSON", nvidia-smi's
// "is not a valid field to query", a --format that found no table) stays the error it names.
bool all_recognised(const std::vector<NotRead>& not_read) {
  static const std::string tail = " output but nothing could be read from it";
  return !not_read.empty() && std::all_of(not_read.begin(), not_read.end(), [](const NotRead& n) {
    return n.reason.rfind("looks like ", 0) == 0 && n.reason.size() > tail.size() &&
           n.reason.compare(n.reason.size() - tail.size(), tail.size(), tail) == 0;
  });
}

// Recognised outputs with nothing readable in them, when they are all there is: a document with no GPU
// whose only evidence is that (inconclusive, exit 6: the outputs decide nothing), not a refusal as if
// the files were foreign. --strict keeps the refusal.
FileIntake unreadable_outputs(const std::vector<NotRead>& not_read) {
  FileIntake f;
  f.name = not_read.front().file;
  for (const auto& n : not_read) {
    SoftwareError e;
    e.kind = "output-unreadable";
    e.cls = kClassUnknown;
    e.meaning = "a tool's output gpuaudit recognised but could not read a figure or a GPU from: it decides nothing";
    e.text = (n.what + " " + n.reason).substr(0, 300);  // "x.txt looks like nccl-tests output but ..."

    e.file = n.file;
    e.source = "import";
    f.software_errors.push_back(std::move(e));
    f.report.push_back(n.message() + ": kept as an output that decides nothing");
  }
  return f;
}

// One line for "nothing could be read": the one file's own error, or each file's in turn.
std::string nothing_read(const std::vector<NotRead>& not_read) {
  if (not_read.size() == 1) return not_read.front().message();
  constexpr std::size_t kNamed = 4;
  std::string s = "nothing could be read from the " + std::to_string(not_read.size()) + " inputs: ";
  for (std::size_t i = 0; i < not_read.size() && i < kNamed; ++i) s += (i ? "; " : "") + not_read[i].message();
  if (not_read.size() > kNamed) s += "; and " + std::to_string(not_read.size() - kNamed) + " more";
  return s;
}

// What machine_identity compares, of a gpuaudit document among the inputs.
ImportPart identity_of(const ResultDocument& doc, const std::string& file) {
  ImportPart p;
  p.format = kGpuauditFormat;
  p.source.file = file;
  p.host = doc.host;
  p.software = doc.software;
  p.gpus = doc.gpus;
  return p;
}

// One output of the inputs, in the order read: a part of a file, or a file's gpuaudit document.
struct Output {
  ImportPart* part = nullptr;  // null for a document
  const ImportPart* identity = nullptr;
  std::string label;
  std::size_t file = 0;
  int first_line = 0, last_line = 0;  // of a paste's part; 0 for a whole file
};

std::pair<int, int> line_span(const std::string& lines) {
  int a = 0, b = 0;
  const char* p = lines.data();
  const char* end = p + lines.size();
  auto r = std::from_chars(p, end, a);
  if (r.ptr < end && *r.ptr == '-') std::from_chars(r.ptr + 1, end, b);
  return {a, b ? b : a};
}

// The machine a software error of file `f` at line `line` belongs to: the machine of that file's
// output holding the line (or the one above it); for a file of nothing but errors, the machine read
// just before it (or just after, for the first file).
int machine_of_error(const std::vector<Output>& outs, const MachineSplit& split, std::size_t f, int line) {
  int found = -1;
  for (std::size_t k = 0; k < outs.size(); ++k) {
    if (outs[k].file != f) continue;
    if (found < 0 || outs[k].first_line <= line) found = static_cast<int>(k);
  }
  if (found < 0)
    for (std::size_t k = 0; k < outs.size(); ++k)
      if (outs[k].file < f || found < 0) found = static_cast<int>(k);
  return found < 0 ? 0 : split.machine[static_cast<std::size_t>(found)];
}

ResultDocument fresh_document() {
  ResultDocument doc;
  doc.tool.name = "gpuaudit";
  doc.tool.version = GPUAUDIT_VERSION;
  doc.created_utc = utc_now_iso8601();
  doc.mode = "imported";
  return doc;
}

json& extra_of(ResultDocument& doc) {
  if (!doc.extra.is_object()) doc.extra = json::object();
  return doc.extra;
}

// The document says what was merged into it, and that its own figures came first.
void record_document(ResultDocument& doc, const std::string& file) {
  json rec = json::object();
  rec["file"] = file;
  rec["format"] = kGpuauditFormat;
  rec["tool"] = doc.tool.name;
  rec["version"] = doc.tool.version;
  rec["figures"] = doc.benchmarks.size();
  rec["gpus"] = doc.gpus.size();
  rec["skipped"] = json::array();
  rec["warnings"] = json::array();
  json& extra = extra_of(doc);
  if (!extra["import"].is_array()) extra["import"] = json::array();
  extra["import"].push_back(rec);
}

void set_gpu_status(ResultDocument& doc, const std::vector<SoftwareError>& errors) {
  doc.gpu_status.state = doc.gpus.empty() ? "no-device" : "ok";
  // Said of the tools' outputs only: a log or an error beside them may name a card it does not list.
  doc.gpu_status.message = doc.gpus.empty() ? "no tool output in the files lists a GPU; nvidia-smi -q beside them would" : "";
  // A tool that could not reach the GPU says why better than "no GPU named".
  for (const auto& e : errors)
    if (doc.gpus.empty() && (e.kind == "driver-too-old" || e.kind == "driver-not-loaded" || e.kind == "no-device")) {
      doc.gpu_status.state = e.kind;
      doc.gpu_status.message = e.file + " line " + std::to_string(e.line) + ": " + e.text;
      break;
    }
}

json not_read_json(const std::vector<NotRead>& not_read) {
  json list = json::array();
  for (const auto& n : not_read) {
    json j = json::object();
    j["file"] = n.file;
    if (!n.lines.empty()) j["lines"] = n.lines;
    j["reason"] = n.reason;
    list.push_back(j);
  }
  return list;
}

// A folder given as an input stands for the files in it (not its subfolders, not hidden files), in
// name order: `gpuaudit score outputs/`. Throws input_error for a folder with none.
constexpr std::size_t kMaxFolderFiles = 10000;

std::vector<std::string> inputs_of(const std::string& arg) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (arg == "-" || !fs::is_directory(arg, ec)) return {arg};
  std::vector<std::string> files;
  for (fs::directory_iterator it(arg, ec), end; !ec && it != end && files.size() < kMaxFolderFiles; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::error_code e2;
    if (!name.empty() && name[0] != '.' && it->is_regular_file(e2)) files.push_back(it->path().string());
  }
  if (ec) throw input_error(arg + ": cannot list the folder: " + ec.message());
  if (files.empty()) throw input_error(arg + ": is a folder with no file in it");
  std::sort(files.begin(), files.end());
  return files;
}

// Every file read; what could not be is named (or, with --strict, the error).
std::vector<FileIntake> read_all(const std::vector<std::string>& args, const ImportOptions& opt, ImportReport& rep,
                                 std::vector<NotRead>& not_read) {
  std::vector<FileIntake> in;
  std::vector<std::string> files;
  for (const auto& arg : args) {
    try {
      for (auto& f : inputs_of(arg)) files.push_back(std::move(f));
    } catch (const Error& e) {
      if (opt.strict) throw;
      not_read.push_back(NotRead{arg, arg, "", strip_who(e.what(), arg)});
      rep.lines.push_back("not read: " + std::string(e.what()));
    }
  }
  for (const auto& file : files) {
    const std::string name = file == "-" ? std::string("standard input") : file;
    try {
      in.push_back(read_file(file, opt));
    } catch (const Error& e) {
      if (opt.strict || e.code() != exit_code::usage) throw;
      not_read.push_back(NotRead{name, name, "", strip_who(e.what(), name)});
      rep.lines.push_back("not read: " + std::string(e.what()));
      continue;
    }
    for (const auto& l : in.back().report) rep.lines.push_back(l);
    for (const auto& n : in.back().not_read) {
      if (opt.strict) throw input_error(n.message());
      not_read.push_back(n);
      rep.lines.push_back("not read: " + n.message());
    }
  }
  for (const auto& n : not_read) rep.not_read.push_back(n.message());
  const FileIntake* first_doc = nullptr;
  for (const auto& f : in) {
    if (!f.document) continue;
    if (first_doc)
      throw input_error(f.name + ": a second gpuaudit document (" + first_doc->name +
                        " is one); import merges other tools' outputs into one document, compare compares two");
    first_doc = &f;
  }
  if (in.empty() && !opt.strict && all_recognised(not_read)) in.push_back(unreadable_outputs(not_read));
  if (in.empty()) throw input_error(nothing_read(not_read));
  return in;
}

// Machines after the first are refused when they come from different files (one paste's parts
// that disagree are two machines by what the poster pasted, not by a mistake in the command).
void refuse_mixed_files(const std::vector<Output>& outs, const MachineSplit& split) {
  for (int m = 1; m < split.count(); ++m) {
    const auto opener = static_cast<std::size_t>(split.opened_by[static_cast<std::size_t>(m)]);
    const int against = split.against[static_cast<std::size_t>(m)];
    bool one_paste = false;
    for (std::size_t k = 0; k < outs.size(); ++k)
      one_paste = one_paste || (split.machine[k] == against && outs[k].file == outs[opener].file);
    if (!one_paste)
      throw input_error("two machines in one import: " + split.why[static_cast<std::size_t>(m)] +
                        "; import each machine's files on their own, or judge each apart with --allow-mixed");
  }
}

}  // namespace

std::vector<ResultDocument> import_machines(const std::vector<std::string>& files, const ImportOptions& opt,
                                            ImportReport* report) {
  if (files.empty()) throw input_error("import: no file given");
  if (!opt.format.empty()) (void)format_named(opt.format);
  ImportReport local;
  ImportReport& rep = report ? *report : local;
  std::vector<NotRead> not_read;
  std::vector<FileIntake> in = read_all(files, opt, rep, not_read);

  std::vector<ImportPart> identities;
  identities.reserve(in.size());
  std::vector<Output> outs;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i].document) {
      identities.push_back(identity_of(*in[i].document, in[i].name));
      outs.push_back(Output{nullptr, &identities.back(), in[i].name, i, 0, 0});
      rep.document_file = in[i].name;
    }
    for (auto& p : in[i].parts) {
      const auto [a, b] = p.lines.empty() ? std::pair<int, int>{0, 0} : line_span(p.lines);
      outs.push_back(Output{&p, &p, part_label(p), i, a, b});
    }
  }
  std::vector<const ImportPart*> ids;
  std::vector<std::string> labels;
  for (const auto& o : outs) ids.push_back(o.identity), labels.push_back(o.label);
  const MachineSplit split = split_machines(ids, labels);
  const int machines = std::max(1, split.count());
  if (!opt.allow_mixed) refuse_mixed_files(outs, split);

  std::vector<ResultDocument> docs(static_cast<std::size_t>(machines));
  std::vector<bool> has_base(docs.size(), false);
  for (std::size_t k = 0; k < outs.size(); ++k)
    if (!outs[k].part) {
      const auto m = static_cast<std::size_t>(split.machine[k]);
      docs[m] = std::move(*in[outs[k].file].document);
      has_base[m] = true;
    }
  std::vector<std::vector<SoftwareError>> errors(docs.size());
  for (std::size_t i = 0; i < in.size(); ++i)
    for (const auto& e : in[i].software_errors)
      errors[static_cast<std::size_t>(machine_of_error(outs, split, i, e.line))].push_back(e);

  for (std::size_t m = 0; m < docs.size(); ++m) {
    ResultDocument& doc = docs[m];
    if (!has_base[m]) doc = fresh_document();
    std::vector<Output*> mine;
    std::string members;
    for (std::size_t k = 0; k < outs.size(); ++k)
      if (static_cast<std::size_t>(split.machine.empty() ? 0 : split.machine[k]) == m) {
        members += (members.empty() ? "" : ", ") + outs[k].label;
        if (outs[k].part) mine.push_back(&outs[k]);
      }
    std::stable_sort(mine.begin(), mine.end(),
                     [](const Output* a, const Output* b) { return merge_rank(a->part->format) < merge_rank(b->part->format); });
    if (has_base[m] && !mine.empty()) record_document(doc, rep.document_file);
    for (Output* o : mine) merge_part(doc, std::move(*o->part));
    rep.outputs_merged += mine.size();
    json& extra = extra_of(doc);
    if (!errors[m].empty()) {
      json& list = extra[kSoftwareErrorsKey];
      if (!list.is_array()) list = json::array();
      for (const auto& e : errors[m]) list.push_back(software_error_json(e));
    }
    if (!not_read.empty()) extra[kImportSkippedKey] = not_read_json(not_read);
    if (machines > 1) {
      const std::string why = m == 0 ? "" : split.why[m];
      extra["import_machine"] = json{{"machine", m + 1}, {"of", machines}, {"outputs", members}, {"apart_because", why}};
      rep.machines.push_back("machine " + std::to_string(m + 1) + " of " + std::to_string(machines) + ": " + members +
                             (why.empty() ? "" : " (apart because " + why + ")"));
    }
    for (const auto& [k, v] : opt.tags) doc.tags[k] = v;
    if (!has_base[m]) set_gpu_status(doc, errors[m]);
  }
  return docs;
}

ResultDocument import_files(const std::vector<std::string>& files, const ImportOptions& opt, ImportReport* report) {
  ImportReport local;
  ImportReport& rep = report ? *report : local;
  std::vector<ResultDocument> docs = import_machines(files, opt, &rep);
  if (docs.size() > 1)
    throw input_error("the inputs are of " + std::to_string(docs.size()) + " machines (" + rep.machines[1] +
                      "); import each machine's outputs on their own");
  return std::move(docs.front());
}

}  // namespace gpuaudit::imports
