package db

// Queued is how many works wait in g's queue (tests).
func Queued(g *Group) int { return len(g.queue) }

// CheckpointEvery is the checkpointer's period (tests).
const CheckpointEvery = checkpointEvery

// SetSync replaces how d's group committer syncs the WAL (tests); call it
// before NewGroup.
func SetSync(d *DB, sync func() error) { d.fence.sync = sync }

// Committed is how many batches d's group committer has committed.
func Committed(d *DB) uint64 { return d.fence.done.Load() }
