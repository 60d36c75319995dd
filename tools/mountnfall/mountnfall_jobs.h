// The search jobs of `gamesolver mountnfall`: perft and analyse (the table jobs are
// tools/common/table_jobs.h, the match and play tools/mountnfall/mountnfall_match.h).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engine/mountnfall/mountnfall.h"
#include "tools/common/cli.h"
#include "tools/mountnfall/mountnfall_drawing.h"

namespace gs::tools {

// Move sequences of depths 1..depth from the position.
Report mountnfall_perft(const mountnfall::MountNFall& game, const mountnfall::Position& from, int depth,
                        const cli::GlobalOptions& global);

struct AnalyseOptions {
  cli::GlobalOptions global;
  int threads = 1;
  int depth = 0;        // 0: no depth limit
  double seconds = 0;   // 0: no time limit
  int table_bits = 22;  // transposition table of 2^N entries
  bool reductions = true;
};

// Iterative-deepening alpha-beta from the position: score and principal variation.
Report mountnfall_analyse(const mountnfall::MountNFall& game, const mountnfall::Position& root,
                          const AnalyseOptions& options);

}  // namespace gs::tools
