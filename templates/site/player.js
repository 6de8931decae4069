(function () {
  "use strict";
  // The replay player: it swaps precomputed fragments and knows nothing of the rules.
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var last = data.frames - 1;
  var speeds = [2000, 1200, 800, 500, 300, 150, 80];
  var st = { frame: 0, seat: "spectator", layer: -1, speed: 2, timer: null };
  var el = function (id) { return document.getElementById(id); };
  var pieces = el("pieces"), hdr = el("hdr"), panel = el("panel"), narration = el("narration");
  var counter = el("counter"), scrub = el("scrub"), seatSel = el("seat"), playBtn = el("btn-play");
  var links = document.querySelectorAll("#moves a[data-frame]");

  function clamp(n) { return Math.max(0, Math.min(last, n | 0)); }

  function show(n, keepHash) {
    n = clamp(n);
    var row = data.views[st.seat][n];
    if (row[0] !== st.layer) {
      pieces.innerHTML = data.layers[row[0]].map(function (i) { return data.pieces[i]; }).join("");
      st.layer = row[0];
    }
    hdr.innerHTML = data.parts[row[1]];
    var html = "";
    for (var i = 3; i < row.length; i++) {
      html += "<div class=\"prow\">" + data.rows[row[i]].map(function (p) { return data.parts[p]; }).join("") + "</div>";
    }
    panel.innerHTML = html + data.foots[row[2]].map(function (p) { return data.parts[p]; }).join("");
    if (links[st.frame]) { links[st.frame].classList.remove("on"); }
    st.frame = n;
    var link = links[n];
    if (link) {
      link.classList.add("on");
      var detail = link.getAttribute("title");
      narration.textContent = link.textContent + (detail ? " \u2014 " + detail : "");
      if (link.scrollIntoView) { link.scrollIntoView({ block: "nearest" }); }
    }
    counter.textContent = n + " / " + last;
    scrub.value = String(n);
    document.body.setAttribute("data-frame", String(n));
    document.body.setAttribute("data-seat", st.seat);
    if (!keepHash) {
      var hash = "#move=" + n + (st.seat === "spectator" ? "" : "&seat=" + st.seat);
      try { history.replaceState(null, "", hash); } catch (e) { /* some file:// hosts refuse */ }
    }
  }

  function stop() {
    if (st.timer !== null) { clearInterval(st.timer); st.timer = null; }
    playBtn.textContent = "\u25B6";
  }
  function start() {
    stop();
    if (st.frame >= last) { show(0); }
    st.timer = setInterval(function () {
      if (st.frame >= last) { stop(); return; }
      show(st.frame + 1);
    }, speeds[st.speed]);
    playBtn.textContent = "\u2016";
  }
  function toggle() { if (st.timer === null) { start(); } else { stop(); } }
  function setSpeed(d) {
    st.speed = Math.max(0, Math.min(speeds.length - 1, st.speed + d));
    el("speed").textContent = "speed " + (st.speed + 1);
    if (st.timer !== null) { start(); }
  }
  function setSeat(seat) {
    if (!Object.prototype.hasOwnProperty.call(data.views, seat)) { return; }
    st.seat = seat;
    seatSel.value = seat;
    st.layer = -1;
    show(st.frame);
  }

  function fromHash() {
    var m = /move=(\d+)/.exec(location.hash);
    var s = /seat=([a-z0-9]+)/.exec(location.hash);
    if (s && Object.prototype.hasOwnProperty.call(data.views, s[1])) {
      st.seat = s[1];
      seatSel.value = s[1];
      st.layer = -1;
    }
    show(m ? parseInt(m[1], 10) : st.frame, true);
  }

  var keys = {
    ArrowRight: 1, ArrowLeft: -1, j: 1, k: -1, PageDown: 10, PageUp: -10
  };
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var tag = ev.target && ev.target.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && ev.target.type !== "range")) { return; }
    var k = ev.key;
    if (Object.prototype.hasOwnProperty.call(keys, k)) { stop(); show(st.frame + keys[k]); }
    else if (k === "Home") { stop(); show(0); }
    else if (k === "End") { stop(); show(last); }
    else if (k === " " || k === "Spacebar") { toggle(); }
    else if (k === "+" || k === "=") { setSpeed(1); }
    else if (k === "-" || k === "_") { setSpeed(-1); }
    else { return; }
    ev.preventDefault();
  });
  // Buttons give the focus back to the page so Space and the arrows keep driving the player.
  function button(id, action) {
    el(id).addEventListener("click", function (ev) { ev.currentTarget.blur(); action(); });
  }
  button("btn-first", function () { stop(); show(0); });
  button("btn-prev", function () { stop(); show(st.frame - 1); });
  button("btn-next", function () { stop(); show(st.frame + 1); });
  button("btn-last", function () { stop(); show(last); });
  button("btn-play", toggle);
  scrub.addEventListener("input", function () { stop(); show(parseInt(scrub.value, 10)); });
  seatSel.addEventListener("change", function () { setSeat(seatSel.value); seatSel.blur(); });
  document.getElementById("moves").addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("a[data-frame]") : null;
    if (!a) { return; }
    ev.preventDefault();
    stop();
    show(parseInt(a.getAttribute("data-frame"), 10));
  });
  // A chart point (any element with data-move) jumps to its move in the view shown.
  var charts = document.getElementById("charts");
  if (charts) {
    charts.addEventListener("click", function (ev) {
      var a = ev.target.closest ? ev.target.closest("[data-move]") : null;
      if (!a) { return; }
      ev.preventDefault();
      stop();
      show(parseInt(a.getAttribute("data-move"), 10));
    });
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
}());
