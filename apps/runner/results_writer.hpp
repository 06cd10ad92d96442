#pragma once
// Accumulates result records and keeps results.csv and results.jsonl in a folder up to date:
// both files are rewritten atomically after every record, so an interrupted run leaves every
// completed record readable and never a half-written file.
#include <string>
#include <vector>

#include "core/util/json.hpp"

namespace tessera::runner {

class ResultsWriter {
 public:
  explicit ResultsWriter(std::string folder);
  void add(Json record);  // a flat JSON object
  std::size_t size() const { return records_.size(); }
  const std::string& folder() const { return folder_; }

 private:
  void flush() const;
  std::string folder_;
  std::vector<Json> records_;
};

// A CSV cell, quoted when it holds a separator, quote or newline.
std::string csv_cell(const std::string& s);

}  // namespace tessera::runner
