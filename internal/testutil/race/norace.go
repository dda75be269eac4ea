//go:build !race

// Package race tells a test whether the race detector is built in.
package race

// Enabled is true in a binary built with -race.
const Enabled = false
