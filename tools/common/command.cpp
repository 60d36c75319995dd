#include "tools/common/command.h"

#include <algorithm>
#include <iostream>
#include <typeinfo>

#include "engine/core/errors.h"
#include "solvers/io/output_file.h"

namespace gs::tools {

namespace {

// "a", "a or b", "a, b or c".
std::string one_of(const std::vector<std::string>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return text;
}

std::string mode_word(const ModeInfo& mode) { return mode.is_switch ? "--" + mode.name : mode.name; }

po::options_description parameter_options(const Command& command) {
  po::options_description parameters("Game parameters");
  for (const Parameter& p : command.parameters) {
    std::string help = p.help;
    if (p.min) help += " (" + std::to_string(*p.min) + " to " + std::to_string(*p.max) + ")";
    if (p.min)
      parameters.add_options()(p.name.c_str(), po::value<long long>()->default_value(std::stoll(p.default_value)),
                               help.c_str());
    else
      parameters.add_options()(p.name.c_str(), po::value<std::string>()->default_value(p.default_value), help.c_str());
  }
  return parameters;
}

}  // namespace

std::string usage_text(const Command& command) {
  std::string text;
  for (std::size_t i = 0; i < command.modes.size(); ++i) {
    const ModeInfo& mode = command.modes[i];
    std::string line = std::string(i == 0 ? "Usage: " : "       ") + "gamesolver " + command.name + " " + mode.synopsis;
    constexpr std::size_t kColumn = 52;
    if (line.size() + 2 > kColumn)
      line += "\n" + std::string(kColumn, ' ');
    else
      line += std::string(kColumn - line.size(), ' ');
    text += line + mode.summary + "\n";
  }
  if (!command.about.empty()) text += "\n" + command.about;
  if (!command.examples.empty()) text += "\nExamples:\n" + command.examples;
  return text;
}

std::optional<std::size_t> parse_command(const Command& command, const std::vector<std::string>& args,
                                         const po::options_description& own, po::variables_map& vm,
                                         cli::GlobalOptions& global, std::string& file) {
  std::string word;
  po::options_description hidden;
  hidden.add_options()("mode", po::value<std::string>(&word))("file", po::value<std::string>(&file));
  po::options_description visible;
  visible.add(own);
  if (!command.parameters.empty()) visible.add(parameter_options(command));
  visible.add(cli::global_options_description(global));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("mode", 1).add("file", 1);
  try {
    const po::parsed_options parsed = po::command_line_parser(args).options(all).positional(positional).run();
    po::store(parsed, vm);
    // Boost reads "-1" into an unsigned option as 2^64 - 1: refused here, for every command. An
    // empty value (--json "") would be taken for the option's absence.
    for (const po::option& option : parsed.options)
      for (const std::string& value : option.value) {
        if (value.empty() && !option.string_key.empty() && option.string_key != "mode" && option.string_key != "file")
          throw InputError("--" + option.string_key + " needs a value, not an empty one");
        if (value.starts_with('-') && vm.count(option.string_key)) {
          const std::type_info& type = vm[option.string_key].value().type();
          if (type == typeid(unsigned) || type == typeid(unsigned long) || type == typeid(unsigned long long))
            throw InputError("--" + option.string_key + " must be 0 or more, not " + clipped(value));
        }
      }
    if (vm.count("help")) {
      std::cout << usage_text(command) << "\n" << visible << std::flush;
      return std::nullopt;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw InputError(e.what());
  }
  for (const Parameter& p : command.parameters)
    if (p.min) {
      const long long value = vm[p.name].as<long long>();
      if (value < *p.min || value > *p.max)
        throw InputError("--" + p.name + " must be between " + std::to_string(*p.min) + " and " +
                         std::to_string(*p.max));
    }

  // The mode: a word, a switch, or the default.
  std::vector<std::string> words, chosen_names;
  std::optional<std::size_t> chosen, fallback;
  bool word_named_a_mode = false;
  for (std::size_t i = 0; i < command.modes.size(); ++i) {
    const ModeInfo& mode = command.modes[i];
    if (!mode.is_switch) words.push_back(mode.name);
    if (mode.is_default) fallback = i;
    const bool named = !word.empty() && !mode.is_switch && (word == mode.name || word == mode.alias);
    const bool switched = mode.is_switch && vm.count(mode.name) && vm[mode.name].as<bool>();
    word_named_a_mode = word_named_a_mode || named;
    if (named || switched) chosen = i, chosen_names.push_back(mode_word(mode));
  }
  // A default mode that takes a file may be left out: the first word is then the file
  // (`gamesolver view FILE`).
  if (!word.empty() && !word_named_a_mode && fallback && command.modes[*fallback].takes_file && file.empty() && !chosen)
    file = word, word.clear(), word_named_a_mode = true;
  if (!word.empty() && !word_named_a_mode)
    throw InputError("unknown " + command.name + " mode '" + clipped(word) + "' (expected " + one_of(words) + ")");
  if (chosen_names.size() > 1) throw InputError("choose one of " + one_of(chosen_names));
  if (!chosen) {
    if (!fallback) throw InputError(command.name + " needs a mode: " + one_of(words));
    chosen = fallback;
  }
  const ModeInfo& mode = command.modes[*chosen];
  if (mode.takes_file && file.empty()) throw InputError("usage: gamesolver " + command.name + " " + mode.synopsis);
  if (!mode.takes_file && !file.empty()) throw InputError("unexpected argument '" + clipped(file) + "'");
  for (const ModeInfo& other : command.modes)
    for (const std::string& option : other.own_options)
      if (vm.count(option) && !vm[option].defaulted() &&
          std::find(mode.own_options.begin(), mode.own_options.end(), option) == mode.own_options.end()) {
        std::vector<std::string> owners;  // every mode that takes it
        for (const ModeInfo& m : command.modes)
          if (std::find(m.own_options.begin(), m.own_options.end(), option) != m.own_options.end())
            owners.push_back(mode_word(m));
        std::string list;
        for (std::size_t i = 0; i < owners.size(); ++i)
          list += (i == 0 ? "" : i + 1 == owners.size() ? " and " : ", ") + owners[i];
        throw InputError("--" + option + " applies to " + command.name + " " + list + ", not to " + mode_word(mode));
      }
  // Output files are checked now, not after an hour of work, and against each other and the
  // file read: none may overwrite another.
  std::vector<std::pair<std::string, std::string>> outputs;  // option, path
  for (const auto& [option, path] : {std::pair<std::string, std::string>{"--json", global.json}, {"--svg", global.svg}})
    if (!path.empty()) outputs.emplace_back(option, path);
  for (const char* option : {"html", "output"})
    if (vm.count(option) && typeid(std::string) == vm[option].value().type())
      outputs.emplace_back(std::string("--") + option, vm[option].as<std::string>());
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].first != "--output") check_output_path(outputs[i].second, outputs[i].first);  // a job's own
    if (!file.empty() && same_destination(outputs[i].second, file))
      throw InputError(outputs[i].first + " " + shown_path(outputs[i].second) + " would overwrite the file it reads");
    for (std::size_t k = 0; k < i; ++k)
      if (same_destination(outputs[i].second, outputs[k].second))
        throw InputError(outputs[k].first + " and " + outputs[i].first + " name the same file " +
                         shown_path(outputs[i].second));
  }
  if (!global.svg.empty() && !mode.draws) {
    std::vector<std::string> drawing;
    for (const ModeInfo& m : command.modes)
      if (m.draws) drawing.push_back(mode_word(m));
    throw InputError("--svg: " + command.name + " " + mode_word(mode) + " draws no picture" +
                     (drawing.empty() ? std::string() : " (modes that draw: " + one_of(drawing) + ")"));
  }
  return chosen;
}

}  // namespace gs::tools
