#pragma once
// Helpers shared by the tests: where the shared data lives, scratch files, ground truth.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace tessera::test {

// TESSERA_DATA_DIR from the environment, else the folder configured at build time.
std::string data_dir();
bool data_available();
// For test mains: removes `--requires-data` from the arguments and returns true when it was
// given and the data folder is absent (the caller then exits with 77, ctest's "skipped").
bool skip_for_missing_data(std::vector<char*>& args);
// Absolute path of a file under the data folder.
std::string data_path(const std::string& relative);

// A fresh directory under the system temp folder, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path path() const { return path_; }
  // Writes `content` to a file in the directory and returns its path.
  std::string write(const std::string& name, const std::string& content) const;
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// One row of graphs/ground_truth.csv: column name -> value (strings as in the file).
struct GroundTruthRow {
  std::map<std::string, std::string> fields;
  const std::string& at(const std::string& column) const;
  long long integer(const std::string& column) const;
};
// Every row of graphs/ground_truth.csv (the CSV has quoted fields with commas).
std::vector<GroundTruthRow> read_ground_truth();

}  // namespace tessera::test
