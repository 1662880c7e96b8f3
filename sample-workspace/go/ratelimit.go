// Package ratelimit implements a token-bucket rate limiter.
package ratelimit

import (
	"sync"
	"time"
)

// Bucket allows up to Burst events at once and refills at Rate tokens per second.
type Bucket struct {
	mu     sync.Mutex
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
}

// New returns a full bucket.
func New(rate float64, burst int) *Bucket {
	b := &Bucket{rate: rate, burst: float64(burst), tokens: float64(burst), now: time.Now}
	b.last = b.now()
	return b
}

// Allow reports whether one event may happen now, consuming a token if so.
func (b *Bucket) Allow() bool {
	return b.AllowN(1)
}

// AllowN reports whether n events may happen now.
func (b *Bucket) AllowN(n int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill()
	if b.tokens < float64(n) {
		return false
	}
	b.tokens -= float64(n)
	return true
}

// Wait returns how long until n tokens are available (zero if they are now).
func (b *Bucket) Wait(n int) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill()
	missing := float64(n) - b.tokens
	if missing <= 0 {
		return 0
	}
	return time.Duration(missing / b.rate * float64(time.Second))
}

func (b *Bucket) refill() {
	now := b.now()
	elapsed := now.Sub(b.last).Seconds()
	b.last = now
	b.tokens += elapsed * b.rate
	if b.tokens > b.burst {
		b.tokens = b.burst
	}
}
