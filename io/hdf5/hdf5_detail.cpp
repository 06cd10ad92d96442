#include "io/hdf5/hdf5_detail.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>
#include <vector>

namespace tessera::io::detail {
namespace {

herr_t collect_innermost(unsigned /*n*/, const H5E_error2_t* err, void* client) {
  auto* out = static_cast<std::string*>(client);
  // Walking downward visits the API call first and the innermost cause last; keep the last
  // message that says something.
  if (err != nullptr && err->desc != nullptr && err->desc[0] != '\0') *out = err->desc;
  return 0;
}

std::string class_name(H5T_class_t c) {
  switch (c) {
    case H5T_INTEGER: return "integer";
    case H5T_FLOAT: return "floating-point";
    case H5T_STRING: return "string";
    default: return "non-numeric";
  }
}

}  // namespace

std::string hdf5_error_message() {
  std::string message;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, collect_innermost, &message);
  H5Eclear2(H5E_DEFAULT);
  return message;
}

void H5File::fail(const std::string& what) const { throw UserError(path_ + ": " + what); }

void H5File::fail_hdf5(const std::string& what) const {
  const std::string detail = hdf5_error_message();
  fail(detail.empty() ? what : what + " (HDF5: " + detail + ")");
}

H5Handle H5File::open_read() const {
  std::error_code ec;
  if (!std::filesystem::exists(path_, ec)) fail("no such file");
  if (std::filesystem::is_directory(path_, ec)) fail("is a directory, not an HDF5 file");
  if (!is_hdf5_file(path_)) fail("not an HDF5 file (no HDF5 signature); expected a Tessera HDF5 file");
  return H5Handle(check(H5Fopen(path_.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "cannot open HDF5 file"), H5Fclose);
}

H5Handle H5File::create(const std::string& physical_path) const {
  return H5Handle(check(H5Fcreate(physical_path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT),
                        "cannot create HDF5 file"),
                  H5Fclose);
}

void H5File::write_string_attr(hid_t loc, const char* name, const std::string& value) const {
  const std::string what = std::string("cannot write attribute '") + name + "'";
  H5Handle type(check(H5Tcopy(H5T_C_S1), what), H5Tclose);
  check_status(H5Tset_size(type.get(), std::max<std::size_t>(value.size(), 1)), what);
  check_status(H5Tset_strpad(type.get(), H5T_STR_NULLPAD), what);
  H5Handle space(check(H5Screate(H5S_SCALAR), what), H5Sclose);
  H5Handle attr(check(H5Acreate2(loc, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), what), H5Aclose);
  std::vector<char> buffer(std::max<std::size_t>(value.size(), 1), '\0');
  std::copy(value.begin(), value.end(), buffer.begin());
  check_status(H5Awrite(attr.get(), type.get(), buffer.data()), what);
  check_status(attr.close(), what);
}

void H5File::write_int_attr(hid_t loc, const char* name, std::int64_t value) const {
  const std::string what = std::string("cannot write attribute '") + name + "'";
  H5Handle space(check(H5Screate(H5S_SCALAR), what), H5Sclose);
  H5Handle attr(check(H5Acreate2(loc, name, H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), what),
                H5Aclose);
  check_status(H5Awrite(attr.get(), H5T_NATIVE_INT64, &value), what);
  check_status(attr.close(), what);
}

bool H5File::has_attr(hid_t loc, const char* name) const {
  const htri_t exists = H5Aexists(loc, name);
  if (exists < 0) fail_hdf5(std::string("cannot look up attribute '") + name + "'");
  return exists > 0;
}

std::string H5File::read_string_attr(hid_t loc, const char* name) const {
  const std::string what = std::string("cannot read attribute '") + name + "'";
  H5Handle attr(check(H5Aopen(loc, name, H5P_DEFAULT), what), H5Aclose);
  H5Handle type(check(H5Aget_type(attr.get()), what), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_STRING) fail(std::string("attribute '") + name + "' is not a string");
  H5Handle space(check(H5Aget_space(attr.get()), what), H5Sclose);
  if (H5Sget_simple_extent_npoints(space.get()) != 1) fail(std::string("attribute '") + name + "' is not a scalar");
  const htri_t variable = H5Tis_variable_str(type.get());
  if (variable < 0) fail_hdf5(what);
  H5Handle mem(check(H5Tcopy(H5T_C_S1), what), H5Tclose);
  if (variable > 0) {
    check_status(H5Tset_size(mem.get(), H5T_VARIABLE), what);
    char* text = nullptr;
    check_status(H5Aread(attr.get(), mem.get(), &text), what);
    std::string out = text != nullptr ? text : "";
    if (text != nullptr) H5free_memory(text);
    return out;
  }
  const std::size_t size = H5Tget_size(type.get());
  if (size == 0) fail_hdf5(what);
  // NULLPAD in memory: all `size` characters arrive, the extra byte terminates.
  check_status(H5Tset_size(mem.get(), size), what);
  check_status(H5Tset_strpad(mem.get(), H5T_STR_NULLPAD), what);
  std::vector<char> buffer(size + 1, '\0');
  check_status(H5Aread(attr.get(), mem.get(), buffer.data()), what);
  return std::string(buffer.data(), strnlen(buffer.data(), size));
}

std::int64_t H5File::read_int_attr(hid_t loc, const char* name) const {
  if (!has_attr(loc, name)) fail(std::string("missing attribute '") + name + "' on the root group");
  const std::string what = std::string("cannot read attribute '") + name + "'";
  H5Handle attr(check(H5Aopen(loc, name, H5P_DEFAULT), what), H5Aclose);
  H5Handle type(check(H5Aget_type(attr.get()), what), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_INTEGER) fail(std::string("attribute '") + name + "' is not an integer");
  H5Handle space(check(H5Aget_space(attr.get()), what), H5Sclose);
  if (H5Sget_simple_extent_npoints(space.get()) != 1) fail(std::string("attribute '") + name + "' is not a scalar");
  std::int64_t value = 0;
  check_status(H5Aread(attr.get(), H5T_NATIVE_INT64, &value), what);
  return value;
}

int H5File::check_format(hid_t file, const char* kind, int supported_version) const {
  if (!has_attr(file, "format"))
    fail(std::string("not a Tessera file: the root group has no 'format' attribute (expected '") + kind + "')");
  const std::string format = read_string_attr(file, "format");
  if (format != kind) fail("file format is '" + format + "', expected '" + kind + "'");
  if (!has_attr(file, "version")) fail("missing attribute 'version' on the root group");
  const std::int64_t version = read_int_attr(file, "version");
  if (version != supported_version)
    fail("unsupported " + std::string(kind) + " version " + std::to_string(version) + " (this build reads version " +
         std::to_string(supported_version) + ")");
  return static_cast<int>(version);
}

bool H5File::has_dataset(hid_t file, const char* name) const {
  const htri_t exists = H5Lexists(file, name, H5P_DEFAULT);
  if (exists < 0) fail_hdf5(std::string("cannot look up dataset '") + name + "'");
  return exists > 0;
}

template <class T>
void H5File::write_array(hid_t file, const char* name, const T* data, std::size_t n,
                         const Hdf5WriteOptions& options) const {
  const std::string what = std::string("cannot write dataset '") + name + "'";
  const hsize_t dims[1] = {static_cast<hsize_t>(n)};
  H5Handle space(check(H5Screate_simple(1, dims, nullptr), what), H5Sclose);
  H5Handle dcpl(check(H5Pcreate(H5P_DATASET_CREATE), what), H5Pclose);
  if (n > 0) {
    // HDF5 chunks are limited to 4 GiB; a chunk larger than the dataset wastes space.
    const std::size_t max_chunk = (std::size_t{1} << 31) / sizeof(T);
    const hsize_t chunk[1] = {static_cast<hsize_t>(std::min({n, options.chunk_elements, max_chunk}))};
    check_status(H5Pset_chunk(dcpl.get(), 1, chunk), what);
    if (options.compression_level > 0) {
      check_status(H5Pset_shuffle(dcpl.get()), what);
      check_status(H5Pset_deflate(dcpl.get(), static_cast<unsigned>(options.compression_level)), what);
    }
  }
  // Zero-size datasets stay contiguous: a chunked dataset needs chunk dims <= fixed max dims.
  H5Handle dset(check(H5Dcreate2(file, name, file_type<T>(), space.get(), H5P_DEFAULT, dcpl.get(), H5P_DEFAULT),
                      what),
                H5Dclose);
  if (n > 0) check_status(H5Dwrite(dset.get(), native_type<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data), what);
  check_status(dset.close(), what);
}

template <class T>
void H5File::read_array(hid_t file, const char* name, std::uint64_t expected, std::uint64_t offset,
                        std::uint64_t count, T* out) const {
  if (!has_dataset(file, name)) fail(std::string("missing dataset '") + name + "'");
  const std::string what = std::string("cannot read dataset '") + name + "'";
  H5Handle dset(check(H5Dopen2(file, name, H5P_DEFAULT), what), H5Dclose);
  H5Handle type(check(H5Dget_type(dset.get()), what), H5Tclose);
  const H5T_class_t want = std::is_floating_point_v<T> ? H5T_FLOAT : H5T_INTEGER;
  const H5T_class_t have = H5Tget_class(type.get());
  if (have != want)
    fail(std::string("dataset '") + name + "' holds " + class_name(have) + " values, expected " + class_name(want));
  if (H5Tget_size(type.get()) > sizeof(T))
    fail(std::string("dataset '") + name + "' has " + std::to_string(H5Tget_size(type.get())) +
         "-byte elements, expected at most " + std::to_string(sizeof(T)));
  H5Handle space(check(H5Dget_space(dset.get()), what), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) fail_hdf5(what);
  if (rank != 1) fail(std::string("dataset '") + name + "' has rank " + std::to_string(rank) + ", expected 1");
  hsize_t dims[1] = {0};
  check_status(H5Sget_simple_extent_dims(space.get(), dims, nullptr), what);
  if (dims[0] != expected)
    fail(std::string("dataset '") + name + "' has " + std::to_string(dims[0]) + " elements, but the attributes say " +
         std::to_string(expected) + " (truncated or inconsistent file)");
  TESSERA_REQUIRE(offset + count <= expected, "hyperslab outside dataset " << name);
  if (count == 0) return;
  const hsize_t start[1] = {offset};
  const hsize_t extent[1] = {count};
  check_status(H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, start, nullptr, extent, nullptr), what);
  H5Handle mem(check(H5Screate_simple(1, extent, nullptr), what), H5Sclose);
  check_status(H5Dread(dset.get(), native_type<T>(), mem.get(), space.get(), H5P_DEFAULT, out), what);
}

