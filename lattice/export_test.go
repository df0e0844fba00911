package lattice

// PlanEvery makes every lattice the memory and the caps allow plan search s first (SearchNone:
// the plan's own choice again), for the tests outside the package that measure each search.
func PlanEvery(s Search) { planTest = s }
