// Why patterns, in this order: model numbers collide across generations ("RTX 5000" is an Ada
// workstation card and a GeForce RTX 50 series prefix; "A10" is a prefix of "A100"; "L4" of
// "L40"), so the marketing words that settle a generation ("Ada", "Blackwell", "Quadro RTX") are
// tried before the bare numbers, and the numbers are matched as whole words (a vGPU board code's
// letters allowed: H100XM, A100DX, V100S), so "RTX A1000" is not an A100.
#include "baselines/gpu_family.hpp"

#include "core/text_cursor.hpp"

#include <string>
#include <vector>

namespace gpuaudit {
namespace {

// The patterns are word patterns, matched against the lower-cased name's words (runs of letters,
// digits and '_', as a regex's \b sees them), so the name's length costs a linear scan (the
// std::regex they replace recursed per character: a 30 KB name overflowed the stack):
//   "a|b"    either alternative;
//   "x y"    the words x and y, one space between them in the name;
//   in a word: a letter or digit stands for itself, '#' for any digit, '@' for an optional letter,
//   and '?' makes the character before it optional ("l40s?": l40 or l40s; "####?": 3 or 4 digits);
//   " ...w"  after the words, w anywhere later on the line ("titan x ...pascal").
struct Pattern {
  const char* words;
  const char* cc;
  const char* architecture;
  const char* family;
};

const std::vector<Pattern>& patterns() {
  static const std::vector<Pattern> p{
      // Words that name the generation outright.
      {"rtx pro ####?", "12.0", "Blackwell", "RTX PRO Blackwell"},
      {"blackwell", "12.0", "Blackwell", "RTX PRO Blackwell"},
      {"ada", "8.9", "Ada Lovelace", "RTX Ada Generation"},
      {"quadro rtx|titan rtx", "7.5", "Turing", "Quadro/TITAN RTX"},
      // Data-centre and cloud boards.
      {"gb10|dgx spark", "12.1", "Blackwell", "GB10"},
      {"g?b300", "10.3", "Blackwell", "B300/GB300"},
      {"g?b100|g?b200", "10.0", "Blackwell", "B100/B200/GB200"},
      {"gh200|h100@@|h200@|h800@@|h20@", "9.0", "Hopper", "H100/H200/H800/H20"},
      {"l40s?|l40g|l20|l4|l2", "8.9", "Ada Lovelace", "L4/L20/L40"},
      {"a100@@|a800@@|a30x?", "8.0", "Ampere", "A100/A800/A30"},
      {"a10g?|a40|a16|a2|pg506", "8.6", "Ampere", "A10/A16/A2/A40"},
      {"v100@@|titan v|gv100", "7.0", "Volta", "V100"},
      {"t4g?", "7.5", "Turing", "T4"},
      {"p100|gp100", "6.0", "Pascal", "P100"},
      {"p40|p4|p6|p10", "6.1", "Pascal", "P4/P40"},
      {"m60|m40|m6", "5.2", "Maxwell", "M40/M60"},
      {"m10", "5.0", "Maxwell", "M10"},
      // GeForce and workstation lines by number.
      {"rtx 50#0", "12.0", "Blackwell", "GeForce RTX 50"},
      {"rtx 40#0", "8.9", "Ada Lovelace", "GeForce RTX 40"},
      {"rtx 30#0", "8.6", "Ampere", "GeForce RTX 30"},
      {"rtx a####?", "8.6", "Ampere", "RTX A (Ampere workstation)"},
      {"rtx 20#0|gtx 16#0|quadro t####?", "7.5", "Turing", "GeForce RTX 20 / GTX 16"},
      {"gtx 10#0|titan xp? ...pascal|titan xp|quadro p####?", "6.1", "Pascal", "GeForce GTX 10"},
      {"gtx 9#0|titan x|quadro m####?", "5.2", "Maxwell", "GeForce GTX 900"},
      {"gtx 750|gtx 745", "5.0", "Maxwell", "GeForce GTX 750"},
  };
  return p;
}

bool is_word_char(char c) { return is_ascii_alnum(c) || c == '_'; }

// One word of a name against one word of a pattern (the whole word; the pattern is a few
// characters, so the recursion is as deep as the pattern, never the name).
bool word_matches(std::string_view pat, std::string_view word) {
  if (pat.empty()) return word.empty();
  const bool optional = pat.size() > 1 && pat[1] == '?';
  const std::string_view after = pat.substr(optional ? 2 : 1);
  if ((optional || pat[0] == '@') && word_matches(after, word)) return true;
  if (word.empty()) return false;
  const char p = pat[0], c = word[0];
  const bool ok = p == '#' ? is_ascii_digit(c) : p == '@' ? is_ascii_lower(c) : p == c;
  return ok && word_matches(after, word.substr(1));
}

struct Word {
  std::string_view text;
  std::size_t end;        // where it ends in the name
  bool space_after;       // exactly one space, then the next word
};

std::vector<Word> words_of(std::string_view s) {
  std::vector<Word> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (!is_word_char(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && is_word_char(s[j])) ++j;
    const bool space = j + 1 < s.size() && s[j] == ' ' && is_word_char(s[j + 1]);
    out.push_back({s.substr(i, j - i), j, space});
    i = j;
  }
  return out;
}

// One alternative ("titan xp? ...pascal") at the name's word k.
bool alternative_at(std::string_view alt, const std::vector<Word>& words, std::size_t k, std::string_view name) {
  std::string_view later;
  if (const auto dots = alt.find(" ..."); dots != std::string_view::npos) {
    later = alt.substr(dots + 4);
    alt = alt.substr(0, dots);
  }
  for (std::size_t w = k;; ++w) {
    const auto sp = alt.find(' ');
    if (w >= words.size() || !word_matches(alt.substr(0, sp), words[w].text)) return false;
    if (sp == std::string_view::npos) {
      if (later.empty()) return true;
      const std::string_view rest = name.substr(words[w].end);
      const auto at = rest.find(later);
      return at != std::string_view::npos && rest.substr(0, at).find_first_of("\r\n") == std::string_view::npos;
    }
    if (!words[w].space_after) return false;
    alt = alt.substr(sp + 1);
  }
}

bool pattern_matches(std::string_view pattern, const std::vector<Word>& words, std::string_view name) {
  while (true) {
    const auto bar = pattern.find('|');
    const std::string_view alt = pattern.substr(0, bar);
    for (std::size_t k = 0; k < words.size(); ++k)
      if (alternative_at(alt, words, k, name)) return true;
    if (bar == std::string_view::npos) return false;
    pattern = pattern.substr(bar + 1);
  }
}

}  // namespace

std::optional<GpuFamily> family_from_name(std::string_view name) {
  std::string lower(name);
  for (char& c : lower)
    if (is_ascii_upper(c)) c = static_cast<char>(c - 'A' + 'a');
  const std::vector<Word> words = words_of(lower);
  for (const Pattern& p : patterns())
    if (pattern_matches(p.words, words, lower)) return GpuFamily{p.cc, p.architecture, p.family};
  return std::nullopt;
}

}  // namespace gpuaudit
