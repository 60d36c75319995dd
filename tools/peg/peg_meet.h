// The meeting of both halves for one start and finish, apart from its report: `peg --meet` prints
// it, `peg --all-starts --meet-open` decides with it the pairs its searches leave open.
#pragma once

#include <cstdint>
#include <numeric>
#include <vector>

#include "engine/peg/board.h"
#include "solvers/layered/meet_in_the_middle.h"
#include "tools/peg/peg_jobs.h"

namespace gs::tools {

// feasible: false when position classes decide the pair (no halves built). jumps: a solution,
// checked move by move, when the halves meet. InputError unless the request has one vacancy and
// one finish.
struct MeetAnswer {
  bool feasible = false;
  MeetResult halves;
  std::vector<peg::Jump> jumps;
  // Pagodas learned to prune each half, images included (none for a mirrored backward half).
  struct {
    int forward = 0, backward = 0;
  } learned_pagodas;

  // The canonical positions built in both halves (mirrored, the backward half is the forward
  // one turned: built once).
  std::uint64_t positions() const {
    std::uint64_t n = std::accumulate(halves.forward_sizes.begin(), halves.forward_sizes.end(), std::uint64_t{0});
    if (!halves.mirrored) n = std::accumulate(halves.backward_sizes.begin(), halves.backward_sizes.end(), n);
    return n;
  }
};
MeetAnswer meet_pair(const PegRequest& request, const PegJobOptions& options);

}  // namespace gs::tools
