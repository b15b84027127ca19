// The game page, live: forms post by fetch, the socket pushes this seat's table after every move.
// Without this file every form still works as a plain POST (reload to see others' moves).
(function () {
  "use strict";
  const root = document.getElementById("game");
  if (!root) return;
  const errorBox = document.getElementById("game-error");
  const liveState = document.getElementById("live-state");
  const csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  let step = Number(root.dataset.step);
  let busy = false;

  function showError(text) {
    errorBox.textContent = text || "";
    errorBox.hidden = !text;
  }

  // Swap in a freshly rendered table, replacing only the parts whose HTML changed.
  function apply(html, newStep, force, status) {
    const shown = root.querySelector(".live");
    const news = newStep > step || (status && shown && shown.dataset.status !== status);
    if (!force && !news) return;
    const tpl = document.createElement("template");
    tpl.innerHTML = html.trim();
    const fresh = tpl.content.querySelector(".live");
    const current = root.querySelector(".live");
    if (!fresh || !current) return;
    const focused = document.activeElement;
    const names = (el) => Array.from(el.querySelectorAll("[data-part]")).map((p) => p.dataset.part).join();
    let replacedFocus = false;
    if (names(fresh) !== names(current)) {
      replacedFocus = current.contains(focused);
      current.replaceWith(fresh);
    } else {
      fresh.querySelectorAll("[data-part]").forEach((part) => {
        const old = current.querySelector('[data-part="' + part.dataset.part + '"]');
        if (old && old.outerHTML !== part.outerHTML) {
          if (old.contains(focused)) replacedFocus = true;
          old.replaceWith(part);
        }
      });
      current.dataset.step = fresh.dataset.step;
      current.dataset.status = fresh.dataset.status;
    }
    step = Math.max(step, newStep);
    root.dataset.step = String(step);
    if (replacedFocus) {
      const target = document.getElementById("decision-h") || root.querySelector("[data-part=status]");
      if (target) { target.setAttribute("tabindex", "-1"); target.focus({ preventScroll: true }); }
    }
  }

  // Decisions: the same POST as without JavaScript, answered with JSON.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches || !form.matches("form.decision")) return;
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form, event.submitter || undefined);
    const done = form.querySelector("button[data-min]");
    if (done && event.submitter === done) {
      const n = form.querySelectorAll("input[type=checkbox]:checked").length;
      if (n < Number(done.dataset.min) || n > Number(done.dataset.max)) {
        const min = done.dataset.min, max = done.dataset.max;
        showError("Choose " + (min === max ? min : min + " to " + max) + ", not " + n + ".");
        return;
      }
    }
    busy = true;
    root.classList.add("busy");
    try {
      const response = await fetch(form.action, {
        method: "POST", body: data, credentials: "same-origin",
        headers: { "X-Requested-With": "fetch", "X-CSRFToken": csrf, "Accept": "application/json" },
      });
      const reply = await response.json();
      showError(reply.error);
      apply(reply.html, reply.step, true);
    } catch (err) {
      showError("Could not reach the server; your move was not sent. Try again.");
    } finally {
      busy = false;
      root.classList.remove("busy");
    }
  });

  // Keyboard: T plays all Treasures, E ends the turn (when those buttons are on the page).
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const button = root.querySelector('button[data-key="' + event.key.toLowerCase() + '"]');
    if (button) { event.preventDefault(); button.click(); }
  });

  // The socket: "game moved" arrives as this seat's freshly rendered table.
  let delay = 500;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + root.dataset.ws);
    ws.onopen = () => {
      delay = 500;
      setState(true);
      ws.send(JSON.stringify({ have: step }));
    };
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "moved") apply(msg.html, msg.step, false, msg.status);
    };
    ws.onclose = (event) => {
      setState(false);
      if (event.code === 4403) return;  // refused: not allowed to watch this game
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  function setState(on) {
    liveState.hidden = false;
    liveState.className = "live-state " + (on ? "on" : "off");
    liveState.textContent = on ? "live" : "reconnecting…";
    root.dataset.socket = on ? "open" : "closed";
  }
  connect();

  // Presence: while a seated player has the page open and visible, no "your turn" emails.
  const presence = root.dataset.presence;
  function heartbeat() {
    if (document.visibilityState !== "visible") return;
    fetch(presence, { method: "POST", credentials: "same-origin",
                      headers: { "X-CSRFToken": csrf } }).catch(() => {});
  }
  if (presence) {
    heartbeat();
    setInterval(heartbeat, 30000);
    document.addEventListener("visibilitychange", heartbeat);
  }
})();
