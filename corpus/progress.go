package corpus

// Progress is what a run says while it works: how far it is, and its warnings. A command shows
// them on its terminal (see maxmatch's progress line); nil is silent.
type Progress interface {
	// Update says that done of total steps of what are done (total 0: unknown).
	Update(what string, done, total int)
	// Doing says what is being done, without a count.
	Doing(task string)
	// Reading says how much of a file has been read (size -1: unknown).
	Reading(name string, done, size int64)
	// Warn gives a warning, one line without its end.
	Warn(format string, args ...any)
}

// silent is the Progress of nil.
type silent struct{}

func (silent) Update(string, int, int)      {}
func (silent) Doing(string)                 {}
func (silent) Reading(string, int64, int64) {}
func (silent) Warn(string, ...any)          {}

func progressOf(p Progress) Progress {
	if p == nil {
		return silent{}
	}
	return p
}
