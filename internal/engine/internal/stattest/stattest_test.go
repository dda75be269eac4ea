package stattest

import (
	"math"
	"testing"
)

// Table values of the 99.9% chi-square quantile (NIST/SEMATECH handbook).
func TestChiSquareQuantileMatchesTables(t *testing.T) {
	for _, c := range []struct {
		dof  int
		want float64
	}{{1, 10.828}, {2, 13.816}, {5, 20.515}, {9, 27.877}, {10, 29.588}, {36, 67.985}, {80, 124.839}, {100, 149.449}} {
		got := ChiSquareQuantile(c.dof, 0.999)
		if math.Abs(got-c.want) > 0.002 {
			t.Errorf("dof %d: quantile %.4f, table %.3f", c.dof, got, c.want)
		}
		if wh := WilsonHilferty(c.dof, 0.999); math.Abs(wh-c.want)/c.want > 0.04 {
			t.Errorf("dof %d: Wilson-Hilferty %.4f far from table %.3f", c.dof, wh, c.want)
		}
	}
}

func TestNormalQuantile(t *testing.T) {
	if z := NormalQuantile(0.995); math.Abs(z-Z99) > 1e-12 {
		t.Fatalf("z(0.995) = %v", z)
	}
	if z := NormalQuantile(0.999); math.Abs(z-3.090232306167813) > 1e-12 {
		t.Fatalf("z(0.999) = %v", z)
	}
}

func TestMean(t *testing.T) {
	var m Mean
	for _, x := range []float64{2, 4, 4, 4, 5, 5, 7, 9} {
		m.Add(x)
	}
	if m.Mean() != 5 || math.Abs(m.Var()-32.0/7) > 1e-12 {
		t.Fatalf("mean %v var %v", m.Mean(), m.Var())
	}
}
