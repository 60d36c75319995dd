// The registry of `gamesolver`'s commands: the one list from which the command's help and
// dispatch and the registry tests (help, notation round trips, perft of every game) come.
#pragma once

#include <string>
#include <vector>

#include "tools/common/command.h"

namespace gs::tools {

const std::vector<Command>& commands();
const Command* find_command(const std::string& name);  // nullptr when unknown

}  // namespace gs::tools
