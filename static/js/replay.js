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
  // the share link is selected when focused, ready to copy (here, not inline: the site's
  // Content-Security-Policy runs no inline handler)
  const share = document.querySelector(".share input");
  if (share) share.addEventListener("focus", () => share.select());
})();
