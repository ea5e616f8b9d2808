#pragma once
// A value or an error message: the rules library reports bad input this way instead of throwing.
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace mancala {

struct Error {
  std::string message;
};

// Untrusted text inside an error message: cut short, control bytes shown as '?' (the message
// may end up on a terminal, in a protocol line or in a results file).
inline std::string quoted(std::string_view s) {
  constexpr std::size_t kShown = 40;
  std::string out = "'";
  for (char c : s.substr(0, kShown)) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  return out + (s.size() > kShown ? "...'" : "'");
}

template <class T>
class Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}
  Expected(Error error) : data_(std::move(error)) {}

  explicit operator bool() const { return data_.index() == 0; }
  bool ok() const { return data_.index() == 0; }
  const T& value() const& { return std::get<0>(data_); }
  T& value() & { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(data_).message; }

 private:
  std::variant<T, Error> data_;
};

}  // namespace mancala
