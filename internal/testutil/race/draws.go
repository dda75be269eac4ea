package race

// Draws is n, or a quarter of it under the race detector. A Monte Carlo
// check of an exact figure runs on one goroutine, where the detector finds
// nothing and makes every draw about ten times dearer; its bound comes from
// the sample, so fewer draws widen the bound (twice as wide) and keep it a
// 99% bound.
func Draws(n int) int {
	if Enabled {
		return n / 4
	}
	return n
}
