#include "apps/runner/results_writer.hpp"

#include <algorithm>
#include <filesystem>

#include "io/atomic_file.hpp"

namespace tessera::runner {

ResultsWriter::ResultsWriter(std::string folder) : folder_(std::move(folder)) {
  std::filesystem::create_directories(folder_);
}

void ResultsWriter::add(Json record) {
  records_.push_back(std::move(record));
  flush();
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void ResultsWriter::flush() const {
  // Columns: the union of every record's keys, in order of first appearance.
  std::vector<std::string> columns;
  for (const auto& r : records_)
    for (const auto& kv : r.items())
      if (std::find(columns.begin(), columns.end(), kv.first) == columns.end()) columns.push_back(kv.first);
  std::string csv, jsonl;
  for (std::size_t i = 0; i < columns.size(); ++i) csv += (i ? "," : "") + csv_cell(columns[i]);
  csv += "\n";
  for (const auto& r : records_) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (i) csv += ",";
      if (r.contains(columns[i])) csv += csv_cell(r.at(columns[i]).to_plain());
    }
    csv += "\n";
    jsonl += r.dump() + "\n";
  }
  io::write_file_atomically(folder_ + "/results.csv", csv);
  io::write_file_atomically(folder_ + "/results.jsonl", jsonl);
}

}  // namespace tessera::runner
