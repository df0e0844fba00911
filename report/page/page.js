// Renders the sentences of the error-analysis page from the JSON block (format: write.go),
// one page at a time, with the filters kept in the URL's fragment (#outcome=fp&type=Nn&ann=1&
// sys=A&sys=B&only=1&page=2&size=20), so that a view can be linked to and reloaded. Text from
// the data goes into the page through textContent and attribute values only, never as markup.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('data').textContent);
  var parsed = performance.now();
  var SYS = data.systems, TYPES = data.types, SENT = data.sentences, K = SYS.length;

  // Facts about each row (sentence i, system k at i*K+k), computed once for the filters.
  var n = SENT.length * K;
  var annId = new Int32Array(n), tp = new Int32Array(n), fpEdits = new Int32Array(n);
  var fn = new Int32Array(n), proposed = new Int32Array(n);
  var tpTypes = new Array(n), fnTypes = new Array(n), missed = new Array(n);
  var annotators = {};
  SENT.forEach(function (s, i) {
    s[2].forEach(function (a) { annotators[a[0]] = true; });
    s[3].forEach(function (r, k) {
      var x = i * K + k, gold = s[2][r[0]][1], matched = new Uint8Array(gold.length);
      var tt = [], ft = [], ms = [];
      annId[x] = s[2][r[0]][0];
      proposed[x] = r[1].length;
      r[1].forEach(function (e) {
        if (e[3].length === 0) fpEdits[x]++;
        e[3].forEach(function (g) { matched[g] = 1; tp[x]++; tt.push(gold[g][2]); });
      });
      gold.forEach(function (g, j) {
        if (!matched[j]) { fn[x]++; ft.push(g[2]); ms.push(j); }
      });
      tpTypes[x] = tt; fnTypes[x] = ft; missed[x] = ms;
    });
  });
  var annIds = Object.keys(annotators).map(Number).sort(function (a, b) { return a - b; });

  var state = { outcome: 'all', type: -1, ann: null, sys: null, only: false, page: 1, size: data.pageSize };

  function readHash() {
    var q = new URLSearchParams(location.hash.slice(1));
    var o = q.get('outcome');
    state.outcome = ['tp', 'fp', 'fn', 'err'].indexOf(o) >= 0 ? o : 'all';
    state.type = q.has('type') ? TYPES.indexOf(q.get('type')) : -1;
    state.ann = q.has('ann') && q.get('ann') !== '' && !isNaN(Number(q.get('ann'))) ? Number(q.get('ann')) : null;
    var names = q.getAll('sys');
    state.sys = SYS.map(function (name) { return names.length === 0 || names.indexOf(name) >= 0; });
    state.only = q.get('only') === '1';
    state.page = Math.max(1, parseInt(q.get('page'), 10) || 1);
    state.size = Math.max(1, parseInt(q.get('size'), 10) || data.pageSize);
  }

  function writeHash() {
    var q = new URLSearchParams();
    if (state.outcome !== 'all') q.set('outcome', state.outcome);
    if (state.type >= 0) q.set('type', TYPES[state.type]);
    if (state.ann !== null) q.set('ann', String(state.ann));
    if (!state.sys.every(Boolean)) SYS.forEach(function (name, k) { if (state.sys[k]) q.append('sys', name); });
    if (!state.sys.some(Boolean)) q.append('sys', ''); // none: not the default, all
    if (state.only) q.set('only', '1');
    if (state.page !== 1) q.set('page', String(state.page));
    if (state.size !== data.pageSize) q.set('size', String(state.size));
    var h = q.toString();
    if (location.hash.slice(1) === h) render(); else location.hash = h;
  }

  function filtering() { return state.outcome !== 'all' || state.type >= 0 || state.ann !== null; }

  // itemHit says whether an item of this kind ('tp', 'fp', 'fn') and type (-1: none) is one
  // the filter asks for.
  function itemHit(kind, type) {
    var o = state.outcome;
    var ok = o === 'all' || o === kind || (o === 'err' && kind !== 'tp');
    return ok && (state.type < 0 || type === state.type);
  }

  function rowHit(x) {
    if (state.ann !== null && annId[x] !== state.ann) return false;
    var t = state.type, o = state.outcome;
    if (o === 'all' && t < 0) return true;
    var hasTP = t < 0 ? tp[x] > 0 : tpTypes[x].indexOf(t) >= 0;
    var hasFN = t < 0 ? fn[x] > 0 : fnTypes[x].indexOf(t) >= 0;
    var hasFP = t < 0 && fpEdits[x] > 0;
    switch (o) {
      case 'tp': return hasTP;
      case 'fp': return hasFP;
      case 'fn': return hasFN;
      case 'err': return hasFP || hasFN;
    }
    return hasTP || hasFN;
  }

  function sentenceHit(i) {
    for (var k = 0; k < K; k++) if (state.sys[k] && rowHit(i * K + k)) return true;
    return false;
  }

  // Elements.
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  var LABEL = { tp: 'matched edit: ', fp: 'edit not in gold: ', fn: 'missed gold edit: ', gold: 'gold edit: ' };
  var MARK = { tp: ['✓', 'm ok'], fp: ['✗', 'm bad'] };

  // edit renders one edit: the source text it removes struck, the text it puts in, a hidden
  // label for screen readers and, for system edits, the visible mark. Tokens that an edit with
  // one correction leaves unchanged at its ends (M² joins changes with up to u unchanged
  // tokens into one edit) are shown plain, inside its box.
  function edit(kind, original, corrections, type, title) {
    var e = el('span', kind === 'gold' ? 'e' : 'e ' + kind);
    if (kind !== 'gold') e.setAttribute('data-o', kind);
    if (kind !== 'gold' && filtering() && itemHit(kind, type)) e.className += ' hit';
    e.title = title;
    e.appendChild(el('span', 'sr', LABEL[kind]));
    var ins = corrections.length === 1 ? corrections[0] :
      corrections.map(function (c) { return c === '' ? '∅' : c; }).join(' / ');
    var head = '', tail = '';
    if (corrections.length === 1 && original !== '' && ins !== '') {
      var o = original.split(' '), c = ins.split(' '), i = 0, j = 0, n = Math.min(o.length, c.length);
      while (i < n && o[i] === c[i]) i++;
      while (j < n - i && o[o.length - 1 - j] === c[c.length - 1 - j]) j++;
      if (o.length - i - j > 0 || c.length - i - j > 0) { // else it changes nothing: shown whole
        head = o.slice(0, i).join(' ');
        tail = o.slice(o.length - j).join(' ');
        original = o.slice(i, o.length - j).join(' ');
        ins = c.slice(i, c.length - j).join(' ');
      }
    }
    if (head !== '') e.appendChild(document.createTextNode(head + ' '));
    if (original !== '') e.appendChild(el('del', '', original));
    if (ins !== '') e.appendChild(el('ins', '', ins));
    if (original === '' && ins === '') e.appendChild(el('ins', '', '∅'));
    if (tail !== '') e.appendChild(document.createTextNode(' ' + tail));
    if (MARK[kind]) {
      var m = el('span', MARK[kind][1], MARK[kind][0]);
      m.setAttribute('aria-hidden', 'true');
      e.appendChild(m);
    }
    return e;
  }

  function span(tokens, a, b) { return tokens.slice(a, b).join(' '); }
  function originalOf(tokens, e, at) { return e.length > at ? e[at] : span(tokens, e[0], e[1]); }
  function where(e) { return 'source tokens ' + e[0] + '–' + e[1]; }

  // line appends to parent the source tokens with the edits in place.
  function line(parent, tokens, edits, gold) {
    var at = 0, first = true;
    function put(node) {
      if (!first) parent.appendChild(document.createTextNode(' '));
      parent.appendChild(node);
      first = false;
    }
    edits.forEach(function (e) {
      if (e[0] > at && e[0] <= tokens.length) put(document.createTextNode(span(tokens, at, e[0])));
      if (e[0] >= at) at = Math.min(Math.max(e[0], e[1]), tokens.length);
      var kind = e[3].length ? 'tp' : 'fp';
      var type = kind === 'tp' ? gold[e[3][0]][2] : -1;
      var title = where(e) + (kind === 'tp' ? ' · ' + e[3].map(function (g) { return TYPES[gold[g][2]]; }).join(', ') : ' · not a gold edit');
      put(edit(kind, originalOf(tokens, e, 4), [e[2]], type, title));
    });
    if (at < tokens.length) put(document.createTextNode(span(tokens, at, tokens.length)));
  }

  function goldDetails(s) {
    var d = el('details', 'gold');
    var counts = s[2].map(function (a) { return 'annotator ' + a[0] + ': ' + a[1].length; });
    d.appendChild(el('summary', '', 'Gold edits (' + counts.join(', ') + ')'));
    var ul = el('ul');
    s[2].forEach(function (a) {
      a[1].forEach(function (g) {
        var li = el('li', '', 'annotator ' + a[0] + ', ' + where(g) + ', ' + TYPES[g[2]] + ': ');
        li.appendChild(edit('gold', originalOf(s[1], g, 4), g[3], g[2], where(g)));
        ul.appendChild(li);
      });
    });
    d.appendChild(ul);
    return d;
  }

  // row renders the systems ks, whose results on sentence i are the same (the same edits
  // against the same annotator), as one row.
  function row(s, i, ks) {
    var x = i * K + ks[0], r = s[3][ks[0]], a = s[2][r[0]], gold = a[1];
    var div = el('div', 'row');
    if (filtering() && !rowHit(x)) div.className += ' dim';
    var names = el('div', 'sys');
    ks.forEach(function (k, n) {
      if (n > 0) names.appendChild(document.createTextNode(', '));
      var sn = el('span', 'sn', SYS[k]);
      sn.setAttribute('data-sys', SYS[k]);
      names.appendChild(sn);
    });
    div.appendChild(names);
    var txt = el('div', 'txt');
    var h = el('div', 'h');
    if (r[1].length) line(h, s[1], r[1], gold);
    else h.appendChild(el('span', 'none', 'no edit'));
    txt.appendChild(h);
    if (r.length > 2) {
      var hyp = el('div', 'hyp', 'as written: ');
      hyp.appendChild(el('span', '', r[2]));
      txt.appendChild(hyp);
    }
    if (missed[x].length) {
      var m = el('div', 'miss', 'missed (annotator ' + a[0] + '):');
      missed[x].forEach(function (j) {
        var g = gold[j];
        m.appendChild(document.createTextNode(' '));
        m.appendChild(edit('fn', originalOf(s[1], g, 4), g[3], g[2], where(g) + ' · ' + TYPES[g[2]] + ' · annotator ' + a[0]));
        m.appendChild(el('span', 'ty', TYPES[g[2]]));
      });
      txt.appendChild(m);
    }
    div.appendChild(txt);
    div.appendChild(el('div', 'cnt', 'TP ' + tp[x] + ' · FP ' + (proposed[x] - tp[x]) + ' · FN ' + fn[x] + ' · annotator ' + a[0]));
    return div;
  }

  function sentence(i) {
    var s = SENT[i];
    var art = el('article', 'sent');
    art.setAttribute('data-i', String(i + 1));
    art.appendChild(el('h3', '', 'Sentence ' + (i + 1) + ' · gold line ' + s[0]));
    art.appendChild(el('p', 'src', s[1].join(' ')));
    if (s[2].some(function (a) { return a[1].length; })) art.appendChild(goldDetails(s));
    // Systems with the same result share a row, at the place of the first of them.
    var groups = [], byKey = {};
    for (var k = 0; k < K; k++) {
      if (!state.sys[k] || (state.only && !rowHit(i * K + k))) continue;
      var key = JSON.stringify(s[3][k]);
      if (byKey[key] === undefined) { byKey[key] = groups.length; groups.push([]); }
      groups[byKey[key]].push(k);
    }
    groups.forEach(function (ks) { art.appendChild(row(s, i, ks)); });
    return art;
  }

  function fmt(v) { return v.toLocaleString('en'); }

  function pager(nav, pages, total, from, to) {
    nav.textContent = '';
    var prev = el('button', '', '◀ previous'), next = el('button', '', 'next ▶');
    prev.type = next.type = 'button';
    prev.disabled = state.page <= 1;
    next.disabled = state.page >= pages;
    function go(d) { state.page += d; writeHash(); document.getElementById('pager-top').scrollIntoView(); }
    prev.onclick = function () { go(-1); };
    next.onclick = function () { go(1); };
    nav.appendChild(prev);
    var text = total === 0 ? 'No sentence matches.' :
      'Sentences ' + fmt(from + 1) + '–' + fmt(to) + ' of ' + fmt(total) +
      (total < SENT.length ? ' matching (' + fmt(SENT.length) + ' in all)' : '') +
      ' · page ' + state.page + ' of ' + pages;
    nav.appendChild(el('span', 'count', text));
    nav.appendChild(next);
  }

  function render() {
    readHash();
    syncControls();
    var matches = [];
    for (var i = 0; i < SENT.length; i++) if (sentenceHit(i)) matches.push(i);
    var pages = Math.max(1, Math.ceil(matches.length / state.size));
    state.page = Math.min(state.page, pages);
    var from = (state.page - 1) * state.size, to = Math.min(matches.length, from + state.size);
    var list = document.getElementById('list');
    var frag = document.createDocumentFragment();
    for (var j = from; j < to; j++) frag.appendChild(sentence(matches[j]));
    list.textContent = '';
    list.appendChild(frag);
    list.setAttribute('data-matching', String(matches.length));
    pager(document.getElementById('pager-top'), pages, matches.length, from, to);
    pager(document.getElementById('pager-bottom'), pages, matches.length, from, to);
  }

  // Controls.
  var fOutcome = document.getElementById('f-outcome'), fType = document.getElementById('f-type');
  var fAnn = document.getElementById('f-ann'), fOnly = document.getElementById('f-only');
  var fSys = document.getElementById('f-systems'), sysBoxes = [];
  TYPES.forEach(function (t) { var o = el('option', '', t); o.value = t; fType.appendChild(o); });
  annIds.forEach(function (a) { var o = el('option', '', String(a)); o.value = String(a); fAnn.appendChild(o); });
  [['all', true], ['none', false]].forEach(function (b) {
    var button = el('button', '', b[0]);
    button.type = 'button';
    button.onclick = function () { sysBoxes.forEach(function (c) { c.checked = b[1]; }); fromControls(); };
    fSys.appendChild(button);
  });
  SYS.forEach(function (name) {
    var label = el('label'), box = el('input');
    box.type = 'checkbox';
    label.appendChild(box);
    label.appendChild(document.createTextNode(' ' + name));
    fSys.appendChild(label);
    sysBoxes.push(box);
  });

  function syncControls() {
    fOutcome.value = state.outcome;
    fType.value = state.type >= 0 ? TYPES[state.type] : '';
    fAnn.value = state.ann === null ? '' : String(state.ann);
    fOnly.checked = state.only;
    sysBoxes.forEach(function (c, k) { c.checked = state.sys[k]; });
  }

  function fromControls() {
    state.outcome = fOutcome.value;
    state.type = fType.value === '' ? -1 : TYPES.indexOf(fType.value);
    state.ann = fAnn.value === '' ? null : Number(fAnn.value);
    state.only = fOnly.checked;
    state.sys = sysBoxes.map(function (c) { return c.checked; });
    state.page = 1;
    writeHash();
  }
  document.getElementById('filters').addEventListener('change', fromControls);
  window.addEventListener('hashchange', render);

  render();
  // The chart's labels have the room their length was estimated to take (the page is written
  // without its font): one wider ("W", "m") widens the chart on its left instead of being cut.
  // After the sentences, and guarded: a browser that cannot measure (Firefox throws for an
  // element not rendered) keeps the chart as written, never the page unrendered.
  try {
    document.querySelectorAll('figure.chart svg').forEach(function (svg) {
      var left = 0;
      svg.querySelectorAll('text.label').forEach(function (l) { left = Math.min(left, l.getBBox().x); });
      if (left < 0) {
        var v = svg.viewBox.baseVal, extra = Math.ceil(-left) + 2, width = v.width + extra;
        svg.setAttribute('viewBox', (v.x - extra) + ' ' + v.y + ' ' + width + ' ' + v.height);
        svg.setAttribute('width', String(width));
      }
    });
  } catch (e) { /* the labels stay as written */ }
  // A link to a view (a fragment) opens at the sentences.
  if (location.hash.length > 1) document.getElementById('sentences').scrollIntoView();
  var root = document.documentElement;
  root.setAttribute('data-parse-ms', parsed.toFixed(1));
  void document.body.offsetHeight; // lay the page out before taking the time
  root.setAttribute('data-ready-ms', performance.now().toFixed(1));
})();
