package web

import "testing"

// TestBrowser is headless Chromium for the page's tests in package
// web_test, which may import the board (chouette_browser_test.go).
type TestBrowser struct{ b *browser }

// StartTestBrowser launches it, or skips the test without Chromium.
func StartTestBrowser(t *testing.T, width, height int) *TestBrowser {
	return &TestBrowser{startBrowser(t, width, height)}
}

// Navigate opens url.
func (b *TestBrowser) Navigate(t *testing.T, url string) { b.b.navigate(t, url) }

// WaitFor waits until the JavaScript expr is true.
func (b *TestBrowser) WaitFor(t *testing.T, what, expr string) { b.b.waitFor(t, what, expr) }

// Click clicks the element the JavaScript element finds.
func (b *TestBrowser) Click(t *testing.T, what, element string) { b.b.click(t, what, element) }

// Text evaluates the JavaScript expr, a string.
func (b *TestBrowser) Text(t *testing.T, expr string) string { return value[string](t, b.b, expr) }

// Run evaluates the JavaScript expr for what it does.
func (b *TestBrowser) Run(t *testing.T, expr string) { value[any](t, b.b, expr) }

// Screenshot saves the page as a PNG.
func (b *TestBrowser) Screenshot(t *testing.T, path string) { b.b.screenshot(t, path) }

// SimButtonAt is the JavaScript for a simulated board's button of side.
var SimButtonAt = simButton

// Artifacts is the directory to keep screenshots in, as for the page's
// other tests.
var Artifacts = artifacts
