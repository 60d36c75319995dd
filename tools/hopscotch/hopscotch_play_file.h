// Hopscotch play files (text, checksummed, written atomically):
//
//   gamesolver-hopscotch-play v1
//   deal: QD AS 7C ... (48 cards, stock order)
//   score: 48
//   play: QD>R1
//   play: R1:QD>F4
//   ...
//   checksum: fnv1a64 0123456789abcdef
//
// Plays: CARD>Fn (the dealt card to foundation n), CARD>Rn (to reserve n), Rn:CARD>Fm (the top
// of reserve n to foundation m); foundations and reserves are numbered 1 to 4.
#pragma once

#include <string>
#include <vector>

#include "engine/hopscotch/tableau.h"

namespace gs::tools {

inline constexpr const char* kHopscotchPlayMagic = "gamesolver-hopscotch-play";  // a play file's first word

// `plays`: the names of the plays (hopscotch::score_by_the_rules gives them).
std::string format_hopscotch_play(const hopscotch::Deal& deal, const std::vector<std::string>& plays, int score);

struct HopscotchVerification {
  bool valid = false;
  std::string reason;  // why not, when invalid
  hopscotch::Deal deal{};
  int claimed_score = 0, score = 0, plays = 0;
  std::vector<hopscotch::Play> played;  // the legal plays, in order (a replay draws them)
};

// Replays the file against the rules. Throws DataError when the file is unreadable, unsigned,
// altered or malformed; an illegal play, an unfinished stock or a wrong score gives
// valid = false with the reason.
HopscotchVerification verify_hopscotch_play(const std::string& path);

}  // namespace gs::tools
