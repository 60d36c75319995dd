#include "tools/certificate/certificate_file.h"

#include <charconv>
#include <map>
#include <utility>

#include <zstd.h>

#include "engine/core/errors.h"
#include "solvers/io/output_file.h"

namespace gs::tools {

namespace {

// The header's fields in the order they are written.
std::vector<std::pair<std::string, std::string>> fields(const CertificateHeader& h) {
  return {{"game", h.game},
          {"variant", h.variant},
          {"rules", h.rules},
          {"draw-rule", h.draw_rule},
          {"position", h.position},
          {"to-move", h.to_move},
          {"value", h.value},
          {"winner", h.winner},
          {"strategy", h.strategy},
          {"distance", std::to_string(h.distance)},
          {"records", std::to_string(h.records)}};
}

template <class Int>
bool parse_number(const std::string& text, Int& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t tab; (tab = line.find('\t', from)) != std::string::npos; from = tab + 1)
    parts.push_back(line.substr(from, tab - from));
  parts.push_back(line.substr(from));
  return parts;
}

std::string record_line(const CertificateRecord& r) {
  return r.position + "\t" + r.move + "\t" + std::to_string(r.distance) + "\n";
}

}  // namespace

bool side_is_singular(const std::string& side) { return side == "fox" || side.size() == 1; }  // X, O
std::string side_in_text(const std::string& side) { return side.size() == 1 ? side : "the " + side; }

std::string certificate_header_line(const CertificateHeader& h) {
  std::string line = std::string(kCertificateMagic) + " " + std::to_string(kCertificateVersion);
  for (const auto& [key, value] : fields(h)) line += "\t" + key + "=" + value;
  return line;
}

CertificateHeader parse_certificate_header(const std::string& line, const std::string& path) {
  const std::vector<std::string> parts = split_tabs(line);
  const std::string magic = std::string(kCertificateMagic) + " ";
  if (!parts[0].starts_with(magic)) throw DataError(path + ": not a gamesolver certificate");
  if (parts[0] != magic + std::to_string(kCertificateVersion))
    throw DataError(path + ": certificate format " + clipped(parts[0].substr(magic.size())) + ", this build reads " +
                    std::to_string(kCertificateVersion));
  std::map<std::string, std::string> given;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::size_t eq = parts[i].find('=');
    if (eq == std::string::npos) throw DataError(path + ": header field without '=': " + clipped(parts[i]));
    given[parts[i].substr(0, eq)] = parts[i].substr(eq + 1);
  }
  CertificateHeader h;
  for (const auto& [key, unused] : fields(h))
    if (!given.count(key)) throw DataError(path + ": the header has no " + key + "= field");
  h.game = given["game"], h.variant = given["variant"], h.rules = given["rules"], h.draw_rule = given["draw-rule"];
  h.position = given["position"], h.to_move = given["to-move"], h.value = given["value"], h.winner = given["winner"];
  h.strategy = given["strategy"];
  if (!parse_number(given["distance"], h.distance) || h.distance < 0)
    throw DataError(path + ": header distance= is not a number of plies: " + clipped(given["distance"]));
  if (!parse_number(given["records"], h.records))
    throw DataError(path + ": header records= is not a count: " + clipped(given["records"]));
  return h;
}

std::uint64_t write_certificate(const std::string& path, const CertificateHeader& header,
                                const std::vector<CertificateRecord>& records) {
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, 12);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
  std::string packed, chunk;
  const auto pack = [&](const std::string& text, ZSTD_EndDirective mode) {
    ZSTD_inBuffer in{text.data(), text.size(), 0};
    std::string out(ZSTD_CStreamOutSize(), '\0');
    for (bool done = false; !done;) {
      ZSTD_outBuffer o{out.data(), out.size(), 0};
      const std::size_t left = ZSTD_compressStream2(cctx.get(), &o, &in, mode);
      if (ZSTD_isError(left)) throw DataError(std::string("zstd: ") + ZSTD_getErrorName(left));
      packed.append(out.data(), o.pos);
      done = mode == ZSTD_e_end ? left == 0 : in.pos == in.size;
    }
  };
  pack(certificate_header_line(header) + "\n", ZSTD_e_continue);
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (i > 0 && !(records[i - 1].position < records[i].position))
      throw DataError("certificate records out of order or repeated: " + clipped(records[i].position));
    chunk += record_line(records[i]);
    if (chunk.size() >= (1 << 20)) pack(chunk, ZSTD_e_continue), chunk.clear();
  }
  pack(chunk, ZSTD_e_end);
  write_file_atomically(path, packed);
  return packed.size();
}

struct CertificateReader::Stream {
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx{ZSTD_createDCtx(), ZSTD_freeDCtx};
  std::string input = std::string(ZSTD_DStreamInSize(), '\0');
  ZSTD_inBuffer in{input.data(), 0, 0};
  std::size_t last_result = 0;  // 0 when a frame has just ended
};

CertificateReader::CertificateReader(const std::string& path)
    : path_(path), in_(path, std::ios::binary), stream_(std::make_unique<Stream>()) {
  if (!in_) throw DataError(path + ": cannot be read");
  std::string first;
  if (!next_line(first)) throw DataError(path + ": empty, not a certificate");
  header_ = parse_certificate_header(first, path);
}

CertificateReader::~CertificateReader() = default;

bool CertificateReader::next_line(std::string& line) {
  constexpr std::size_t kLongestLine = 1 << 16;
  for (;;) {
    const std::size_t newline = pending_.find('\n', pending_at_);
    if (newline != std::string::npos) {
      line.assign(pending_, pending_at_, newline - pending_at_);
      pending_at_ = newline + 1;
      ++line_;
      return true;
    }
    pending_.erase(0, pending_at_), pending_at_ = 0;
    if (pending_.size() > kLongestLine) throw DataError(path_ + ": line " + std::to_string(line_ + 1) + " is too long");
    if (ended_) {
      if (!pending_.empty()) throw DataError(path_ + ": the last line has no end (a cut file?)");
      return false;
    }
    Stream& s = *stream_;
    if (s.in.pos == s.in.size) {
      in_.read(s.input.data(), static_cast<std::streamsize>(s.input.size()));
      s.in = {s.input.data(), static_cast<std::size_t>(in_.gcount()), 0};
      if (s.in.size == 0) {
        if (s.last_result != 0) throw DataError(path_ + ": cut short (the compressed stream does not end)");
        ended_ = true;
        continue;
      }
    }
    std::string out(ZSTD_DStreamOutSize(), '\0');
    ZSTD_outBuffer o{out.data(), out.size(), 0};
    s.last_result = ZSTD_decompressStream(s.dctx.get(), &o, &s.in);
    if (ZSTD_isError(s.last_result))
      throw DataError(path_ + ": damaged (zstd: " + ZSTD_getErrorName(s.last_result) + ")");
    pending_.append(out.data(), o.pos);
  }
}

bool CertificateReader::next(CertificateRecord& record) {
  std::string line;
  if (!next_line(line)) return false;
  const std::string where = path_ + ": line " + std::to_string(line_);
  const std::vector<std::string> parts = split_tabs(line);
  if (parts.size() != 3) throw DataError(where + ": not 'position<TAB>move<TAB>distance'");
  record.position = parts[0], record.move = parts[1];
  if (!parse_number(parts[2], record.distance) || record.distance < 0)
    throw DataError(where + ": the distance is not a number of plies: " + clipped(parts[2]));
  if (!previous_.empty() && !(previous_ < record.position))
    throw DataError(where + ": records out of order or repeated (sorted by position, each once)");
  previous_ = record.position;
  return true;
}

}  // namespace gs::tools
