#include "apps/runner/experiment_config.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/util/path_exists.hpp"
#include "core/util/switch_value.hpp"
#include "io/generators/generator_spec.hpp"
#include "io/generators/hgr_augment.hpp"
#include "io/generators/nn_hypergraph.hpp"

namespace tessera::io {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t k_max_key_length = 128;

bool is_key_name(const std::string& key) {
  return !key.empty() && key.size() <= k_max_key_length && std::all_of(key.begin(), key.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  });
}

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const YAML::Node& node, const std::string& what) const {
    throw ParseError(file_, node.Mark().is_null() ? 0 : node.Mark().line + 1, what);
  }

  // YAML forbids duplicate keys but yaml-cpp keeps them (and `map[key]` sees only the first).
  // Also: every key is a name. YAML allows a list, a mapping or nothing as a key ("? [a]: b");
  // converting one to a string threw yaml-cpp's exception past the file:line errors, and a key
  // of control characters was accepted and then written back longer than YAML's 1024-character
  // limit for keys, so the resolved YAML did not load (both found by fuzz_experiment).
  void unique_keys(const YAML::Node& map, const std::string& where) const {
    std::set<std::string> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
      if (!it->first.IsScalar())
        fail(it->first, "a key in " + where + " must be a plain name, not a list, mapping or nothing");
      if (!is_key_name(it->first.Scalar()))
        fail(it->first, "a key in " + where + " must be a name of letters, digits, '_', '-' and '.' (at most " +
                            std::to_string(k_max_key_length) + " characters)");
      if (!seen.insert(it->first.as<std::string>()).second)
        fail(it->first, "duplicate key '" + it->first.as<std::string>() + "' in " + where);
    }
  }

  void only_keys(const YAML::Node& map, const std::set<std::string>& allowed, const std::string& where) const {
    if (!map.IsMap()) fail(map, where + " must be a mapping");
    unique_keys(map, where);
    for (auto it = map.begin(); it != map.end(); ++it) {
      const auto key = it->first.as<std::string>();
      if (!allowed.count(key)) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        fail(it->first, "unknown key '" + key + "' in " + where + " (allowed: " + list + ")");
      }
    }
  }

  std::string scalar(const YAML::Node& node, const std::string& what) const {
    if (!node.IsScalar()) fail(node, what + " must be a single value");
    std::string value = node.as<std::string>();
    // A lone carriage return (a file ending in "\r") would stay in the value and vanish when the
    // resolved YAML is read back (found by tests/fuzz/fuzz_experiment.cpp).
    if (value.find('\r') != std::string::npos) fail(node, what + " contains a carriage return");
    return value;
  }

  int integer(const YAML::Node& node, const std::string& what, int min) const {
    int value = 0;
    try {
      value = node.as<int>();
    } catch (const YAML::Exception&) {
      fail(node, what + " must be an integer, got '" + scalar(node, what) + "'");
    }
    if (value < min) fail(node, what + " must be at least " + std::to_string(min));
    return value;
  }

  bool boolean(const YAML::Node& node, const std::string& what) const {
    const auto value = node.IsScalar() ? parse_switch_value(node.Scalar()) : std::nullopt;
    if (!value) fail(node, what + " must be true or false (" + k_switch_spellings + ")");
    return *value;
  }

 private:
  std::string file_;
};

constexpr const char* kDataDirPrefix = "$TESSERA_DATA_DIR/";

// `$TESSERA_DATA_DIR/...` -> the shared data folder; other relative paths are relative to `base`.
// `key`: the YAML key (file, labels), for messages.
fs::path resolve_input_path(const Reader& r, const YAML::Node& node, const fs::path& base, const char* key) {
  std::string text = r.scalar(node, key);
  if (text.rfind(kDataDirPrefix, 0) == 0) {
    const char* dir = std::getenv("TESSERA_DATA_DIR");
    if (dir == nullptr || *dir == '\0')
      r.fail(node, "'" + text + "' needs the environment variable TESSERA_DATA_DIR (the shared data folder)");
    return fs::path(dir) / text.substr(std::string(kDataDirPrefix).size());
  }
  fs::path p = text;
  return p.is_relative() ? base / p : p;
}

// Every mapping inside `node` has unique keys that are names.
void check_keys_within(const Reader& r, const YAML::Node& node, const std::string& where) {
  if (node.IsMap()) {
    r.unique_keys(node, where);
    for (auto it = node.begin(); it != node.end(); ++it) check_keys_within(r, it->second, where);
  } else if (node.IsSequence()) {
    for (const auto& item : node) check_keys_within(r, item, where);
  }
}

// `plot:` is for scripts/plot.py: checked only for shape (a mapping or a list of mappings, with
// names as keys).
std::string plot_block(const Reader& r, const YAML::Node& node) {
  const bool mapping_list = node.IsSequence() && node.size() > 0 &&
                            std::all_of(node.begin(), node.end(), [](const YAML::Node& n) { return n.IsMap(); });
  if (!node.IsMap() && !mapping_list) r.fail(node, "'plot' must be a mapping or a non-empty list of mappings");
  check_keys_within(r, node, "'plot'");
  YAML::Emitter out;
  out << node;
  return out.c_str();
}

