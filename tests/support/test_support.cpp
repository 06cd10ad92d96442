#include "tests/support/test_support.hpp"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <stdexcept>

#ifndef TESSERA_DEFAULT_DATA_DIR
#define TESSERA_DEFAULT_DATA_DIR ""
#endif

namespace tessera::test {

std::string data_dir() {
  if (const char* env = std::getenv("TESSERA_DATA_DIR"); env && *env) return env;
  return TESSERA_DEFAULT_DATA_DIR;
}

bool data_available() {
  return std::filesystem::exists(std::filesystem::path(data_dir()) / "graphs" / "ground_truth.csv");
}

bool skip_for_missing_data(std::vector<char*>& args) {
  bool requires_data = false;
  std::vector<char*> kept;
  for (char* a : args) {
    if (std::string(a) == "--requires-data")
      requires_data = true;
    else
      kept.push_back(a);
  }
  args = kept;
  if (!requires_data || data_available()) return false;
  std::cout << "SKIPPED: shared data not found at '" << data_dir() << "' (set TESSERA_DATA_DIR)\n";
  return true;
}

std::string data_path(const std::string& relative) {
  return (std::filesystem::path(data_dir()) / relative).string();
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() /
          ("tessera-test-" + std::to_string(rd()) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::string TempDir::write(const std::string& name, const std::string& content) const {
  auto p = path_ / name;
  std::ofstream out(p, std::ios::binary);
  out << content;
  return p.string();
}

const std::string& GroundTruthRow::at(const std::string& column) const {
  auto it = fields.find(column);
  if (it == fields.end()) throw std::runtime_error("ground_truth.csv has no column " + column);
  return it->second;
}

long long GroundTruthRow::integer(const std::string& column) const { return std::stoll(at(column)); }

namespace {
std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(field);
      field.clear();
    } else if (c != '\r') {
      field += c;
    }
  }
  out.push_back(field);
  return out;
}
}  // namespace

std::vector<GroundTruthRow> read_ground_truth() {
  std::ifstream in(data_path("graphs/ground_truth.csv"));
  if (!in) throw std::runtime_error("cannot open " + data_path("graphs/ground_truth.csv"));
  std::string line;
  std::getline(in, line);
  auto header = split_csv_line(line);
  std::vector<GroundTruthRow> rows;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto cells = split_csv_line(line);
    GroundTruthRow row;
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row.fields[header[i]] = cells[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace tessera::test
