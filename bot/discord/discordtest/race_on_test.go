//go:build race

package discordtest_test

const raceDetector = true
