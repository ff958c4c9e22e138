// What the terminal shows: how wide a line may be, and whether colour is wanted. Every command
// that prints prose asks here, so `COLUMNS`, `NO_COLOR` and `--color` mean the same everywhere.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit {

enum class ColorMode { automatic, always, never };

// "auto", "always", "never" (as --color takes them); none for anything else.
std::optional<ColorMode> color_mode_named(std::string_view name);

// The process's choice, from --color (default: automatic).
void set_color_mode(ColorMode mode);

// Whether text written to `fd` gets colour: never or always as chosen; on automatic, only when
// `fd` is a terminal, NO_COLOR is unset or empty (no-color.org) and TERM is not "dumb".
bool colour_wanted(int fd);

// The width prose is wrapped to: COLUMNS when it is a number of at least 20, else the width of
// the terminal `fd` is, else 100 (a file, a pipe, CI's log).
std::size_t terminal_width(int fd);

// Whether the width is the reader's (COLUMNS is set, or `fd` is a terminal), not the default 100:
// record-like text (info's field lines, which scripts grep whole) is wrapped only then.
bool terminal_width_known(int fd);

enum class Colour { red, yellow, green, bold };

// `text` between the SGR codes of `colour` when `on`, else `text` unchanged.
std::string paint(std::string_view text, Colour colour, bool on);

}  // namespace gpuaudit
