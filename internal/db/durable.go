package db

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
)

// fence tells when what the group committer committed is on disk.
//
// The group committer's writer commits a batch without a sync
// (synchronous=NORMAL on its own connection) and goes on with the next
// batch while the batch's callers wait for a sync of the WAL: the sync of
// one batch overlaps the work of the next, where a synchronous=FULL commit
// stopped the only writer for the whole sync (7 to 10 ms, a fifth of a
// batch's time under real-money play). Other connections see such a batch
// as soon as it committed, before it is durable, so a statement outside a
// transaction that might have read it waits for its sync before it answers
// (see cachingConn): a retried request must not be told "already done" of
// work a power cut could still undo. Every other SQLite transaction
// commits with synchronous=FULL, a sync that covers the WAL before it too,
// and only its after-commit effects wait (txOn).
//
// Whoever waits for a batch that no sync has covered yet syncs the WAL
// itself, one sync at a time (a sync covers every batch committed before it
// began): nobody waits on a goroutine that might be waiting on them, so an
// after-commit effect that reads cannot deadlock its own batch.
type fence struct {
	// counted moves before a batch's COMMIT, so that no reader sees a
	// batch it does not count; done moves once that COMMIT returned.
	counted, done atomic.Uint64
	// durable is the last batch known to be on disk.
	durable atomic.Uint64
	// sync writes the WAL to disk (syncFile on the WAL; tests replace it).
	sync func() error

	// syncing lets one sync run at a time.
	syncing sync.Mutex
	mu      sync.Mutex
	// moved is closed and replaced whenever done or durable moves or err
	// is set.
	moved chan struct{}
	// err is sticky: after a failed sync nobody knows what the disk holds
	// (the kernel may have dropped the pages it could not write), so every
	// later batch and wait fails too, as PostgreSQL stops on a failed
	// fsync, and the operator restarts from what the disk has.
	err error
}

func newFence(wal string) *fence {
	return &fence{moved: make(chan struct{}), sync: func() error { return syncFile(wal) }}
}

// begin counts a batch about to commit and answers its number.
func (f *fence) begin() uint64 { return f.counted.Add(1) }

// end records that batch seq's COMMIT returned, whether or not it
// committed.
func (f *fence) end(seq uint64) {
	f.done.Store(seq)
	f.broadcast()
}

func (f *fence) broadcast() {
	f.mu.Lock()
	close(f.moved)
	f.moved = make(chan struct{})
	f.mu.Unlock()
}

// failed is the sticky sync failure, or nil.
func (f *fence) failed() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// wait returns once every batch counted so far is on disk. A nil fence
// (PostgreSQL) never waits.
func (f *fence) wait() error {
	if f == nil {
		return nil
	}
	return f.waitFor(f.counted.Load())
}

// waitFor returns once batch seq and those before it are on disk, syncing
// the WAL when no sync in flight covers it.
func (f *fence) waitFor(seq uint64) error {
	for f.durable.Load() < seq {
		f.mu.Lock()
		err, moved := f.err, f.moved
		f.mu.Unlock()
		if err != nil {
			return err
		}
		if f.done.Load() < seq {
			// Its COMMIT is under way: a sync now might miss it.
			<-moved
			continue
		}
		f.syncing.Lock()
		if f.durable.Load() < seq && f.failed() == nil {
			upto := f.done.Load()
			if err := f.sync(); err != nil {
				f.mu.Lock()
				f.err = fmt.Errorf("%w: %w", ErrNotDurable, err)
				f.mu.Unlock()
				f.broadcast()
			} else {
				f.durable.Store(upto)
				f.broadcast()
			}
		}
		f.syncing.Unlock()
	}
	return nil
}

// ErrNotDurable is a sync of the database's WAL that failed: the work may
// be visible but is not known to be on disk.
var ErrNotDurable = errors.New("database sync failed")

// syncFile syncs the file at path (the WAL): fsync through any descriptor
// writes the file's pages, so it need not be SQLite's own. The file is
// opened each time so that a WAL SQLite recreated is the one synced.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open wal: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("sync wal: %w", err)
	}
	return f.Close()
}
