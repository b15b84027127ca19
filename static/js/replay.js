// The replay viewer: arrow keys step through the game (Shift: a turn); the links work alone.
(function () {
  "use strict";
  const nav = document.getElementById("replay");
  if (!nav) return;
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const key = { ArrowLeft: event.shiftKey ? "prev-turn" : "prev",
                  ArrowRight: event.shiftKey ? "next-turn" : "next" }[event.key];
    const link = key && nav.querySelector('a[data-nav="' + key + '"]');
    if (link) { event.preventDefault(); location.href = link.href; }
  });
})();
