// The header's "your turn in N games" badge, kept live on every page: the account's event
// stream (the same socket API clients use, here on the session) says when one of the
// player's games moved, started or ended; the badge is then fetched again as HTML.
(() => {
  "use strict";
  const badge = document.querySelector(".your-turn-badge[data-badge]");
  if (!badge || !("WebSocket" in window)) return;
  const WATCHED = new Set(["game_moved", "your_turn", "game_ended", "challenge"]);
  let timer = null;
  let retry = 1000;

  // Reads can overlap (an event during a slow read schedules another): only the newest one
  // asked for is drawn, so an older answer arriving last never puts the badge back.
  let asked = 0;
  async function refresh() {
    timer = null;
    const mine = ++asked;
    try {
      const response = await fetch(badge.dataset.badge, {
        credentials: "same-origin", headers: { "X-Requested-With": "fetch" },
      });
      if (!response.ok || mine !== asked) return;
      const html = (await response.text()).trim();
      if (mine !== asked) return;
      if (badge.innerHTML.trim() !== html) badge.innerHTML = html;
      badge.dataset.fresh = String(Date.now());
    } catch (error) {
      // offline for a moment: the next event or reconnection fetches it again
    }
  }

  function soon() {
    // one fetch for a burst of events (a bot answering right after the player's move)
    if (timer === null) timer = setTimeout(refresh, 300);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + badge.dataset.ws);
    socket.onopen = () => { badge.dataset.socket = "open"; retry = 1000; };
    socket.onmessage = (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch (error) { return; }
      if (WATCHED.has(String(data.type).split(".")[0])) soon();
    };
    socket.onclose = (event) => {
      badge.dataset.socket = "closed";
      if (event.code === 4401 || event.code === 4403) return;  // logged out: stay quiet
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 60000);
    };
  }

  // A tab brought back to the front may have missed events while its socket was down.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") soon();
  });
  connect();
})();
