package compare

// DifferencesSystem is differencesSystem, for TestDocument (package compare_test, which may
// import report: report imports compare).
var DifferencesSystem = differencesSystem
