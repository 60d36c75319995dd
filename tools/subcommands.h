// Entry points of the subcommands; each takes the arguments after its name.
#pragma once

#include <string>
#include <vector>

namespace gs::tools {

int run_peg(const std::vector<std::string>& args);
int run_mnk(const std::vector<std::string>& args);
int run_tictactoe(const std::vector<std::string>& args);
int run_hopscotch(const std::vector<std::string>& args);
int run_hunt(const std::vector<std::string>& args);
int run_mountnfall(const std::vector<std::string>& args);

}  // namespace gs::tools
