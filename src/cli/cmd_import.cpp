// gpuaudit import FILE...: other tools' outputs (nvidia-smi, nccl-tests, nvbandwidth, dcgmi, the CUDA
// samples) from one machine turned into one result document, which score / compare / report then
// judge like a document of gpuaudit's own (docs/import.md). The document goes to standard output
// unless -o names a file; what was read from each file (and each part of a paste), and what was not,
// goes to standard error. Outputs of several machines (--allow-mixed, or one paste of two nodes)
// become one document each: -o DOC.json, DOC-2.json, ...
#include "cli/command.hpp"
#include "cli/run_plumbing.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "import/import.hpp"
#include "text/format.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace gpuaudit::cli {
namespace {

struct ImportArgs {
  std::vector<std::string> files, tags;
  std::string output, format;
  bool list_formats = false, strict = false, allow_mixed = false, json = false;
};

// DOC.json for the first machine, DOC-2.json, DOC-3.json, ... for the others.
std::string machine_path(const std::string& output, std::size_t m) {
  if (m == 0) return output;
  const std::string n = "-" + std::to_string(m + 1);
  const auto slash = output.find_last_of('/');
  const auto dot = output.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash) || dot == slash + 1) return output + n;
  return output.substr(0, dot) + n + output.substr(dot);
}

int list_formats() {
  std::size_t width = 0;
  for (const auto& f : imports::format_registry()) width = std::max(width, f.name.size());
  for (const auto& f : imports::format_registry())
    std::printf("%-*s  %s\n", static_cast<int>(width), f.name.c_str(), f.description.c_str());
  return exit_code::ok;
}

int run_import(const ImportArgs& a) {
  if (a.list_formats) return list_formats();
  if (a.json && !a.output.empty() && a.output != "-")
    throw input_error("--json prints the document on standard output: leave out -o " + a.output + ", or --json");
  if (a.files.empty()) throw input_error("import: no file given (gpuaudit import FILE... [-o DOC.json])");
  // --tag is checked before reading anything: a typo should not cost a 60 MB parse.
  ResultDocument tagged;
  apply_tags(tagged, a.tags);
  imports::ImportOptions opt;
  opt.format = a.format;
  opt.tags.assign(tagged.tags.begin(), tagged.tags.end());

  opt.strict = a.strict;
  opt.allow_mixed = a.allow_mixed;

  imports::ImportReport report;
  const std::vector<ResultDocument> docs = imports::import_machines(a.files, opt, &report);
  for (const auto& line : report.lines) std::fprintf(stderr, "gpuaudit: %s\n", line.c_str());
  for (const auto& line : report.machines) std::fprintf(stderr, "gpuaudit: %s\n", line.c_str());
  const bool to_stdout = a.output.empty() || a.output == "-";
  if (a.json && docs.size() > 1) {  // several machines: an array of their documents, as score --json
    std::string text = "[\n";
    for (std::size_t m = 0; m < docs.size(); ++m) text += (m ? ",\n" : "") + readable_document_text(docs[m]);
    text += "]\n";
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      throw io_error("cannot write the documents to standard output");
    return exit_code::ok;
  }
  if (docs.size() > 1 && to_stdout)
    throw input_error("the inputs are of " + std::to_string(docs.size()) +
                      " machines, one document each: give -o DOC.json (they are written as DOC.json, DOC-2.json, ...)");
  if (to_stdout) {
    const std::string text = readable_document_text(docs.front());
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      throw io_error("cannot write the document to standard output");
    return exit_code::ok;
  }
  for (std::size_t m = 0; m < docs.size(); ++m) {
    const std::string path = machine_path(a.output, m);
    write_result(path, docs[m]);
    std::fprintf(stderr, "gpuaudit: wrote %s (%s, %s); gpuaudit score %s judges it\n", path.c_str(),
                 plural(docs[m].gpus.size(), "GPU", "GPUs").c_str(), plural(docs[m].benchmarks.size(), "figure", "figures").c_str(),
                 path.c_str());
  }
  return exit_code::ok;
}

const RegisterCommand import_cmd{
    {"import", "Turn other tools' outputs (nvidia-smi, nccl-tests, nvbandwidth, dcgmi, CUDA samples) into a result document",
     35, [](CLI::App& sub) -> std::function<int()> {
       auto a = std::make_shared<ImportArgs>();
       sub.add_option("FILE", a->files, "Outputs of one machine, any order; '-' reads standard input");
       sub.add_option("-o,--output", a->output, "Write the document here (atomically); default or '-': standard output");
       sub.add_option("--tag", a->tags, "key=value stored in the document (provider, region, instance, ...); repeat for more")
           ->allow_extra_args(false);  // one value per --tag: "--tag k=v FILE" must leave FILE a file
       sub.add_option("--format", a->format, "Read every FILE as this format instead of detecting it (--list-formats)");
       sub.add_flag("--list-formats", a->list_formats, "List the formats gpuaudit reads and exit");
       sub.add_flag("--json", a->json,
                    "The document on standard output (as without -o); several machines: an array of their documents");
       sub.add_flag("--strict", a->strict,
                    "Refuse (exit 2) when any file or part of a paste cannot be read, instead of naming it and importing the rest");
       sub.add_flag("--allow-mixed", a->allow_mixed,
                    "Files of different machines: one document each (-o DOC.json, DOC-2.json, ...) instead of refusing them");
       sub.footer(
           "The format is told from the content, never the file name; a paste of several outputs (a GitHub\n"
           "issue: prose, fences, prompts) is split into them. Files of one machine merge into one\n"
           "document: GPUs are matched by PCI bus id, then UUID, then index; a gpuaudit document among them\n"
           "is kept whole and the others merge into it. A file that cannot be read is named and left out\n"
           "(--strict: refused). Every imported figure says where it came from (extra.source: tool,\n"
           "version, file, line). See docs/import.md.");
       return [a] { return run_import(*a); };
     },
     {{0, "imported (what could not be read is named on standard error)"},
      {2, "bad input: nothing could be read, --strict and a file could not, or two machines without --allow-mixed"},
      {5, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
