#include "check/compliance.h"

#include "check/checker.h"

namespace arena::check {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Pass: return "PASS";
    case Verdict::Fail: return "FAIL";
    case Verdict::Skip: return "SKIP";
  }
  return "?";
}

std::string format_item(const Item& item) {
  std::string line = std::string("[") + verdict_name(item.verdict) + "] " + item.name + ": ";
  if (item.verdict == Verdict::Pass) return line + item.got;
  if (item.verdict == Verdict::Skip) return line + item.got;
  return line + "expected " + item.expected + "; got " + item.got;
}

std::vector<Item> run_check(const CheckOptions& options, process::ChildRegistry& registry,
                            const std::function<void(const Item&)>& report) {
  return Checker(options, registry, report).run();
}

}  // namespace arena::check
