#include "core/document_io.hpp"

#include "core/error.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw input_error(path.string() + ": is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error(path.string() + ": cannot open: " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json parse_json(const std::string& text, const std::string& origin) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    throw input_error(origin + ": not valid JSON (" + what + ")");
  }
}

}  // namespace

json read_json_file(const fs::path& path) { return parse_json(slurp(path), path.string()); }

ResultDocument parse_result(const std::string& text, const std::string& origin) {
  json j = parse_json(text, origin);
  if (!j.is_object() || !j.contains("schema") || !j["schema"].is_string())
    throw input_error(origin + ": not a gpuaudit result document (no \"schema\" field)");
  const std::string schema = j["schema"].get<std::string>();
  const std::string prefix = "gpuaudit.result/";
  if (schema.rfind(prefix, 0) != 0)
    throw input_error(origin + ": not a gpuaudit result document (schema \"" + schema + "\")");
  int major = 0;
  try {
    major = std::stoi(schema.substr(prefix.size()));
  } catch (const std::exception&) {
    throw input_error(origin + ": unreadable schema version \"" + schema + "\"");
  }
  if (major > kResultSchemaMajor)
    throw input_error(origin + ": written by a newer gpuaudit (" + schema + "); this build reads " +
                      kResultSchema + ", upgrade gpuaudit to read it");
  if (major < 1) throw input_error(origin + ": unknown schema version \"" + schema + "\"");
  try {
    return j.get<ResultDocument>();
  } catch (const json::exception& e) {
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    throw input_error(origin + ": malformed result document (" + what + ")");
  }
}

ResultDocument read_result(const fs::path& path) { return parse_result(slurp(path), path.string()); }

std::string to_pretty_json(const ResultDocument& doc) { return json(doc).dump(2) + "\n"; }

void write_file_atomic(const fs::path& path, const std::string& contents) {
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::string tmpl = (dir / ("." + path.filename().string() + ".tmp.XXXXXX")).string();
  int fd = ::mkstemp(tmpl.data());
  if (fd < 0) throw io_error("cannot write " + path.string() + ": " + std::strerror(errno));
  auto fail = [&](const char* what) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmpl.c_str());
    return io_error(std::string("cannot write ") + path.string() + ": " + what + ": " + std::strerror(err));
  };
  const char* p = contents.data();
  size_t left = contents.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw fail("write");
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (::fchmod(fd, 0644) != 0) throw fail("chmod");
  if (::fsync(fd) != 0) throw fail("fsync");
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw io_error("cannot write " + path.string() + ": close: " + std::strerror(err));
  }
  if (::rename(tmpl.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw io_error("cannot write " + path.string() + ": rename: " + std::strerror(err));
  }
  if (int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY); dfd >= 0) {
    ::fsync(dfd);  // make the rename itself durable; best effort
    ::close(dfd);
  }
}

void write_result(const fs::path& path, const ResultDocument& doc) {
  write_file_atomic(path, to_pretty_json(doc));
}

}  // namespace gpuaudit
