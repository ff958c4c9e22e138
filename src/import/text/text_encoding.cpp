// decode_bom_text(): UTF-16 / UTF-32 with a byte-order mark to UTF-8 (text_encoding.hpp).
#include "import/text/text_encoding.hpp"

#include <cstdint>

namespace gpuaudit::imports {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

void put_utf8(std::string& out, char32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = kReplacement;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::uint32_t byte(std::string_view s, std::size_t i) { return static_cast<unsigned char>(s[i]); }

std::string from_utf16(std::string_view s, bool big_endian) {
  std::string out;
  out.reserve(s.size() / 2 + 4);
  auto unit = [&](std::size_t i) -> char32_t {
    return big_endian ? (byte(s, i) << 8) | byte(s, i + 1) : (byte(s, i + 1) << 8) | byte(s, i);
  };
  std::size_t i = 0;
  for (; i + 1 < s.size(); i += 2) {
    const char32_t u = unit(i);
    if (u >= 0xD800 && u <= 0xDBFF && i + 3 < s.size()) {
      const char32_t low = unit(i + 2);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        put_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
        i += 2;
        continue;
      }
    }
    put_utf8(out, u);  // a lone surrogate becomes U+FFFD there
  }
  if (i < s.size()) put_utf8(out, kReplacement);  // a cut last unit
  return out;
}

std::string from_utf32(std::string_view s, bool big_endian) {
  std::string out;
  out.reserve(s.size() / 4 + 4);
  std::size_t i = 0;
  for (; i + 3 < s.size(); i += 4) {
    const char32_t cp = big_endian ? (byte(s, i) << 24) | (byte(s, i + 1) << 16) | (byte(s, i + 2) << 8) | byte(s, i + 3)
                                   : (byte(s, i + 3) << 24) | (byte(s, i + 2) << 16) | (byte(s, i + 1) << 8) | byte(s, i);
    put_utf8(out, cp);
  }
  if (i < s.size()) put_utf8(out, kReplacement);
  return out;
}

}  // namespace

std::optional<std::string> decode_bom_text(std::string_view raw) {
  if (raw.substr(0, 4) == std::string_view("\xFF\xFE\0\0", 4)) return from_utf32(raw.substr(4), false);
  if (raw.substr(0, 4) == std::string_view("\0\0\xFE\xFF", 4)) return from_utf32(raw.substr(4), true);
  if (raw.substr(0, 2) == "\xFF\xFE") return from_utf16(raw.substr(2), false);
  if (raw.substr(0, 2) == "\xFE\xFF") return from_utf16(raw.substr(2), true);
  return std::nullopt;
}

}  // namespace gpuaudit::imports
