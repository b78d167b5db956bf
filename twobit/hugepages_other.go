//go:build !linux

package twobit

func adviseHugePages([]uint64) {}
