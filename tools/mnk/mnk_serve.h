// The m,n,k games served to the play page (`gamesolver serve`): the strong solutions that
// `mnk --all --output FILE` wrote into the directory, each read once.
#pragma once

#include <string>

#include "tools/serve/game_service.h"

namespace gs::tools {

// Every m,n,k table file in `dir` (recognised by its first line), each board once; a damaged
// file is left out with its reason on stderr.
GameServices mnk_services(const std::string& dir);

}  // namespace gs::tools
