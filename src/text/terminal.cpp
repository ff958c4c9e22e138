#include "text/terminal.hpp"

#include <charconv>
#include <cstdlib>
#include <sys/ioctl.h>
#include <unistd.h>

namespace gpuaudit {
namespace {

ColorMode g_mode = ColorMode::automatic;

std::string_view env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string_view(v) : std::string_view();
}

}  // namespace

std::optional<ColorMode> color_mode_named(std::string_view name) {
  if (name == "auto") return ColorMode::automatic;
  if (name == "always") return ColorMode::always;
  if (name == "never") return ColorMode::never;
  return std::nullopt;
}

void set_color_mode(ColorMode mode) { g_mode = mode; }

bool colour_wanted(int fd) {
  if (g_mode != ColorMode::automatic) return g_mode == ColorMode::always;
  return env("NO_COLOR").empty() && env("TERM") != "dumb" && isatty(fd) == 1;
}

std::size_t terminal_width(int fd) {
  const std::string_view cols = env("COLUMNS");
  std::size_t n = 0;
  if (auto [end, ec] = std::from_chars(cols.data(), cols.data() + cols.size(), n);
      ec == std::errc() && end == cols.data() + cols.size() && n >= 20)
    return n;
  winsize ws{};
  if (isatty(fd) == 1 && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) return ws.ws_col;
  return 100;
}

bool terminal_width_known(int fd) { return !env("COLUMNS").empty() || isatty(fd) == 1; }

std::string paint(std::string_view text, Colour colour, bool on) {
  if (!on || text.empty()) return std::string(text);
  const char* code = colour == Colour::red ? "31" : colour == Colour::yellow ? "33" : colour == Colour::green ? "32" : "1";
  return "\x1b[" + std::string(code) + "m" + std::string(text) + "\x1b[0m";
}

}  // namespace gpuaudit
