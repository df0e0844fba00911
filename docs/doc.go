// Package docs is the project's documentation: the Markdown pages beside this file and the
// README at the root of the repository. It holds no code; its test runs every example the pages
// show and compares what each prints with what the page says it prints, checks their links and
// images, and their tables of contents (see DEVELOPERS.md, "The documentation's examples").
package docs