// A task's `inputs: [name, ...]`: names of inputs listed above it, each once; selecting by name
// needs the names to be unique among the inputs.
void select_inputs(const Reader& r, const YAML::Node& node, const std::vector<InputConfig>& inputs, TaskConfig& t) {
  if (!node.IsSequence() || node.size() == 0) r.fail(node, "a task's 'inputs' must be a non-empty list of input names");
  for (const auto& item : node) {
    const std::string name = r.scalar(item, "an input name");
    const auto same = std::count_if(inputs.begin(), inputs.end(), [&](const InputConfig& in) { return in.name == name; });
    if (same == 0) r.fail(item, "the task's input '" + name + "' is not among the experiment's inputs");
    if (same > 1) r.fail(item, "the task's input '" + name + "' names " + std::to_string(same) + " inputs (give them distinct names)");
    if (std::find(t.inputs.begin(), t.inputs.end(), name) != t.inputs.end()) r.fail(item, "input '" + name + "' is listed twice");
    t.inputs.push_back(name);
  }
}

}  // namespace

bool TaskConfig::runs_on(const std::string& input) const {
  return inputs.empty() || std::find(inputs.begin(), inputs.end(), input) != inputs.end();
}

std::vector<std::vector<std::pair<std::string, std::string>>> TaskConfig::combinations() const {
  std::vector<std::vector<std::pair<std::string, std::string>>> out{{}};
  for (const auto& [name, values] : grid) {
    std::vector<std::vector<std::pair<std::string, std::string>>> next;
    for (const auto& partial : out)
      for (const auto& v : values) {
        auto c = partial;
        c.emplace_back(name, v);
        next.push_back(std::move(c));
      }
    out = std::move(next);
  }
  return out;
}

ExperimentConfig load_experiment(const std::string& path, bool quick) {
  TESSERA_USER_REQUIRE(path_exists(path), path << ": no such file");
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::ParserException& e) {
    throw ParseError(path, e.mark.line + 1, "malformed YAML: " + e.msg);
  } catch (const YAML::Exception& e) {
    throw ParseError(path, 0, std::string("cannot read: ") + e.what());
  }
  Reader r(path);
  if (!root.IsMap()) throw ParseError(path, 1, "an experiment must be a YAML mapping with name, inputs and tasks");
  r.only_keys(root, {"name", "output", "repetitions", "warmup", "inputs", "tasks", "plot", "quick"}, "the experiment");
  if (root["quick"]) r.only_keys(root["quick"], {"repetitions", "warmup", "inputs", "tasks"}, "'quick'");
  if (quick && !root["quick"]) throw ParseError(path, 1, "quick mode asked for, but the experiment has no 'quick:' block");
  // In quick mode, what the `quick:` block gives replaces the full run's entries.
  const auto section = [&](const char* key) { return quick && root["quick"][key] ? root["quick"][key] : root[key]; };

  ExperimentConfig c;
  c.quick = quick;
  c.file = fs::absolute(path).lexically_normal().string();
  const fs::path base = fs::path(c.file).parent_path();
  if (!root["name"]) throw ParseError(path, 1, "missing 'name'");
  c.name = r.scalar(root["name"], "name");
  if (c.name.empty() || c.name.find('/') != std::string::npos) r.fail(root["name"], "name must be non-empty and contain no '/'");
  if (root["output"]) c.output = r.scalar(root["output"], "output");
  if (section("repetitions")) c.repetitions = r.integer(section("repetitions"), "repetitions", 1);
  if (section("warmup")) c.warmup = r.integer(section("warmup"), "warmup", 0);
  // Quick mode warms every point up at least once unless its block says otherwise: on its tiny
  // inputs the first timed run would carry the start-up cost (first touch, thread pool, device
  // context) and could invert a chart.
  if (quick && !root["quick"]["warmup"]) c.warmup = std::max(c.warmup, 1);

  const YAML::Node inputs = section("inputs");
  if (!inputs || !inputs.IsSequence() || inputs.size() == 0)
    throw ParseError(path, inputs ? inputs.Mark().line + 1 : 1, "'inputs' must be a non-empty list");
  for (const auto& node : inputs) {
    r.only_keys(node, {"file", "generator", "name", "format", "compact_ids", "directed", "one_based", "labels"}, "an input");
    InputConfig in;
    if (node["file"] && node["generator"]) r.fail(node, "an input has either 'file' or 'generator', not both");
    if (node["file"]) {
      const fs::path p = resolve_input_path(r, node["file"], base, "file");
      in.source = p.lexically_normal().string();
      if (!path_exists(in.source)) r.fail(node["file"], "input file '" + in.source + "' does not exist");
      in.name = fs::path(in.source).filename().string();
    } else if (node["generator"]) {
      const std::string spec = r.scalar(node["generator"], "generator");
      in.source = spec.rfind("gen:", 0) == 0 ? spec : "gen:" + spec;
      in.name = in.source.substr(4);
      try {  // checked now, not when the sweep reaches it (nn: hypergraph specs when generated)
        if (!gen::is_nn_spec(in.name) && !gen::is_hgr_augment_spec(in.name)) gen::parse_generator_spec(in.name);
      } catch (const UserError& e) {
        r.fail(node["generator"], e.what());
      }
    } else {
      r.fail(node, "an input needs 'file' or 'generator'");
    }
    if (node["name"]) in.name = r.scalar(node["name"], "name");
    if (node["format"]) {
      try {
        in.load.format = parse_file_format(r.scalar(node["format"], "format"));
      } catch (const ParseError&) {
        throw;
      } catch (const UserError& e) {
        r.fail(node["format"], e.what());
      }
    }
    if (node["compact_ids"]) in.load.build.compact_ids = r.boolean(node["compact_ids"], "compact_ids");
    if (node["directed"]) in.load.build.symmetrize = !r.boolean(node["directed"], "directed");
    if (node["one_based"]) in.load.one_based = r.boolean(node["one_based"], "one_based");
    if (node["labels"]) {
      in.load.labels = resolve_input_path(r, node["labels"], base, "labels").lexically_normal().string();
      if (!path_exists(in.load.labels)) r.fail(node["labels"], "label file '" + in.load.labels + "' does not exist");
    }
    c.inputs.push_back(std::move(in));
  }

  const YAML::Node tasks = section("tasks");
  if (!tasks || !tasks.IsSequence() || tasks.size() == 0)
    throw ParseError(path, tasks ? tasks.Mark().line + 1 : 1, "'tasks' must be a non-empty list");
  for (const auto& node : tasks) {
    r.only_keys(node, {"task", "params", "inputs"}, "a task");
    TaskConfig t;
    if (!node["task"]) r.fail(node, "a task needs 'task: <name>'");
    t.task = r.scalar(node["task"], "task");
    t.line = node["task"].Mark().line + 1;
    if (const YAML::Node params = node["params"]) {
      if (!params.IsMap()) r.fail(params, "params must be a mapping of parameter: value or [values]");
      r.unique_keys(params, "params");
      for (auto it = params.begin(); it != params.end(); ++it) {
        // Copies: yaml-cpp's iterator hands out a proxy whose pair dies with the expression, so
        // a range-for over `it->second` would walk a destroyed object (ASan found it).
        const std::string name = it->first.as<std::string>();
        const YAML::Node value = it->second;
        std::vector<std::string> values;
        if (value.IsSequence()) {
          if (value.size() == 0) r.fail(value, "parameter '" + name + "' has an empty list");
          for (const auto& v : value) values.push_back(r.scalar(v, "a parameter value"));
        } else {
          values.push_back(r.scalar(value, "a parameter value"));
        }
        t.grid.emplace_back(name, std::move(values));
      }
    }
    if (const YAML::Node selected = node["inputs"]) select_inputs(r, selected, c.inputs, t);
    c.tasks.push_back(std::move(t));
  }
  if (root["plot"]) c.plot = plot_block(r, root["plot"]);
  return c;
}

