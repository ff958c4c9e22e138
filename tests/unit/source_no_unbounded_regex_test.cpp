// No std::regex on unbounded input anywhere in src/: libstdc++'s matcher recurses once per
// character, and a 30 KB GPU name in a document (or in a tool's output) overflowed the stack in
// score, report and baselines check (issue #28). The hand parsers use core/text_cursor.hpp. A regex
// is allowed only on a line right after a marker that states the bound of its input,
//   // regex-input-bounded: <N> bytes (where the bound is enforced)
// so a reviewer sees the bound and where it is checked; there are none today.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// The code of a line: what comes before a // comment (a comment may name std::regex, as the
// history of a fix does).
std::string code_of(const std::string& line) {
  const auto c = line.find("//");
  return c == std::string::npos ? line : line.substr(0, c);
}

bool uses_regex(const std::string& code) {
  for (const char* word : {"<regex>", "std::regex", "std::wregex", "std::basic_regex", "std::sregex", "std::cregex",
                           "std::smatch", "std::cmatch", "std::ssub_match", "regex_search", "regex_match",
                           "regex_replace", "boost::regex", "boost/regex"})
    if (code.find(word) != std::string::npos) return true;
  return false;
}

bool is_source(const fs::path& p) {
  const std::string e = p.extension().string();
  return e == ".cpp" || e == ".hpp" || e == ".cu" || e == ".cuh" || e == ".h" || e == ".cc";
}

// "file:line: code" for every regex use without the marker on the line before.
std::vector<std::string> unbounded_regex_uses(const fs::path& root) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || !is_source(e.path())) continue;
    std::ifstream in(e.path());
    std::string line, previous;
    for (int no = 1; std::getline(in, line); ++no, previous = line)
      if (uses_regex(code_of(line)) && previous.find("// regex-input-bounded:") == std::string::npos)
        out.push_back(fs::relative(e.path(), root).string() + ":" + std::to_string(no) + ": " + line);
  }
  return out;
}

}  // namespace

TEST(SourceNoUnboundedRegex, NoRegexInSrcWithoutABoundMarker) {
  const auto uses = unbounded_regex_uses(fs::path(GPUAUDIT_SOURCE_DIR) / "src");
  std::string all;
  for (const auto& u : uses) all += "\n  " + u;
  EXPECT_TRUE(uses.empty()) << "std::regex recurses per character (a long input overflows the stack); "
                               "use core/text_cursor.hpp, or bound the input and mark it:"
                            << all;
}

TEST(SourceNoUnboundedRegex, TheScanSeesAUseAndHonoursTheMarker) {
  EXPECT_TRUE(uses_regex(code_of("  static const std::regex re(\"a+\");")));
  EXPECT_TRUE(uses_regex(code_of("#include <regex>")));
  EXPECT_FALSE(uses_regex(code_of("  // std::regex recursed per character")));
  const fs::path dir = fs::temp_directory_path() / ("gpuaudit-regex-scan-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "a.cpp") << "#include <regex>\n// regex-input-bounded: 64 bytes (checked above)\n"
                                  "bool f(const std::string& s) { return std::regex_match(s, std::regex(\"x\")); }\n";
  const auto uses = unbounded_regex_uses(dir);
  ASSERT_EQ(uses.size(), 1u);  // the include; the marked line passes
  EXPECT_NE(uses[0].find("a.cpp:1:"), std::string::npos) << uses[0];
  fs::remove_all(dir);
}
