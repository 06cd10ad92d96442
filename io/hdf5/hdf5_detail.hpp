#pragma once
// Internals of the HDF5 readers and writers: RAII handles, error-stack handling and typed
// attribute / dataset helpers. Every HDF5 call's return is checked; failures throw UserError
// "<file>: <what we were doing>: <innermost HDF5 message>".
#include <hdf5.h>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "core/types.hpp"
#include "io/hdf5/hdf5_graph.hpp"

namespace tessera::io::detail {

// Owns one hid_t and closes it with the matching H5xclose.
class H5Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  H5Handle() = default;
  H5Handle(hid_t id, Closer closer) : id_(id), closer_(closer) {}
  ~H5Handle() { (void)close(); }
  H5Handle(H5Handle&& o) noexcept : id_(o.id_), closer_(o.closer_) { o.id_ = -1; }
  H5Handle& operator=(H5Handle&& o) noexcept {
    if (this != &o) {
      (void)close();
      id_ = o.id_;
      closer_ = o.closer_;
      o.id_ = -1;
    }
    return *this;
  }
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now; returns the close status (negative on failure), 0 when nothing was open.
  herr_t close() {
    herr_t status = 0;
    if (id_ >= 0 && closer_ != nullptr) status = closer_(id_);
    id_ = -1;
    return status;
  }

 private:
  hid_t id_ = -1;
  Closer closer_ = nullptr;
};

// Turns off HDF5's automatic printing of its error stack for the lifetime of the object (we
// report errors ourselves, with the innermost HDF5 message), restoring the previous handler.
class SilenceHdf5Errors {
 public:
  SilenceHdf5Errors() {
    if (H5Eget_auto2(H5E_DEFAULT, &old_func_, &old_data_) < 0) old_func_ = nullptr;
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  ~SilenceHdf5Errors() { H5Eset_auto2(H5E_DEFAULT, old_func_, old_data_); }
  SilenceHdf5Errors(const SilenceHdf5Errors&) = delete;
  SilenceHdf5Errors& operator=(const SilenceHdf5Errors&) = delete;

 private:
  H5E_auto2_t old_func_ = nullptr;
  void* old_data_ = nullptr;
};

// The innermost message on HDF5's current error stack (then clears the stack).
std::string hdf5_error_message();

// Error context: the file a reader or writer works on.
class H5File {
 public:
  explicit H5File(std::string path) : path_(std::move(path)) {}
  const std::string& path() const { return path_; }

  [[noreturn]] void fail(const std::string& what) const;        // "<path>: <what>"
  [[noreturn]] void fail_hdf5(const std::string& what) const;   // plus the HDF5 message
  hid_t check(hid_t id, const std::string& what) const {
    if (id < 0) fail_hdf5(what);
    return id;
  }
  void check_status(herr_t status, const std::string& what) const {
    if (status < 0) fail_hdf5(what);
  }

  // Opens `path` read-only; clear errors for a missing file or a file that is not HDF5.
  H5Handle open_read() const;
  // Creates (truncates) `physical_path` for writing; errors name path().
  H5Handle create(const std::string& physical_path) const;

  // Root-group attributes.
  void write_string_attr(hid_t loc, const char* name, const std::string& value) const;
  void write_int_attr(hid_t loc, const char* name, std::int64_t value) const;
  bool has_attr(hid_t loc, const char* name) const;
  std::string read_string_attr(hid_t loc, const char* name) const;
  std::int64_t read_int_attr(hid_t loc, const char* name) const;  // must exist and be an integer

  // Checks format and version attributes; `kind` is the expected format name.
  int check_format(hid_t file, const char* kind, int supported_version) const;

  bool has_dataset(hid_t file, const char* name) const;
  // Writes a 1-D dataset (chunked + deflate when non-empty; contiguous when empty).
  template <class T>
  void write_array(hid_t file, const char* name, const T* data, std::size_t n, const Hdf5WriteOptions& options) const;
  // Opens a 1-D dataset, checks its element class and that it has `expected` elements, and
  // reads elements [offset, offset + count) into `out`.
  template <class T>
  void read_array(hid_t file, const char* name, std::uint64_t expected, std::uint64_t offset, std::uint64_t count,
                  T* out) const;
  // A whole dataset of `count` elements, checked as above, in a new host View labelled
  // "tessera::io::hdf5::<name>".
  template <class T>
  Kokkos::View<T*, Kokkos::HostSpace> read_whole(hid_t file, const char* name, std::uint64_t count) const;

 private:
  std::string path_;
};

template <class T>
hid_t native_type() {
  if constexpr (std::is_same_v<T, std::int64_t>) return H5T_NATIVE_INT64;
  else if constexpr (std::is_same_v<T, std::int32_t>) return H5T_NATIVE_INT32;
  else if constexpr (std::is_same_v<T, double>) return H5T_NATIVE_DOUBLE;
  else static_assert(sizeof(T) == 0, "no HDF5 type for this element type");
}

template <class T>
hid_t file_type() {
  if constexpr (std::is_same_v<T, std::int64_t>) return H5T_STD_I64LE;
  else if constexpr (std::is_same_v<T, std::int32_t>) return H5T_STD_I32LE;
  else if constexpr (std::is_same_v<T, double>) return H5T_IEEE_F64LE;
  else static_assert(sizeof(T) == 0, "no HDF5 type for this element type");
}

void validate_options(const Hdf5WriteOptions& options);

// A host View of n elements, labelled, uninitialised.
template <class T>
Kokkos::View<T*, Kokkos::HostSpace> host_array(const char* label, std::size_t n) {
  return Kokkos::View<T*, Kokkos::HostSpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), n);
}

template <class T>
Kokkos::View<T*, Kokkos::HostSpace> H5File::read_whole(hid_t file, const char* name, std::uint64_t count) const {
  read_array<T>(file, name, count, 0, 0, nullptr);  // checks the dataset's extent before allocating for it
  auto out = host_array<T>((std::string("tessera::io::hdf5::") + name).c_str(), count);
  read_array(file, name, count, 0, count, out.data());
  return out;
}

}  // namespace tessera::io::detail
