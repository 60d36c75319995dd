// Hopscotch as pictures: the tableau after some plays of a game (the foundations' cards, each
// with the number of the play that put it there, the reserve piles, the next card of the stock),
// and the distribution of solving times over many deals.
#pragma once

#include <string>
#include <vector>

#include "engine/hopscotch/tableau.h"

namespace gs::draw {

// The tableau after the first `shown` plays (all of them when shown >= plays.size()). Every
// card drawn is an element with data-pile ("F1".."F4", "R1".."R4", "waste") and data-card.
std::string hopscotch_svg(const hopscotch::Deal& deal, const std::vector<hopscotch::Play>& plays, std::size_t shown,
                          const std::string& title);

// A histogram of per-deal times (log-spaced bins, milliseconds).
std::string time_histogram_svg(const std::vector<double>& seconds, const std::string& title);

}  // namespace gs::draw
