package testmain

// RaceEnabled says the test binary was built with -race.
const RaceEnabled = raceEnabled
