// Run in the head, before anything is drawn: with the index's "Hide winners and scores" on,
// the page starts with winners hidden (the class the stylesheet reads) and the window's title
// is the one that gives nothing away, so neither shows while the rest of the page loads.
try {
  if (localStorage.getItem("replaykit-index-spoilers") === "hidden") {
    document.documentElement.classList.add("no-spoilers");
    var plain = document.querySelector('meta[name="plain-title"]');
    if (plain) { document.title = plain.content; }
  }
} catch (e) { /* storage refused: nothing is hidden */ }
