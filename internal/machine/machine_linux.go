package machine

import "syscall"

// physicalMemory is the machine's RAM as the kernel counts it.
func physicalMemory() (int64, bool) {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0, false
	}
	return int64(si.Totalram) * int64(si.Unit), true
}

// diskFree is the blocks available to an unprivileged user on dir's disk.
func diskFree(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}
