#include "process/child_registry.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace arena::process {

namespace {
void kill_group(pid_t pid) {
  // The child made itself the leader of its own group (pgid == pid) before exec; if it had not
  // yet done so, the plain kill still reaches it.
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
}
}  // namespace


bool ChildRegistry::add(pid_t pid) {
  std::lock_guard lock(mutex_);
  children_.insert(pid);
  if (interrupted_.load(std::memory_order_acquire)) {
    kill_group(pid);
    return false;
  }
  return true;
}

void ChildRegistry::kill_and_remove(pid_t pid) {
  std::lock_guard lock(mutex_);
  if (children_.erase(pid)) {
    kill_group(pid);
    reaping_.insert(pid);
  }
}

void ChildRegistry::reaped(pid_t pid) {
  std::lock_guard lock(mutex_);
  reaping_.erase(pid);
}

void ChildRegistry::remove(pid_t pid) {
  std::lock_guard lock(mutex_);
  children_.erase(pid);
}

void ChildRegistry::interrupt() {
  std::lock_guard lock(mutex_);
  interrupted_.store(true, std::memory_order_release);
  for (pid_t pid : children_) kill_group(pid);
}

namespace {

// The children of this process, from /proc/<pid>/stat ("pid (comm) state ppid ..."; comm may
// hold spaces and parentheses, so the fields are read after the last ')').
std::vector<pid_t> children_of_self() {
  std::vector<pid_t> out;
  const pid_t self = ::getpid();
  DIR* proc = ::opendir("/proc");
  if (!proc) return out;
  while (const dirent* e = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (pid <= 0 || *end != '\0') continue;
    char path[64], buf[512];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) continue;
    buf[n] = '\0';
    const char* close = std::strrchr(buf, ')');
    char state = 0;
    long ppid = 0;
    if (close && std::sscanf(close + 1, " %c %ld", &state, &ppid) == 2 && ppid == self) out.push_back(static_cast<pid_t>(pid));
  }
  ::closedir(proc);
  return out;
}

}  // namespace

int ChildRegistry::reap_strays() {
  // Only a subreaper inherits its engines' helpers; any other process's children (a test's, say)
  // are none of this registry's business.
  int subreaper = 0;
  if (::prctl(PR_GET_CHILD_SUBREAPER, &subreaper) != 0 || !subreaper) return 0;
  std::lock_guard spawn(spawn_mutex_);
  std::vector<pid_t> strays;
  {
    std::lock_guard lock(mutex_);
    for (pid_t pid : children_of_self())
      if (!children_.count(pid) && !reaping_.count(pid)) strays.push_back(pid);
  }
  for (pid_t pid : strays) {
    if (::getpgid(pid) == pid) ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  return static_cast<int>(strays.size());
}

std::size_t ChildRegistry::size() const {
  std::lock_guard lock(mutex_);
  return children_.size();
}

}  // namespace arena::process
