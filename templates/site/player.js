(function () {
  "use strict";
  // The replay player: it inflates the page's packed frames and swaps precomputed fragments.
  // It knows nothing of the rules. One display rule comes with the data: a view shows a
  // player's own (private) row when the view is that seat's, the every-hand view, or the
  // frame is at or past data.reveal.
  //
  // Charts API: any element inside the page with data-move="N" (for example a point of a
  // chart in the charts slot) jumps to move N when clicked or activated with Enter; a click in
  // a chart takes the nearest such point (a circle inside one) within REACH pixels; the points
  // with class chart-move are one Tab stop per chart, the arrows going between them. The body's
  // data-seat names the view shown; the stylesheet shows each view its own figures.
  var el = function (id) { return document.getElementById(id); };
  var data = null, last = 0;
  var speeds = [2000, 1200, 800, 500, 300, 150, 80];
  var st = { frame: 0, seat: "spectator", layer: -1, marks: -1, head: -1, tokens: 0, boxes: null, shown: [], speed: 2, timer: null, turn: -1 };
  var pieces = el("pieces"), marks = el("marks"), hdr = el("hdr"), panel = el("panel");
  var narration = el("narration"), announce = el("announce"), counter = el("counter");
  var scrub = el("scrub"), seatSel = el("seat"), playBtn = el("btn-play"), story = el("story");
  var help = el("help"), helpBtn = el("btn-help"), charts = el("charts");
  var wordsList = el("words-list"), tokenLayer = document.querySelector("#board-svg .tokens");
  var hexTitles = document.querySelectorAll("#board-svg .tiles .hex > title");
  var scrollers = [panel, charts, wordsList];  // the parts that scroll in their own box
  var byFrame = [], current = null;

  // The index's "Hide winners and scores" holds here too (spoilers.js, in the head, set it):
  // until the last move the page keeps back the winner, the publisher's title and note, the
  // charts of the whole game and the moves of its last turn. The window's title follows the
  // page's heading.
  var hiding = document.documentElement.classList.contains("no-spoilers");
  var headTitles = document.querySelectorAll("header.top h1 span");
  function tabTitle(atEnd) {
    var shown = headTitles[!atEnd && hiding ? 1 : 0];
    var want = shown ? shown.textContent + " - replay" : document.title;
    if (document.title !== want) { document.title = want; }
  }

  Array.prototype.forEach.call(document.querySelectorAll("#moves a[data-frame]"), function (a) {
    var n = +a.getAttribute("data-frame");
    (byFrame[n] = byFrame[n] || []).push(a);
  });
  var heads = document.querySelectorAll("#moves .turn-head");

  // The last move's tooltip says who won: with winners hidden it is there only while the last
  // move is shown, as the header's winner is.
  var endTips = null;
  function endTooltips(atEnd) {
    if (endTips === null) {
      endTips = [];
      (byFrame[last] || []).forEach(function (a) { if (a.title) { endTips.push([a, a.title]); } });
    }
    var hide = !atEnd && hiding;
    endTips.forEach(function (t) {
      if (hide) { t[0].removeAttribute("title"); } else { t[0].setAttribute("title", t[1]); }
    });
  }

  // Any number to a frame: a move past the end (however many digits) is the last, never wrapped
  // round to a 32-bit integer; what is not a number is the first.
  function clamp(n) { return n > last ? last : n > 0 ? Math.floor(n) : 0; }
  function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }
  function joined(ids, table) { var s = ""; for (var i = 0; i < ids.length; i++) { s += table[ids[i]]; } return s; }

  // The index into starts (frames, rising) of the last one at or before frame n, -1 for none
  // (binary search).
  function lastFrom(starts, n) {
    var lo = 0, hi = starts.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (starts[mid] <= n) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
    }
    return found;
  }
  function turnOf(n) { return lastFrom(data.turns, n); }

  // Scroll only the box the move list scrolls in (the list itself, or on a narrow screen the
  // area below the pinned board) so the current line is visible: never the window. On a
  // narrow screen the list is followed only while some of it is in view, so a reader looking
  // at the players above it keeps them in view while stepping.
  var viewer = document.querySelector("main.viewer"), stage = document.querySelector(".stage");
  var pad = function () {};  // fits the area beneath the pinned stage to it (set in wire)
  function headOf(node) {
    var turn = node.closest ? node.closest("li.turn") : null;
    return turn ? turn.querySelector(".turn-head") : null;
  }

  function reveal(node) {
    var y = getComputedStyle(story).overflowY;
    var box = y === "auto" || y === "scroll" ? story : viewer;
    var r = box.getBoundingClientRect(), at = node.getBoundingClientRect();
    if (box === viewer && story.getBoundingClientRect().top > r.bottom - 40) { return; }
    // In the list's own scroll, the turn's sticky heading (one line or more) covers its top.
    var head = box === story ? headOf(node) : null;
    var top = box === viewer ? Math.max(r.top, stage.getBoundingClientRect().bottom)
      : r.top + (head ? head.getBoundingClientRect().height : 30);
    if (at.top < top) { box.scrollTop -= top - at.top + 8; }
    else if (at.bottom > r.bottom) { box.scrollTop += at.bottom - r.bottom + 8; }
  }

  function mark(n) {
    if (current) { current.classList.remove("on"); current.removeAttribute("aria-current"); }
    var links = byFrame[n] || [];
    var link = links[links.length - 1];
    current = null;
    if (!link) { return ""; }
    var fold = link.closest ? link.closest("details") : null;
    current = fold && !fold.open ? fold.parentNode.querySelector("a[data-frame]") : link;
    current.classList.add("on");
    current.setAttribute("aria-current", "step");
    reveal(current);
    // A folded offer's line in the list tells how it ended; the move itself says only the offer
    // (data-said), so the narration never runs ahead of the answers.
    var words = [];
    for (var i = 0; i < links.length; i++) {
      var detail = links[i].getAttribute("title");
      words.push((links[i].getAttribute("data-said") || links[i].textContent) + (detail ? " \u2014 " + detail : ""));
    }
    return words.join(" \u2014 ");
  }

  // The piece layer holds one element per piece id; a new layer parses only the pieces it
  // adds, keeps the rest, and puts them in the layer's order (later pieces draw on top).
  var made = {};
  function pieceNode(id) {
    if (!has(made, id)) {
      var g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.innerHTML = data.pieces[id];
      made[id] = g.firstChild && !g.firstChild.nextSibling ? g.firstChild : g;
    }
    return made[id];
  }
  function setPieces(ids) {
    var want = [];
    for (var i = 0; i < ids.length; i++) { want.push(pieceNode(ids[i])); }
    if (st.layer === -1) { pieces.textContent = ""; }
    var kept = {};
    for (var k = 0; k < want.length; k++) { kept[ids[k]] = true; }
    for (var node = pieces.firstChild; node;) {
      var next = node.nextSibling;
      if (!node.__piece || !kept[node.__piece]) { pieces.removeChild(node); }
      node = next;
    }
    var at = pieces.firstChild;
    for (var j = 0; j < want.length; j++) {
      want[j].__piece = String(ids[j]);
      if (want[j] === at) { at = at.nextSibling; } else { pieces.insertBefore(want[j], at); }
    }
  }

  // The board in words: the pieces of the layer shown, by owner (the unowned first, then every
  // seat, one without pieces too), each owner's heading counting the kinds data.counted names
  // and its list giving each piece with its place, counted kinds first. Written again only
  // for another layer, open or not, so it is whole the moment it opens.
  var wordsOf = -1;
  function boardWords() {
    if (wordsOf === st.layer) { return; }
    wordsOf = st.layer;
    var ids = data.layers[st.layer], owned = { "": [] }, owners = [""].concat(data.seats);
    data.seats.forEach(function (seat) { owned[seat] = []; });
    for (var i = 0; i < ids.length; i++) {
      var entry = data.said[ids[i]], owner = entry[0] === null ? "" : String(entry[0]);
      if (!has(owned, owner)) { owned[owner] = []; owners.push(owner); }
      owned[owner].push(entry);
    }
    var rank = {};
    data.counted.forEach(function (kind, r) { rank[kind[0]] = r; });
    var byRank = function (e) { return has(rank, e[1]) ? rank[e[1]] : data.counted.length; };
    wordsList.textContent = "";
    owners.forEach(function (owner) {
      var list = owned[owner].map(function (e, at) { return [byRank(e), at, e]; });
      if (owner === "" && !list.length) { return; }
      list.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
      var counts = data.counted.map(function () { return 0; }), told = [];
      list.forEach(function (item) { if (item[0] < counts.length) { counts[item[0]] += 1; } });
      data.counted.forEach(function (kind, r) { if (counts[r]) { told.push(counts[r] + " " + kind[counts[r] === 1 ? 1 : 2]); } });
      var head = document.createElement("h3");
      var summary = told.length > 1 ? told.slice(0, -1).join(", ") + " and " + told[told.length - 1] : told[0];
      if (!summary) { summary = list.length ? list.length + (list.length === 1 ? " piece" : " pieces") : "nothing on the board"; }
      if (owner === "") { head.textContent = "Neutral pieces"; } else {
        // the name isolated, so a right-to-left name never carries the count into its run
        var who = document.createElement("bdi");
        who.textContent = has(data.names, owner) ? data.names[owner] : "seat " + owner;
        head.appendChild(who);
        head.appendChild(document.createTextNode(": " + summary));
      }
      wordsList.appendChild(head);
      if (!list.length) { return; }
      var ul = document.createElement("ul");
      list.forEach(function (item) {
        var li = document.createElement("li");
        li.textContent = item[2][2];
        ul.appendChild(li);
      });
      wordsList.appendChild(ul);
    });
  }

  function show(n, keepHash) {
    var asked = n;
    n = clamp(n);
    // A step past either end changes nothing on screen, so it is said: the same words again
    // would not be read out.
    if (n === st.frame && asked !== n && st.timer === null && narration.textContent) {
      announce.textContent = (n ? "Already at the last move: " : "Already at the first move: ") + narration.textContent;
      return;
    }
    var row = data.f[n];
    if (row[0] !== st.layer) {
      setPieces(data.layers[row[0]]);
      st.layer = row[0];
      boardWords();
    }
    // A board whose number tokens change hexes (the Geomancer) comes with each arrangement.
    if (data.tokens) {
      var laid = data.tokensShown[lastFrom(data.tokensFrom, n)];
      if (laid !== st.tokens) {
        tokenLayer.innerHTML = data.tokens[laid];
        data.hexTitles[laid].forEach(function (title, i) { hexTitles[i].textContent = title; });
        st.tokens = laid;
      }
    }
    // Only parts that differ from the frame shown before are replaced.
    if (row[3] !== st.marks) { marks.innerHTML = data.marks[row[3]]; st.marks = row[3]; }
    if (row[1] !== st.head) {
      hdr.innerHTML = data.parts[row[1]];
      st.head = row[1];
      titleIfCut();
    }
    var chosen = [row[2]];
    for (var i = 0; i < data.seats.length; i++) {
      var mine = st.seat === "all" || st.seat === data.seats[i] || n >= data.reveal;
      chosen.push(row[4 + 2 * i + (mine ? 1 : 0)]);
    }
    // The panel is one box per player row and one for the foot; only a box whose part
    // changed is rewritten (most moves change one row, or none).
    if (!st.boxes) {
      panel.innerHTML = "";
      st.boxes = [];
      for (var b = 0; b < chosen.length; b++) {
        var box = document.createElement("div");
        if (b > 0) {  // a player's row: a group a screen reader names by the seat's view label
          box.className = "prow";
          var option = seatSel.querySelector('option[value="' + data.seats[b - 1] + '"]');
          box.setAttribute("role", "group");
          box.setAttribute("aria-label", option ? option.textContent : "seat " + data.seats[b - 1]);
        }
        st.boxes.push(box);
        st.shown.push(-1);
      }
      for (var c = 1; c < chosen.length; c++) { panel.appendChild(st.boxes[c]); }
      panel.appendChild(st.boxes[0]);
    }
    for (var j = 0; j < chosen.length; j++) {
      if (chosen[j] !== st.shown[j]) {
        st.boxes[j].innerHTML = joined(j === 0 ? data.foots[chosen[j]] : data.rows[chosen[j]], data.parts);
        st.shown[j] = chosen[j];
      }
    }
    st.frame = n;
    endTooltips(n >= last);  // before the narration, which reads the last move's tooltip
    var said = mark(n);
    narration.textContent = said;
    narrationIfCut();
    var turn = turnOf(n);
    // Stepped from a line of the move list, the focus follows to the move shown (whose line is
    // then read out as it takes the focus), so Enter and Tab go on from there, not from where
    // the focus was left long out of sight.
    var from = document.activeElement, follows = false;
    if (st.timer === null && current && from !== current && from && from.matches &&
        from.matches("#moves a[data-frame]")) {
      current.focus({ preventScroll: true });
      follows = true;
    }
    if (st.timer === null && !follows) { announce.textContent = said; }
    else if (turn !== st.turn && heads[turn]) { sayTurn(heads[turn].textContent); }
    st.turn = turn;
    counter.textContent = n + " / " + last;
    scrub.value = String(n);
    document.body.setAttribute("data-frame", String(n));
    document.body.classList.toggle("at-end", n >= last);
    document.body.classList.toggle("in-last-turn", n >= data.turns[data.turns.length - 1]);
    tabTitle(n >= last);
    document.body.setAttribute("data-seat", st.seat);
    // A point of a picture that this move hides (the whole game's pictures wait for the last
    // move when winners are hidden) hands the focus to the move shown, never to the page.
    var focused = document.activeElement;
    if (focused && charts.contains(focused) && !focused.getClientRects().length) {
      (current || el("controls")).focus();
    }
    tabStops();
    if (!keepHash) { setHash(n); }
  }

  // The players and the pictures are Tab stops while they scroll, so the keyboard can scroll
  // them; showing all they hold, they are not (a stop with nothing to do). The skip link to
  // the players still moves the focus there.
  function tabStops() {
    scrollers.forEach(function (part) {
      part.tabIndex = part.scrollHeight > part.clientHeight + 1 ? 0 : -1;
    });
  }
  function scrolls(node) { return scrollers.indexOf(node) >= 0 && node.tabIndex === 0; }

  // A line cut short for its width keeps its whole text as the pointer's tooltip, asked again
  // whenever the width changes (a phone turned, a window resized).
  function titleIfCut() {
    var acting = hdr.querySelector(".acting");
    if (!acting) { return; }
    if (acting.scrollWidth > acting.clientWidth) { acting.title = acting.textContent; }
    else { acting.removeAttribute("title"); }
  }

  // The narration shows two lines. One cut short keeps its whole text as the pointer's tooltip,
  // and a click or tap shows it whole until the next move (what is announced is always whole);
  // so does Enter or Space, the cut narration being then a button and a Tab stop.
  function narrationIfCut() {
    if (narration.classList.contains("whole")) {
      narration.classList.remove("whole");
      pad();
    }
    var cut = narration.scrollHeight > narration.clientHeight + 1;
    narration.classList.toggle("cut", cut);
    if (cut) {
      narration.title = narration.textContent;
      narration.tabIndex = 0;
      narration.setAttribute("role", "button");
      narration.setAttribute("aria-expanded", "false");
    } else {
      narration.removeAttribute("title");
      narration.removeAttribute("tabindex");
      narration.removeAttribute("role");
      narration.removeAttribute("aria-expanded");
    }
  }
  function wholeNarration() {
    if (narration.classList.contains("cut") || narration.classList.contains("whole")) {
      var whole = narration.classList.toggle("whole");
      narration.setAttribute("aria-expanded", whole ? "true" : "false");
      pad();
    }
  }

  // The deep link of move n in the view on screen; a spectator's link names no seat.
  function hashOf(n) { return "#move=" + n + (st.seat === "spectator" ? "" : "&seat=" + st.seat); }
  function setHash(n) {
    try { history.replaceState(null, "", hashOf(n)); } catch (e) { /* some file:// hosts refuse */ }
  }
  // A move's link (a line of the list, a point of a picture) names the view on screen too, so
  // opened in a new tab or copied it shows the move as seen here: its address is written as a
  // pointer, a finger or the focus comes to it, before a browser reads it.
  function viewLink(ev) {
    var a = ev.target && ev.target.closest ? ev.target.closest("a[data-frame], a[data-move]") : null;
    if (a) { a.setAttribute("href", hashOf(+a.getAttribute(a.hasAttribute("data-move") ? "data-move" : "data-frame"))); }
  }

  // Copy the link to the move on screen: the clipboard API where the page may use it,
  // else a selected scratch field and the copy command; either way the result is announced,
  // and shown for a moment. The address bar holds the same link, to copy by hand if need be.
  var note = el("copy-note"), noteTimer = null;
  function said(words, shown) {
    announce.textContent = words;
    note.textContent = shown;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(function () { note.textContent = ""; }, 3000);
  }
  function copyLink() {
    var url = location.href.split("#")[0] + hashOf(st.frame);
    setHash(st.frame);
    var done = function () { said("Link to move " + st.frame + " copied", "Link copied"); };
    var fallback = function () {
      var box = document.createElement("textarea"), had = document.activeElement;
      box.value = url;
      box.setAttribute("readonly", "");
      box.className = "sr-only";
      document.body.appendChild(box);
      box.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(box);
      if (had && had !== document.body) { had.focus(); }  // the field took it to be selected
      if (ok) { done(); } else { said("Copy this link: " + url, "Not copied: use the address bar"); }
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, fallback);
    } else {
      fallback();
    }
  }

  // While playing, a turn's heading is said at most once every 2.5 s, and then the latest
  // one: at high speed speech keeps up with the board instead of falling ever further behind.
  var SAY_GAP = 2500, spoke = -SAY_GAP, owed = "", owedTimer = null;
  function sayTurn(words) {
    owed = words;
    var wait = spoke + SAY_GAP - Date.now();
    if (wait <= 0) { sayOwed(); } else if (owedTimer === null) { owedTimer = setTimeout(sayOwed, wait); }
  }
  function sayOwed() {
    clearTimeout(owedTimer);
    owedTimer = null;
    if (owed) { announce.textContent = owed; spoke = Date.now(); owed = ""; }
  }
  function stop() {
    clearTimeout(owedTimer);
    owedTimer = null;
    owed = "";
    if (st.timer !== null) { clearInterval(st.timer); st.timer = null; }
    playBtn.setAttribute("aria-label", "play");
    playBtn.firstChild.textContent = "Play";
  }
  function start() {
    stop();
    if (st.frame >= last) { show(0); }
    st.timer = setInterval(function () {
      if (st.frame >= last) { stop(); announce.textContent = "End of the game: " + narration.textContent; return; }
      show(st.frame + 1);
    }, speeds[st.speed]);
    playBtn.setAttribute("aria-label", "pause");
    playBtn.firstChild.textContent = "Pause";
  }
  // Autoplay speaks once per turn; pausing it says the move it stopped on.
  function toggle() {
    if (st.timer === null) { start(); return; }
    stop();
    announce.textContent = "Paused: " + narration.textContent;
  }
  function setSpeed(d) {
    st.speed = Math.max(0, Math.min(speeds.length - 1, st.speed + d));
    el("speed").textContent = "speed " + (st.speed + 1);
    announce.textContent = "speed " + (st.speed + 1) + " of " + speeds.length;
    if (st.timer !== null) { start(); }
  }
  function useSeat(seat) {
    st.seat = data.views.indexOf(seat) >= 0 ? seat : "spectator";
    seatSel.value = st.seat;
    st.layer = -1;
    document.body.setAttribute("data-seat", st.seat);
  }
  function turnStep(d) {
    var t = turnOf(st.frame);
    if (d < 0 && t >= 0 && data.turns[t] < st.frame) { show(data.turns[t]); return; }
    var next = t + d;
    if (next >= 0 && next < data.turns.length) { show(data.turns[next]); }
    else { show(d < 0 ? -1 : last + 1); }  // past the first or last turn: an end, said if there already
  }

  // The hash names the move and the view; a hash without a seat means the spectator. A hash
  // naming neither (a skip link's target) leaves both as they are, once a frame is shown: the
  // page opened at such a hash shows the first move as any other page does.
  function fromHash(ev) {
    if (ev && location.hash && !/(?:^#|&)(?:move|seat)=/.test(location.hash)) { return; }
    var m = /move=(\d+)/.exec(location.hash);
    var s = /seat=([a-z0-9]+)/.exec(location.hash);
    useSeat(s ? s[1] : "spectator");
    show(m ? parseInt(m[1], 10) : st.frame, true);
  }

  // The help gives the focus back where it found it (a line of the move list, a control), so
  // "?" never costs a keyboard user their place; opened from nowhere, to its button.
  var opener = null;
  function openHelp(open) {
    if (open && help.hidden) { opener = document.activeElement; }
    help.hidden = !open;
    helpBtn.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) { el("btn-help-close").focus(); return; }
    var back = opener && opener !== document.body && document.contains(opener) && opener.getClientRects().length;
    (back ? opener : helpBtn).focus();
    opener = null;
  }

  // The keys of one character (letters, brackets, + - ?) can be turned off in the help: a
  // speech-input user's words, or a screen reader's browse keys, must not step the game. The
  // choice is kept in the browser when it lets a page keep one.
  var LETTER_KEYS = "replaykit.letterKeys", letterBox = el("letter-keys");
  function letterKeys() { return letterBox.checked; }
  try { letterBox.checked = localStorage.getItem(LETTER_KEYS) !== "off"; } catch (e) { /* not kept */ }
  letterBox.addEventListener("change", function () {
    try { localStorage.setItem(LETTER_KEYS, letterBox.checked ? "on" : "off"); } catch (e) { /* not kept */ }
    announce.textContent = "Letter and symbol keys " + (letterBox.checked ? "on" : "off");
  });

  var keys = { ArrowRight: 1, ArrowLeft: -1, j: 1, k: -1, PageDown: 10, PageUp: -10 };
  function onKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var k = ev.key;
    var letter = k.length === 1 && k !== " ";
    if (!help.hidden) {  // the help holds the focus: Tab goes between its two controls
      if (k === "Escape" || (k === "?" && letterKeys())) { openHelp(false); ev.preventDefault(); }
      else if (k === "Tab") {
        (document.activeElement === letterBox ? el("btn-help-close") : letterBox).focus();
        ev.preventDefault();
      }
      return;
    }
    var tag = ev.target && ev.target.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && ev.target.type !== "range")) { return; }
    if (letter && !letterKeys()) { return; }
    // A box focused while it scrolls (the players, the pictures, the board in words) keeps the
    // keys that page through it: reading, PageDown must not step the game under the reader.
    if (scrolls(ev.target) && /^(PageUp|PageDown|Home|End| )$/.test(k)) { return; }
    var point = ev.target && ev.target.closest ? ev.target.closest("#charts a.chart-move") : null;
    if (point && (k === "ArrowLeft" || k === "ArrowRight")) { rove(point, keys[k]); }
    else if (has(keys, k)) { stop(); show(st.frame + keys[k]); }
    else if (k === "]" || k === "n") { stop(); turnStep(1); }
    else if (k === "[" || k === "p") { stop(); turnStep(-1); }
    else if (k === "Home") { stop(); show(0); }
    else if (k === "End") { stop(); show(last); }
    else if (k === " " || k === "Spacebar") { if (tag === "BUTTON" || tag === "SUMMARY") { return; } toggle(); }
    else if (k === "+" || k === "=") { setSpeed(1); }
    else if (k === "-" || k === "_") { setSpeed(-1); }
    else if (k === "?") { openHelp(true); }
    else { return; }
    ev.preventDefault();
  }

  // A button used from the keyboard keeps the focus: Space or Enter uses it again (Play, then
  // Pause) and the player's other keys work from it. A button clicked with a pointer gives the
  // focus back to the page, so Space then plays or pauses rather than pressing it again.
  function button(id, action, keepFocus) {
    el(id).addEventListener("click", function (ev) {
      if (!keepFocus && ev.detail > 0) { ev.currentTarget.blur(); }  // detail: the pointer's click count
      action();
    });
  }

  // A pointer on a chart takes the point whose centre is nearest, within a fingertip's reach:
  // on a narrow screen a chart's dots crowd and overlap, and each must still be the one picked
  // at its own centre. A point whose centre is out of sight (scrolled out of the pictures' box,
  // under the board pinned above them) is not taken. (A key press is no pointer: it takes the
  // link it was pressed on.)
  var REACH = 22;
  function pointNear(ev) {
    var svg = ev.detail && ev.target.closest ? ev.target.closest(".charts svg") : null;
    var best = null, nearest = REACH * REACH;
    if (!svg) { return null; }
    Array.prototype.forEach.call(svg.querySelectorAll("[data-move] circle"), function (dot) {
      var r = dot.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      var dx = x - ev.clientX, dy = y - ev.clientY;
      if (r.width && dx * dx + dy * dy < nearest && svg.contains(document.elementFromPoint(x, y))) {
        nearest = dx * dx + dy * dy;
        best = dot.closest("[data-move]");
      }
    });
    return best;
  }

  // A chart's points are one Tab stop (the one that last had the focus keeps the Tab), and the
  // arrows go from a point to the one before or after it in the game, showing its move: the
  // keyboard reaches the move list past a chart in one Tab, not one per point.
  function points(svg) { return Array.prototype.slice.call(svg.querySelectorAll("a.chart-move")); }
  function holdTab(point) {
    points(point.closest("svg")).forEach(function (p) { p.setAttribute("tabindex", p === point ? "0" : "-1"); });
  }
  function moveOf(point) { return parseInt(point.getAttribute("data-move"), 10); }
  function rove(point, step) {
    var order = points(point.closest("svg")).map(function (p, i) { return [moveOf(p), i, p]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; }).map(function (x) { return x[2]; });
    var next = order[order.indexOf(point) + step];
    if (!next) {
      announce.textContent = step > 0 ? "No later point in this chart" : "No earlier point in this chart";
      return;
    }
    next.focus();
    stop();
    show(moveOf(next));
  }

  function jumpFrom(ev) {
    var near = pointNear(ev);
    var t = near || (ev.target.closest ? ev.target.closest("[data-move],a[data-frame]") : null);
    if (!t || !data) { return; }
    ev.preventDefault();
    stop();
    // The point taken keeps the focus (its outline, and Enter), not the one the pointer was on.
    if (near) { near.focus({ preventScroll: true }); }
    show(parseInt(t.getAttribute(t.hasAttribute("data-move") ? "data-move" : "data-frame"), 10));
  }

  function wire() {
    counter.style.minWidth = (2 * String(last).length + 3) + "ch";  // "n / last" never reflows the bar
    // On a narrow screen the board is pinned over the area scrolling beneath it: whatever takes
    // the focus there is scrolled to below the board, not under it. A stage that would leave
    // less than a move's line beneath it (a small phone on its side, a page zoomed to 400 %)
    // is not pinned: pinned, its own foot and everything after it could never be reached.
    pad = function () {
      document.body.classList.remove("unpinned");
      var pinned = getComputedStyle(stage).position === "sticky";
      if (pinned && viewer.clientHeight - stage.offsetHeight < 44) {
        document.body.classList.add("unpinned");
        pinned = false;
      }
      viewer.style.scrollPaddingTop = pinned ? stage.offsetHeight + 8 + "px" : "";
      tabStops();
    };
    // a fold opened or closed (the legend, a trade's answers) moves the parts beside it
    document.addEventListener("toggle", tabStops, true);
    el("words-part").hidden = false;
    el("words-head").hidden = false;
    pad();
    window.addEventListener("resize", pad);
    window.addEventListener("resize", titleIfCut);
    window.addEventListener("resize", narrationIfCut);
    narration.addEventListener("click", wholeNarration);
    narration.addEventListener("keydown", function (ev) {
      if ((ev.key === "Enter" || ev.key === " ") && narration.getAttribute("role") === "button") {
        ev.preventDefault();
        ev.stopPropagation();  // Space here opens the words, it does not play
        wholeNarration();
      }
    });
    // A link taking the focus in the list is scrolled clear of its turn's sticky heading, which
    // wraps to two lines or more in a narrow column.
    story.addEventListener("focusin", function (ev) {
      var head = headOf(ev.target);
      story.style.scrollPaddingTop = head ? head.offsetHeight + 4 + "px" : "";
    });
    charts.addEventListener("focusin", function (ev) {
      var point = ev.target.closest ? ev.target.closest("a.chart-move") : null;
      if (point) { holdTab(point); }
    });
    document.addEventListener("keydown", onKey);
    ["mouseover", "mousedown", "touchstart", "focusin", "contextmenu"].forEach(function (kind) {
      document.addEventListener(kind, viewLink, { capture: true, passive: true });
    });
    // The skip link to the moves lands on the move shown, not on the list's first line: the
    // pictures' points and every move before it are many Tab presses long. Every skip link
    // moves the focus without following its "#" link, so the address keeps the link to the
    // move and view on screen (to reload, bookmark or share) and the history gains no step.
    el("skip-moves").addEventListener("click", function (ev) {
      var to = current || story.querySelector("a[data-frame]");
      if (to) { ev.preventDefault(); to.focus(); }
    });
    Array.prototype.forEach.call(document.querySelectorAll("a.skip:not(#skip-moves)"), function (a) {
      a.addEventListener("click", function (ev) {
        var to = el(a.getAttribute("href").slice(1));
        if (to) { ev.preventDefault(); to.focus(); }
      });
    });
    button("btn-first", function () { stop(); show(0); });
    button("btn-prev", function () { stop(); show(st.frame - 1); });
    button("btn-next", function () { stop(); show(st.frame + 1); });
    button("btn-last", function () { stop(); show(last); });
    button("btn-turn-prev", function () { stop(); turnStep(-1); });
    button("btn-turn-next", function () { stop(); turnStep(1); });
    button("btn-play", toggle);
    button("btn-slower", function () { setSpeed(-1); });
    button("btn-faster", function () { setSpeed(1); });
    button("btn-help", function () { openHelp(help.hidden); }, true);
    button("btn-help-close", function () { openHelp(false); }, true);
    button("btn-copy-link", copyLink, true);
    scrub.addEventListener("input", function () { stop(); show(parseInt(scrub.value, 10)); });
    // The view list works like the buttons: chosen with the keys it keeps the focus, so the
    // arrows walk the views; chosen with a pointer it gives the focus back to the page.
    var keyed = false;
    seatSel.addEventListener("keydown", function () { keyed = true; });
    seatSel.addEventListener("blur", function () { keyed = false; });
    seatSel.addEventListener("change", function () {
      useSeat(seatSel.value);
      show(st.frame);
      announce.textContent = "Showing " + seatSel.options[seatSel.selectedIndex].text + ": " + narration.textContent;
      if (!keyed) { seatSel.blur(); }
      keyed = false;
    });
    document.addEventListener("click", jumpFrom);
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && ev.target.hasAttribute && ev.target.hasAttribute("data-move")) { jumpFrom(ev); }
    });
    // Swipe left or right across the board to step on a touch screen.
    var board = el("board-svg"), x0 = null, y0 = null;
    board.addEventListener("touchstart", function (ev) {
      if (ev.touches.length === 1) { x0 = ev.touches[0].clientX; y0 = ev.touches[0].clientY; }
    }, { passive: true });
    board.addEventListener("touchend", function (ev) {
      if (x0 === null) { return; }
      var t = ev.changedTouches[0], dx = t.clientX - x0, dy = t.clientY - y0;
      x0 = null;
      if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) { stop(); show(st.frame + (dx < 0 ? 1 : -1)); }
    }, { passive: true });
    window.addEventListener("hashchange", fromHash);
  }

  // The packed frames: base64 of zlib-deflated JSON, inflated by the browser itself.
  function inflate(text) {
    var raw = atob(text), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).text();
  }

  inflate(el("replay-data").textContent.trim()).then(function (json) {
    data = JSON.parse(json);
    last = data.frames - 1;
    wire();
    fromHash();
    document.body.setAttribute("data-ready", "1");
  });
}());
