(function () {
  "use strict";
  // The index: draws one page of replay cards from the embedded records. Player text is
  // only ever set as text (textContent), never parsed as markup.
  var PAGE = 24;
  var KEY = "replaykit-index-spoilers";
  var el = function (id) { return document.getElementById(id); };
  var head = JSON.parse(el("index-head").textContent);
  var blocks = document.querySelectorAll("script.index-chunk");
  var F = {};
  head.fields.forEach(function (name, i) { F[name] = i; });
  var rows = [], parsed = 0, lowNames = null;
  var st = { page: 0, q: "", player: "", game: "", length: "", sort: "list" };
  var form = el("filters"), cards = el("cards"), count = el("count"), pager = el("pager");

  function parseNext() {
    var part = JSON.parse(blocks[parsed].textContent);
    for (var i = 0; i < part.length; i++) { part[i].push(rows.length); rows.push(part[i]); }
    parsed++;
  }
  function parseAll() { while (parsed < blocks.length) { parseNext(); } }
  function total() { return head.count; }

  function lengthOf(turns) { return turns <= 50 ? "short" : (turns <= 100 ? "medium" : "long"); }
  function names() {
    if (lowNames === null) { lowNames = head.names.map(function (n) { return n.toLowerCase(); }); }
    return lowNames;
  }
  function matches(r) {
    if (st.game !== "" && String(r[F.game]) !== st.game) { return false; }
    if (st.length !== "" && lengthOf(r[F.turns]) !== st.length) { return false; }
    if (st.q !== "") {
      // With winners hidden only what a card shows is searched: the title and note may tell.
      var text = (hidden() ? plainTitle(r) : r[F.title] + " " + r[F.note]).toLowerCase();
      if (text.indexOf(st.q) < 0) { return false; }
    }
    if (st.player !== "") {
      var low = names(), seats = r[F.players], found = false;
      for (var i = 0; i < seats.length && !found; i++) { found = low[seats[i][0]].indexOf(st.player) >= 0; }
      if (!found) { return false; }
    }
    return true;
  }
  var sorts = {
    title: function (a, b) { return shownTitle(a).localeCompare(shownTitle(b)); },
    "turns-": function (a, b) { return b[F.turns] - a[F.turns]; },
    "turns+": function (a, b) { return a[F.turns] - b[F.turns]; },
    "moves-": function (a, b) { return b[F.moves] - a[F.moves]; },
    "moves+": function (a, b) { return a[F.moves] - b[F.moves]; },
    "players-": function (a, b) { return b[F.players].length - a[F.players].length; }
  };
  var ORDER = head.fields.length; // where parseNext keeps a record's place in the list

  // The records of the current page, and how many records match in all.
  function selection() {
    var from = st.page * PAGE;
    if (st.q === "" && st.player === "" && st.game === "" && st.length === "" && st.sort === "list") {
      while (rows.length < from + PAGE && parsed < blocks.length) { parseNext(); }
      return { list: rows.slice(from, from + PAGE), size: total() };
    }
    parseAll();
    var found = rows.filter(matches);
    if (st.sort !== "list") {
      var cmp = sorts[st.sort];
      found.sort(function (a, b) { return cmp(a, b) || a[ORDER] - b[ORDER]; });
    }
    return { list: found.slice(from, from + PAGE), size: found.length };
  }

  function node(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) { n.className = cls; }
    if (text !== undefined) { n.textContent = text; }
    return n;
  }
  // A title that gives nothing away, shown for the publisher's while winners and scores are
  // hidden: the game and who played it (the words of toolkit.site.index.plain_title).
  function plainTitle(r) {
    var names = r[F.players].map(function (p) { return head.names[p[0]]; });
    var game = head.games[r[F.game]];
    var listed = names.length < 2 ? (names[0] || "nobody")
      : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
    return game.charAt(0).toUpperCase() + game.slice(1) + " with " + listed;
  }
  function hidden() { return document.body.classList.contains("no-spoilers"); }
  function shownTitle(r) { return hidden() ? plainTitle(r) : r[F.title]; }

  function card(r) {
    var slug = /^[a-z0-9_-]+$/.test(r[F.slug]) ? r[F.slug] : "";
    var base = "replays/" + slug;
    var li = node("li", "card");
    var thumb = node("a", "thumb");
    thumb.href = base + ".html";
    thumb.tabIndex = -1;
    var img = node("img");
    img.setAttribute("data-base", base);
    img.setAttribute("data-title", shownTitle(r));
    picture(img);
    img.loading = "lazy";
    img.width = 120;
    thumb.appendChild(img);
    li.appendChild(thumb);
    var text = node("div", "text");
    var h = node("h2");
    var link = node("a", "", shownTitle(r));
    link.href = base + ".html";
    h.appendChild(link);
    text.appendChild(h);
    text.appendChild(node("p", "meta", [
      head.games[r[F.game]], head.boards[r[F.board]], r[F.turns] + " turns", r[F.moves] + " moves"
    ].join(" \u00b7 ")));
    var seats = node("ul", "seats");
    r[F.players].forEach(function (p, seat) {
      var item = node("li");
      item.appendChild(node("span", "chip ink-" + seat));
      item.appendChild(document.createTextNode(head.names[p[0]] + " "));  // a space between the words read aloud
      item.appendChild(node("span", "vp", p[1] + " VP"));
      if (seat === r[F.winner]) { item.appendChild(document.createTextNode(" ")); item.appendChild(node("span", "win", "winner")); }
      seats.appendChild(item);
    });
    text.appendChild(seats);
    if (r[F.note]) { text.appendChild(node("p", "note", r[F.note])); }
    var save = node("p", "save");
    var dl = node("a", "", "Download save");
    dl.href = base + ".json";
    dl.setAttribute("download", "");
    save.appendChild(dl);
    text.appendChild(save);
    li.appendChild(text);
    return li;
  }

  function draw() {
    var sel = selection();
    var pages = Math.max(1, Math.ceil(sel.size / PAGE));
    if (st.page >= pages) { st.page = pages - 1; sel = selection(); }
    var frag = document.createDocumentFragment();
    sel.list.forEach(function (r) { frag.appendChild(card(r)); });
    cards.textContent = "";
    cards.appendChild(frag);
    var first = sel.size ? st.page * PAGE + 1 : 0;
    count.textContent = sel.size === 0 ? "No replay matches." :
      "Replays " + first + "\u2013" + (st.page * PAGE + sel.list.length) + " of " + sel.size +
      (sel.size === total() ? "" : " matching (" + total() + " in all)");
    pager.hidden = pages < 2;
    el("page").textContent = "page " + (st.page + 1) + " of " + pages;
    el("prev").disabled = st.page === 0;
    el("next").disabled = st.page >= pages - 1;
    document.body.setAttribute("data-shown", String(sel.list.length));
  }

  // With winners and scores hidden a card shows the bare island: the final board would tell.
  function picture(img) {
    var hide = document.body.classList.contains("no-spoilers");
    img.src = img.getAttribute("data-base") + (hide ? ".island.svg" : ".svg");
    img.alt = (hide ? "island of " : "final board of ") + img.getAttribute("data-title");
  }

  function spoilers(hide, keep) {
    document.body.classList.toggle("no-spoilers", hide);
    el("spoilers").checked = hide;
    if (cards.firstChild) { draw(); }  // the cards again, with the titles and pictures now due
    if (keep) {
      try { localStorage.setItem(KEY, hide ? "hidden" : "shown"); } catch (e) { /* storage refused */ }
    }
  }

  head.games.forEach(function (g, i) {
    var option = node("option", "", g);
    option.value = String(i);
    el("game").appendChild(option);
  });
  var stored = null;
  try { stored = localStorage.getItem(KEY); } catch (e) { stored = null; }
  spoilers(stored === "hidden", false);
  el("spoilers").addEventListener("change", function () { spoilers(el("spoilers").checked, true); });
  function refilter() {
    st.q = el("q").value.trim().toLowerCase();
    st.player = el("player").value.trim().toLowerCase();
    st.game = el("game").value;
    st.length = el("length").value;
    st.sort = el("sort").value;
    st.page = 0;
    draw();
  }
  ["q", "player"].forEach(function (id) { el(id).addEventListener("input", refilter); });
  ["game", "length", "sort"].forEach(function (id) { el(id).addEventListener("change", refilter); });
  form.addEventListener("submit", function (ev) { ev.preventDefault(); });
  function turn(d) { st.page += d; draw(); cards.focus(); window.scrollTo(0, 0); }
  el("prev").addEventListener("click", function () { turn(-1); });
  el("next").addEventListener("click", function () { turn(1); });
  form.hidden = false;
  draw();
}());
