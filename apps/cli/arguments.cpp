#include "apps/cli/arguments.hpp"

#include <iostream>
#include <sstream>

#include "core/util/parse_number.hpp"

namespace tessera::cli {

Arguments::Arguments(std::string command, std::string summary)
    : command_(std::move(command)), summary_(std::move(summary)) {
  flag("help", "show this help and exit");
}

Arguments& Arguments::positional(const std::string& name, const std::string& help) {
  positionals_.push_back({name, "", help, std::nullopt, false});
  return *this;
}

Arguments& Arguments::option(const std::string& name, const std::string& value_name, const std::string& help,
                             std::optional<std::string> default_value) {
  options_.push_back({name, value_name, help, std::move(default_value), false});
  return *this;
}

Arguments& Arguments::flag(const std::string& name, const std::string& help) {
  options_.push_back({name, "", help, std::nullopt, true});
  return *this;
}

bool Arguments::parse(const std::vector<std::string>& args) {
  std::size_t next_positional = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
      std::string name = a.substr(2), value;
      bool has_value = false;
      if (auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name.resize(eq);
        has_value = true;
      }
      const Spec* spec = nullptr;
      for (const auto& s : options_)
        if (s.name == name) spec = &s;
      if (!spec) throw UsageError(command_ + ": unknown option --" + name + " (see tessera " + command_ + " --help)");
      if (spec->is_flag) {
        if (has_value) throw UsageError(command_ + ": --" + name + " takes no value");
        flags_[name] = true;
        if (name == "help") {
          std::cout << help();
          return false;
        }
        continue;
      }
      if (!has_value) {
        if (i + 1 >= args.size()) throw UsageError(command_ + ": --" + name + " needs a value (" + spec->value_name + ")");
        value = args[++i];
      }
      values_[name] = value;
      given_[name] = value;
    } else {
      if (next_positional >= positionals_.size())
        throw UsageError(command_ + ": unexpected argument '" + a + "' (see tessera " + command_ + " --help)");
      values_[positionals_[next_positional++].name] = a;
    }
  }
  if (next_positional < positionals_.size())
    throw UsageError(command_ + ": missing <" + positionals_[next_positional].name + "> (see tessera " + command_ +
                     " --help)");
  for (const auto& s : options_)
    if (!s.is_flag && s.default_value && !values_.count(s.name)) values_[s.name] = *s.default_value;
  return true;
}

const std::string& Arguments::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw UsageError(command_ + ": --" + name + " is required");
  return it->second;
}

std::optional<std::string> Arguments::maybe(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> Arguments::given(const std::string& name) const {
  auto it = given_.find(name);
  if (it == given_.end()) return std::nullopt;
  return it->second;
}

bool Arguments::has(const std::string& name) const { return flags_.count(name) != 0; }

bool Arguments::declared(const std::string& name) const {
  for (const auto& s : options_)
    if (s.name == name) return true;
  return false;
}

long long Arguments::get_integer(const std::string& name) const {
  const std::string& text = get(name);
  const auto value = parse_whole_integer(text);
  if (!value) throw UsageError(command_ + ": --" + name + " expects an integer, got '" + text + "'");
  return *value;
}

std::string Arguments::help() const {
  std::ostringstream os;
  os << "usage: tessera " << command_;
  for (const auto& p : positionals_) os << " <" << p.name << ">";
  os << " [options]\n\n" << summary_ << "\n";
  if (!positionals_.empty()) {
    os << "\narguments:\n";
    for (const auto& p : positionals_) os << "  <" << p.name << ">\n      " << p.help << "\n";
  }
  os << "\noptions:\n";
  for (const auto& s : options_) {
    os << "  --" << s.name;
    if (!s.is_flag) os << ' ' << s.value_name;
    os << "\n      " << s.help;
    if (s.default_value) os << " (default: " << *s.default_value << ")";
    os << "\n";
  }
  return os.str();
}

}  // namespace tessera::cli
