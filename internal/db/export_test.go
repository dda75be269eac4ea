package db

// Queued is how many works wait in g's queue (tests).
func Queued(g *Group) int { return len(g.queue) }

// CheckpointEvery is the checkpointer's period (tests).
const CheckpointEvery = checkpointEvery
