// text/escape: XML, Markdown and CSV escaping, and control characters (issue #28): CSV, NDJSON and Prometheus text go to
// terminals (export's stdout, report --csv -, score --prometheus -), so a raw ESC ] ... BEL from a
// tag would retitle the window, ESC [2J clear it, U+009B start a sequence. Each format shows them
// as text in its own syntax and stays readable by its parsers.
#include "text/escape.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;
using namespace std::string_literals;

namespace {

const std::string kHostile = "\x1B]0;owned\x07\x1B[2J\x7F" "evil\xC2\x9B" "31m\x00x"s;

bool has_raw_control(const std::string& s, bool allow_line_breaks) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (allow_line_breaks && (s[i] == '\n' || s[i] == '\t')) continue;
    if (u < 0x20 || u == 0x7F) return true;
    if (u == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F) return true;
  }
  return false;
}

}  // namespace

TEST(ReportEscape, CsvShowsControlCharactersAsText) {
  const std::string v = csv_text(kHostile);
  EXPECT_FALSE(has_raw_control(v, true)) << v;
  EXPECT_EQ(v, "\\x1B]0;owned\\x07\\x1B[2J\\x7Fevil\\u009B31m\\x00x");
  EXPECT_EQ(csv_text("a\rb"), "a\\x0Db");           // a CR would overwrite the line on a terminal
  EXPECT_EQ(csv_text("a\nb"), "\"a\nb\"");          // a line break stays a quoted line break
  EXPECT_EQ(csv_text("=1+1"), "'=1+1");             // formula protection unchanged
  EXPECT_EQ(csv_text("M\xC3\xBCnchen"), "M\xC3\xBCnchen");
}

TEST(ReportEscape, NdjsonEscapesDelAndC1Too) {
  json j = json::object();
  j["provider"] = kHostile;
  j["name"] = "\xE6\x9D\xB1\xE4\xBA\xAC";  // non-ASCII text stays as it is
  const std::string line = ndjson_line(j);
  EXPECT_FALSE(has_raw_control(line, false)) << line;
  EXPECT_NE(line.find("\\u007f"), std::string::npos) << line;
  EXPECT_NE(line.find("\\u009b"), std::string::npos) << line;
  EXPECT_NE(line.find("\xE6\x9D\xB1"), std::string::npos) << line;
  EXPECT_EQ(json::parse(line)["provider"].get<std::string>(), kHostile);  // the same text, read back
}


TEST(ReportEscaping, EscapeFunctions) {
  EXPECT_EQ(xml_escape("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(markdown_escape("a|b*c'"), "a\\|b\\*c&#39;");
  EXPECT_EQ(csv_text("plain"), "plain");
  EXPECT_EQ(csv_text("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_text("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_text("+1"), "'+1");
  EXPECT_EQ(csv_text("@SUM(A1)"), "'@SUM(A1)");
}

TEST(ReportEscaping, HtmlUnescapeReversesXmlEscape) {
  EXPECT_EQ(html_unescape(xml_escape("a<b>&\"c'")), "a<b>&\"c'");
  EXPECT_EQ(html_unescape("&nbsp;&apos;&copy; & &amp"), " '&copy; & &amp");  // unknown or cut entities stay
}

