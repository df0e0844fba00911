// Package report is the last stage of the pipeline: it turns scores into what the command
// prints, in every format, from one model.
//
// A report is computed once, as typed values, and rendered by format:
//
//   - A Cell is one value with its type and number format: text, an integer, a float shown with
//     a number of decimals in text and in full in JSON, an interval, a bootstrap estimate, a
//     list or an object.
//   - Fields are labelled values: text renders them one per line as the official scorer does
//     ("Precision   : 0.3971"), JSON as an object's members (a field may have only a label,
//     shown to readers, or only a key, given to programs).
//   - A Table has columns (header, JSON key, alignment), rows of cells, an optional summary
//     row and notes, and renders as aligned text, TSV, CSV, Markdown, LaTeX (booktabs) or JSON;
//     in TSV, CSV, Markdown and LaTeX also a row at a time (Streams), for rows written as they
//     are scored (an n-best list's).
//   - A Document is a sequence of sections (fields or a table, with a heading), rendered as
//     text (sections separated by an empty line) or as JSON lines (one object per section).
//   - A SentenceWriter writes one scored sentence at a time, as the scorer chooses it: the
//     JSON lines, the per-sentence TSV table and the readable explanation are SentenceWriters,
//     and a format of another tool (the official scorer's -v) is one more.
//
// Adding a format means adding a renderer here; the commands build documents and choose.
package report
