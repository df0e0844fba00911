package lattice

func (l *Lattice) boundedPath(gold []Gold) []Edit {
	panic("bounded search: not yet")
}
