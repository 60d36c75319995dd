// Checking a certificate (docs/certificates.md) with the checker's own rules
// (tools/certificate/checker_rules.h), reading no table.
//
// Why a passing certificate proves its claim. Let W be the winner named by the header and d(p)
// the distance recorded for a position p where W moves. The checker verifies, for every record
// (p, m, d(p)): m is a legal move of p; after it either W has won, or the game goes on and every
// legal reply leads to a position where W has won or to a recorded position q with
// d(q) <= d(p) - 2. By induction on d: from a recorded p, W playing the recorded moves wins
// within d(p) plies whatever the other side does (the base: d(p) >= 1 for a move that wins at
// once; a reply to a recorded position with a smaller distance is covered by the induction).
// Distances fall by at least 2 every turn of W, so no line of play can cycle: a draw by
// repetition cannot hide in the strategy, and the win comes within d(p) plies, so under a
// no-progress rule whose limit is above d(p) plies the rule never applies either. The claim
// itself: the header's position is a record with the claimed distance (W to move), or W has
// not won yet, the other side is to move, and every reply is covered as above within the
// claimed distance less one.
//
// What it does not prove: that W cannot win faster, or that the other side cannot hold out
// longer against another strategy (the distance is an upper bound, the tables' exact one).
#pragma once

#include <cstdint>
#include <string>

namespace gs::tools {

struct CertificateCheck {
  bool valid = false;
  std::string claim;    // "the hounds win within 44 plies from ... (fox to move)"
  std::string failure;  // the first failing record and why, when not valid
  std::uint64_t records = 0;
  std::uint64_t replies = 0;         // replies of the losing side generated and looked up
  bool under_progress_rule = false;  // the distance is below the game's no-progress limit
  int progress_limit = 0;
};

// Throws DataError for a file that is not a readable certificate (no game this checker knows,
// a damaged frame, a malformed line); a readable certificate that proves nothing is returned
// with valid = false.
CertificateCheck check_certificate(const std::string& path);

}  // namespace gs::tools