std::string to_yaml(const ExperimentConfig& c) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << c.name;
  out << YAML::Key << "output" << YAML::Value << c.output;
  out << YAML::Key << "repetitions" << YAML::Value << c.repetitions;
  out << YAML::Key << "warmup" << YAML::Value << c.warmup;
  out << YAML::Key << "inputs" << YAML::Value << YAML::BeginSeq;
  for (const auto& in : c.inputs) {
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << in.name;
    if (in.source.rfind("gen:", 0) == 0)
      out << YAML::Key << "generator" << YAML::Value << in.source.substr(4);
    else
      out << YAML::Key << "file" << YAML::Value << in.source;
    if (in.load.format) out << YAML::Key << "format" << YAML::Value << to_string(*in.load.format);
    out << YAML::Key << "compact_ids" << YAML::Value << in.load.build.compact_ids;
    out << YAML::Key << "directed" << YAML::Value << !in.load.build.symmetrize;
    out << YAML::Key << "one_based" << YAML::Value << in.load.one_based;
    if (!in.load.labels.empty()) out << YAML::Key << "labels" << YAML::Value << in.load.labels;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "tasks" << YAML::Value << YAML::BeginSeq;
  for (const auto& t : c.tasks) {
    out << YAML::BeginMap << YAML::Key << "task" << YAML::Value << t.task;
    if (!t.grid.empty()) {
      out << YAML::Key << "params" << YAML::Value << YAML::BeginMap;
      for (const auto& [name, values] : t.grid) {
        out << YAML::Key << name << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const auto& v : values) out << v;
        out << YAML::EndSeq;
      }
      out << YAML::EndMap;
    }
    if (!t.inputs.empty()) {
      out << YAML::Key << "inputs" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (const auto& name : t.inputs) out << name;
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  if (c.plot) out << YAML::Key << "plot" << YAML::Value << YAML::Load(*c.plot);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace tessera::io