#define TESSERA_H5_INST(T)                                                                               \
  template void H5File::write_array<T>(hid_t, const char*, const T*, std::size_t, const Hdf5WriteOptions&) \
      const;                                                                                             \
  template void H5File::read_array<T>(hid_t, const char*, std::uint64_t, std::uint64_t, std::uint64_t, T*) const;
TESSERA_H5_INST(std::int32_t)
TESSERA_H5_INST(std::int64_t)
TESSERA_H5_INST(double)
#undef TESSERA_H5_INST

void validate_options(const Hdf5WriteOptions& options) {
  TESSERA_USER_REQUIRE(options.compression_level >= 0 && options.compression_level <= 9,
                       "HDF5 compression_level must be in 0..9, got " << options.compression_level);
  TESSERA_USER_REQUIRE(options.chunk_elements >= 1, "HDF5 chunk_elements must be at least 1");
  if (options.compression_level > 0) {
    const htri_t avail = H5Zfilter_avail(H5Z_FILTER_DEFLATE);
    TESSERA_USER_REQUIRE(avail > 0, "this HDF5 library has no deflate filter; use compression_level = 0");
  }
}

}  // namespace tessera::io::detail

namespace tessera::io {

bool is_hdf5_file(const std::string& path) {
  static const unsigned char signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  bool found = false;
  // The superblock sits at 0, 512, 1024, 2048, ... (after a user block of that size).
  for (long offset = 0; !found; offset = offset == 0 ? 512 : offset * 2) {
    if (std::fseek(f, offset, SEEK_SET) != 0) break;
    unsigned char buffer[8];
    if (std::fread(buffer, 1, 8, f) != 8) break;
    found = std::memcmp(buffer, signature, 8) == 0;
    if (offset > (1L << 40)) break;
  }
  std::fclose(f);
  return found;
}

}  // namespace tessera::io
