#include "import/text/smi_command_line.hpp"

#include "import/text/smi_values.hpp"

#include <cctype>

namespace gpuaudit::imports::smi {

namespace {

std::string unquote(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '"' && c != '\'' && c != '`') out += c;  // shell quotes, and markdown's inline-code marks
  return out;
}

std::vector<std::string> split_list(std::string_view s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == ',') {
      const std::string_view f = trim(s.substr(start, i - start));
      if (!f.empty()) out.emplace_back(f);
      start = i + 1;
    }
  return out;
}

// "--query-gpu=a,b" -> "a,b"; "--query-gpu" followed by "a,b" -> "a,b" (consumes the next token).
std::optional<std::string> option_value(const std::vector<std::string>& tok, std::size_t& i, std::string_view name) {
  const std::string& t = tok[i];
  if (t.size() > name.size() && t.compare(0, name.size(), name) == 0 && t[name.size()] == '=')
    return t.substr(name.size() + 1);
  if (t == name && i + 1 < tok.size()) return tok[++i];
  return std::nullopt;
}

}  // namespace

std::optional<QueryCommand> query_command(std::string_view line) {
  const std::size_t at = line.find("nvidia-smi");
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = line.substr(at + 10);
  if (rest.substr(0, 4) == ".exe") rest.remove_prefix(4);
  QueryCommand cmd;
  // What follows a pipe reads nvidia-smi's text, not the paste: only `tee` passes it on unchanged.
  if (const std::size_t bar = rest.find('|'); bar != std::string_view::npos) {
    const std::string_view next = trim(rest.substr(bar + 1));
    if (next.substr(0, 3) != "tee") cmd.transformed = true;
    rest = rest.substr(0, bar);
  }
  if (const std::size_t redirect = rest.find('>'); redirect != std::string_view::npos) rest = rest.substr(0, redirect);
  std::vector<std::string> tok;
  for (const auto& w : words(rest)) tok.push_back(unquote(w));
  bool query = false;
  for (std::size_t i = 0; i < tok.size(); ++i) {
    const std::string& t = tok[i];
    if (auto v = option_value(tok, i, "--query-gpu")) {
      cmd.fields = split_list(*v);
      query = true;
    } else if (auto a = option_value(tok, i, "--query-compute-apps")) {
      cmd.fields = split_list(*a);
      cmd.compute_apps = true;
      query = true;
    } else if (auto f = option_value(tok, i, "--format")) {
      const std::string fmt = lower(*f);
      cmd.csv = fmt.find("csv") != std::string::npos;
      cmd.noheader = fmt.find("noheader") != std::string::npos;
    } else if (auto id = option_value(tok, i, "--id")) {
      cmd.ids = split_list(*id);
    } else if (t == "-i" && i + 1 < tok.size()) {
      cmd.ids = split_list(tok[++i]);
    } else if (t.size() > 2 && t.compare(0, 2, "-i") == 0 && std::isdigit(static_cast<unsigned char>(t[2]))) {
      cmd.ids = split_list(std::string_view(t).substr(2));
    } else if (t == "-l" || t == "-lms" || t.compare(0, 6, "--loop") == 0 ||
               (t.size() > 2 && t.compare(0, 2, "-l") == 0 && std::isdigit(static_cast<unsigned char>(t[2])))) {
      cmd.loop = true;
    }
  }
  if (!query || cmd.fields.empty()) return std::nullopt;
  return cmd;
}

bool looks_like_prompt(std::string_view line) {
  const std::string_view t = trim(line);
  if (t.empty() || t.find(',') != std::string_view::npos) return false;  // a CSV row has commas
  // A bare prompt: "sh-4.2$", "[root@x ~]#", "PS C:\>".
  const char last = t.back();
  if ((last == '$' || last == '#' || last == '>') && t.size() <= 60 && t.front() != '#') return true;
  // A prompt with a command: "$ cmd", "% cmd", "> cmd" at the start, or "user@host:~$ cmd",
  // "[root@x ~]# cmd", "(base) ~ $ cmd" within the first 60 characters. A line starting with '#' is a
  // comment ("# Output"), not root's prompt: those read "root@host:~#".
  if (t.size() > 2 && (t[0] == '$' || t[0] == '%' || t[0] == '>') && t[1] == ' ') return true;
  for (std::size_t i = 1; i + 1 < t.size() && i < 60; ++i) {
    if ((t[i] == '$' || t[i] == '#' || t[i] == '>') && t[i + 1] == ' ') {
      const std::string_view before = t.substr(0, i);
      if (before.find_first_of("@:~/\\[(") != std::string_view::npos) return true;
    }
  }
  return false;
}

}  // namespace gpuaudit::imports::smi
