// Text that is not UTF-8, told by its byte-order mark: Windows PowerShell's `>` and Out-File write
// UTF-16 LE with a BOM (`nvidia-smi -q > smi.txt` there), and some editors save UTF-16 BE or
// UTF-32. Such a file is decoded to UTF-8 before anything else reads it (normalize_text), so a
// parser never sees "N\0V\0S\0M\0I\0". Without a BOM a text is taken as UTF-8, as the Unicode
// standard's BOM rules leave no other reading to rely on (Unicode 15, section 23.8).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

// The UTF-8 text of `raw` when it starts with a UTF-16 or UTF-32 byte-order mark (the mark itself
// dropped; a unit that is no character, such as a lone surrogate or a cut last unit, becomes
// U+FFFD), nullopt when it does not. UTF-32 LE's mark (FF FE 00 00) is checked before UTF-16 LE's
// (FF FE), whose first two bytes it shares. Linear, never throws.
std::optional<std::string> decode_bom_text(std::string_view raw);

}  // namespace gpuaudit::imports
