// Package webpage holds what maxmatch's HTML pages share: a self-contained document head (no
// network: the style is inline, fonts are the reader's own), one plain style, and the marks
// that say in text, not in colour alone, whether an edit is a gold edit.
package webpage

import (
	"html"
	"io"
	"strings"
)

// Marks shown next to an edit, with the classes that colour them (class Gold, NotGold).
const (
	MarkGold    = "✓" // the edit is a gold edit (matched)
	MarkNotGold = "✗" // the edit is not a gold edit
)

// Style is the style every page starts from: one readable column, tables with thin rules,
// numbers aligned right (class n), and the colours of the marks (classes ok and bad).
const Style = `body{font-family:sans-serif;max-width:72em;margin:2em auto;padding:0 1em;line-height:1.5;color:#111}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.ok{color:#080}.bad{color:#b00}
`

// WriteHead writes the start of a page up to and including <body>: UTF-8, the title (escaped),
// Style and then extraStyle (trusted CSS: a constant of the page's package, never data).
func WriteHead(w io.Writer, title, extraStyle string) error {
	_, err := io.WriteString(w, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>`+
		Escape(title)+"</title>\n<style>\n"+Style+extraStyle+"</style></head><body>\n")
	return err
}

// Escape returns s as HTML text or an attribute's value: its markup characters escaped, and
// each byte that is not UTF-8 (a file named in Latin-1) as U+FFFD, as a browser shows it, so
// that the page is the UTF-8 it says it is.
func Escape(s string) string {
	return html.EscapeString(strings.ToValidUTF8(s, "\uFFFD"))
}
