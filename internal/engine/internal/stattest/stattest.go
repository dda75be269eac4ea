// Package stattest holds the statistics the engine tests share: chi-square
// critical values and confidence bounds for simulated means. Floats are
// fine here; they never touch money.
package stattest

import "math"

// NormalQuantile returns z with P(Z <= z) = p for a standard normal Z.
func NormalQuantile(p float64) float64 {
	return math.Sqrt2 * math.Erfinv(2*p-1)
}

// WilsonHilferty approximates the p-quantile of chi-square with dof degrees
// of freedom: (X/k)^(1/3) is nearly normal with mean 1-2/(9k) and variance
// 2/(9k). Accurate to a fraction of a percent for k >= 3, slightly
// conservative (too large) for k = 1, 2.
func WilsonHilferty(dof int, p float64) float64 {
	k := float64(dof)
	v := 2 / (9 * k)
	c := 1 - v + NormalQuantile(p)*math.Sqrt(v)
	return k * c * c * c
}

// ChiSquareCDF returns P(X <= x) for chi-square with dof degrees of freedom,
// the regularised lower incomplete gamma P(dof/2, x/2).
func ChiSquareCDF(dof int, x float64) float64 {
	if x <= 0 {
		return 0
	}
	return gammaP(float64(dof)/2, x/2)
}

// ChiSquareQuantile returns the p-quantile of chi-square with dof degrees of
// freedom, by bisection on the exact CDF (so small dof are right too).
func ChiSquareQuantile(dof int, p float64) float64 {
	lo, hi := 0.0, WilsonHilferty(dof, p)*2+20
	for ChiSquareCDF(dof, hi) < p {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if ChiSquareCDF(dof, mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// gammaP is the regularised lower incomplete gamma function: a power series
// below a+1 where it converges fast, else the complement from a Lentz
// continued fraction (Numerical Recipes, 6.2).
func gammaP(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	pre := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 100000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-16 {
				break
			}
		}
		return sum * pre
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 100000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return 1 - pre*h
}

// ChiSquare returns sum (obs-exp)^2/exp over cells.
func ChiSquare(obs []uint64, exp []float64) float64 {
	var s float64
	for i, o := range obs {
		d := float64(o) - exp[i]
		s += d * d / exp[i]
	}
	return s
}

// Z99 is the two-sided 99% normal quantile used for simulation bounds.
const Z99 = 2.5758293035489004

// Mean accumulates a sample mean and variance (Welford), numerically stable
// over the 10^6..10^8 samples of a simulation.
type Mean struct {
	N    int64
	mean float64
	m2   float64
}

// Add records one observation.
func (m *Mean) Add(x float64) {
	m.N++
	d := x - m.mean
	m.mean += d / float64(m.N)
	m.m2 += d * (x - m.mean)
}

// Mean is the sample mean.
func (m *Mean) Mean() float64 { return m.mean }

// Var is the unbiased sample variance.
func (m *Mean) Var() float64 {
	if m.N < 2 {
		return 0
	}
	return m.m2 / float64(m.N-1)
}

// Bound99 is the half-width of the 99% confidence interval of the mean.
func (m *Mean) Bound99() float64 {
	if m.N == 0 {
		return math.Inf(1)
	}
	return Z99 * math.Sqrt(m.Var()/float64(m.N))
}
