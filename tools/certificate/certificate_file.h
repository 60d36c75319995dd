// Certificate files (docs/certificates.md): the proof of a won position as the winner's strategy,
// one record per position where the winner moves. A zstd-compressed text file (the frame carries
// its content checksum): a header line, then records "position<TAB>move<TAB>distance", sorted by
// position. Written by `gamesolver hunt certify`, read by `gamesolver certificate check`; this
// file knows the format only, no game.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace gs::tools {

struct CertificateHeader {
  std::string game, variant;
  std::string rules;      // the rules document the certificate follows
  std::string draw_rule;  // "none", or the no-progress limit the values were computed under
  std::string position;   // the position whose value is claimed
  std::string to_move;    // the side to move there
  std::string value;      // "win", "loss" or "draw" for the side to move
  std::string winner;     // the side that wins ("none" for a draw)
  std::string strategy;  // the side whose moves the records hold: the winner, or for a draw the side that does not lose
  int distance = 0;      // plies to the end with the winner's strategy, at most (a draw: 0)
  std::uint64_t records = 0;
};

struct CertificateRecord {
  std::string position;  // the winner to move
  std::string move;      // the winner's move, in the notation of `hunt probe`
  int distance = 0;      // plies to the end from `position` with the strategy, at most (a draw's records: 0)
};

constexpr const char* kCertificateMagic = "gamesolver-certificate";
constexpr int kCertificateVersion = 1;

// A side as a sentence names it ("the hounds", "the fox", "X"), and whether its verb is singular.
std::string side_in_text(const std::string& side);
bool side_is_singular(const std::string& side);

std::string certificate_header_line(const CertificateHeader& h);
// The header's fields; DataError naming `path` when a field is missing or malformed.
CertificateHeader parse_certificate_header(const std::string& line, const std::string& path);

// Writes the header and the records (sorted by position, as the format requires; DataError if
// not), compressed, atomically. Returns the file's size in bytes.
std::uint64_t write_certificate(const std::string& path, const CertificateHeader& header,
                                const std::vector<CertificateRecord>& records);

// Reads a certificate as a stream of records, unpacking as it goes (a certificate may be larger
// than memory). DataError on a damaged frame, a malformed line (named by its number) or records
// out of order.
class CertificateReader {
 public:
  explicit CertificateReader(const std::string& path);
  ~CertificateReader();
  CertificateReader(const CertificateReader&) = delete;
  CertificateReader& operator=(const CertificateReader&) = delete;

  const CertificateHeader& header() const { return header_; }
  // The next record; false at the end of the file.
  bool next(CertificateRecord& record);
  std::uint64_t line() const { return line_; }  // of the last line read (1 = the header)

 private:
  bool next_line(std::string& line);
  std::string path_;
  std::ifstream in_;
  struct Stream;
  std::unique_ptr<Stream> stream_;
  std::string pending_;  // unpacked bytes not yet cut into lines
  std::size_t pending_at_ = 0;
  bool ended_ = false;
  CertificateHeader header_;
  std::string previous_;  // the previous record's position, for the order
  std::uint64_t line_ = 0;
};

}  // namespace gs::tools
