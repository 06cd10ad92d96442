#include "core/kokkos_ext/ipc_memory.hpp"

#include <Kokkos_Core.hpp>

#include <cstring>
#include <utility>

#include "core/error.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime.h>
#endif

namespace tessera::kokkos_ext {

namespace {

#if defined(KOKKOS_ENABLE_CUDA)
constexpr bool k_have_ipc = true;
static_assert(sizeof(cudaIpcMemHandle_t) <= sizeof(IpcHandle::bytes), "cudaIpcMemHandle_t does not fit");

void check_cuda(cudaError_t rc, const char* what) {
  TESSERA_USER_REQUIRE(rc == cudaSuccess, what << " failed: " << cudaGetErrorString(rc));
}
void* allocate(std::size_t bytes) {
  void* p = nullptr;
  check_cuda(cudaMalloc(&p, bytes), "cudaMalloc of an IPC-shared buffer");
  return p;
}
void release(void* p) noexcept { cudaFree(p); }
IpcHandle export_handle(void* p, std::size_t size) {
  cudaIpcMemHandle_t h;
  check_cuda(cudaIpcGetMemHandle(&h, p), "cudaIpcGetMemHandle");
  IpcHandle out;
  std::memcpy(out.bytes.data(), &h, sizeof h);
  out.size = size;
  return out;
}
void* open_handle(const IpcHandle& handle) {
  cudaIpcMemHandle_t h;
  std::memcpy(&h, handle.bytes.data(), sizeof h);
  void* p = nullptr;
  check_cuda(cudaIpcOpenMemHandle(&p, h, cudaIpcMemLazyEnablePeerAccess), "cudaIpcOpenMemHandle");
  return p;
}
void close_handle(void* p) noexcept { cudaIpcCloseMemHandle(p); }
#else
constexpr bool k_have_ipc = false;
[[noreturn]] void unsupported() {
  throw UserError(std::string("zero-copy IPC needs the CUDA backend; this build's default execution space is ") +
                  Kokkos::DefaultExecutionSpace::name());
}
void* allocate(std::size_t) { unsupported(); }
void release(void*) noexcept {}
IpcHandle export_handle(void*, std::size_t) { unsupported(); }
void* open_handle(const IpcHandle&) { unsupported(); }
void close_handle(void*) noexcept {}
#endif

}  // namespace

bool ipc_supported() { return k_have_ipc; }

// A zero-byte buffer still allocates one byte, so every rank has a handle to exchange.
SharedDeviceBuffer::SharedDeviceBuffer(std::size_t bytes) : data_(allocate(bytes > 0 ? bytes : 1)), size_(bytes) {}
SharedDeviceBuffer::~SharedDeviceBuffer() {
  if (data_) release(data_);
}
SharedDeviceBuffer::SharedDeviceBuffer(SharedDeviceBuffer&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
SharedDeviceBuffer& SharedDeviceBuffer::operator=(SharedDeviceBuffer&& o) noexcept {
  if (this != &o) {
    if (data_) release(data_);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
  }
  return *this;
}
IpcHandle SharedDeviceBuffer::handle() const {
  TESSERA_REQUIRE(data_ != nullptr, "handle of an empty SharedDeviceBuffer");
  return export_handle(data_, size_);
}

MappedDeviceBuffer::MappedDeviceBuffer(const IpcHandle& handle) : data_(open_handle(handle)), size_(handle.size) {}
MappedDeviceBuffer::~MappedDeviceBuffer() {
  if (data_) close_handle(data_);
}
MappedDeviceBuffer::MappedDeviceBuffer(MappedDeviceBuffer&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
MappedDeviceBuffer& MappedDeviceBuffer::operator=(MappedDeviceBuffer&& o) noexcept {
  if (this != &o) {
    if (data_) close_handle(data_);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
  }
  return *this;
}

}  // namespace tessera::kokkos_ext
