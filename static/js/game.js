// The game page, live: forms post by fetch, the socket pushes this seat's table after every move.
// Without this file every form still works as a plain POST (reload to see others' moves).
(function () {
  "use strict";
  const root = document.getElementById("game");
  if (!root) return;
  const errorBox = document.getElementById("game-error");
  const liveState = document.getElementById("live-state");
  const csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  let busy = false;

  function showError(text) {
    errorBox.textContent = text || "";
    errorBox.hidden = !text;
  }

  // What the page shows: the step and status of the table actually drawn.
  function shown() {
    const live = root.querySelector(".live");
    return live ? { step: Number(live.dataset.step), status: live.dataset.status } : { step: -1 };
  }

  // Swap in a freshly rendered table, replacing only the parts whose HTML changed. Steps only
  // go forward: a table older than the one shown is dropped (a reply can arrive after the
  // socket already brought something newer), so the page never goes back in time.
  function apply(html, newStep, status) {
    const now = shown();
    if (newStep < now.step || (newStep === now.step && status === now.status)) return;
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
    root.dataset.step = String(shown().step);
    labelAll();
    if (replacedFocus) {
      const target = document.getElementById("decision-h") || root.querySelector("[data-part=status]");
      if (target) { target.setAttribute("tabindex", "-1"); target.focus({ preventScroll: true }); }
    }
  }

  // The table as it stands, over HTTP: when the socket says we are behind, or is down. Asked
  // again while a read is on its way, it reads once more after it (that read may predate
  // what made us ask).
  let syncing = null, syncAgain = false;
  function sync() {
    if (syncing) {
      syncAgain = true;
      return syncing;
    }
    syncing = fetch(root.dataset.live, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then((r) => (r.ok ? r.text() : null))
      .then((html) => {
        if (!html) return;
        const tpl = document.createElement("template");
        tpl.innerHTML = html.trim();
        const live = tpl.content.querySelector(".live");
        if (live) apply(html, Number(live.dataset.step), live.dataset.status);
      })
      .catch(() => {})
      .finally(() => {
        syncing = null;
        if (syncAgain) {
          syncAgain = false;
          sync();
        }
      });
    return syncing;
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
      const n = chosen(form);
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
      apply(reply.html, reply.step, reply.status);
    } catch (err) {
      showError("Could not reach the server; your move was not sent. Try again.");
    } finally {
      busy = false;
      root.classList.remove("busy");
    }
  });

  // Choosing cards by clicking them: the confirm button says what it will do ("Discard 2 cards").
  function chosen(form) {
    return Array.from(form.elements).filter((e) => e.type === "checkbox" && e.checked).length;
  }
  function labelConfirm(form) {
    const button = form && form.querySelector("button.confirm[data-verb]");
    if (!button) return;
    const n = chosen(form), min = Number(button.dataset.min);
    const cards = (k) => k + " card" + (k === 1 ? "" : "s");
    if (n === 0 && min > 0) button.textContent = "Choose " + cards(min) + " to " + button.dataset.verb.toLowerCase();
    else button.textContent = button.dataset.verb + " " + (n === 0 ? "nothing" : cards(n));
  }
  function labelAll() { root.querySelectorAll("form.decision").forEach(labelConfirm); }
  document.addEventListener("change", (event) => {
    if (event.target.matches && event.target.matches("input[type=checkbox]")) labelConfirm(event.target.form);
  });
  labelAll();

  // A card's full text: hover or focus shows it (CSS); a long press (or right click, or "i" on a
  // focused card) opens it in a dialog large enough to read on a phone.
  const dialog = document.getElementById("card-dialog");
  let pressTimer = null;
  function showCard(card) {
    const tip = card && card.querySelector(".card-tip");
    if (!dialog || !tip) return false;
    const body = dialog.querySelector(".card-dialog-body");
    body.className = "card-dialog-body card " + Array.from(card.classList).filter((c) => c.startsWith("type-")).join(" ");
    body.innerHTML = tip.innerHTML;
    dialog.showModal();
    return true;
  }
  document.addEventListener("contextmenu", (event) => {
    const card = event.target.closest && event.target.closest(".card");
    if (card && showCard(card)) event.preventDefault();
  });
  document.addEventListener("pointerdown", (event) => {
    const card = event.target.closest && event.target.closest(".card");
    if (!card || event.pointerType !== "touch") return;
    clearTimeout(pressTimer);
    // Once the dialog is open the card under the finger is inert, so lifting it buys nothing.
    pressTimer = setTimeout(() => showCard(card), 550);
  });
  ["pointerup", "pointercancel", "pointermove"].forEach((type) => document.addEventListener(type, (event) => {
    if (type !== "pointermove" || Math.abs(event.movementX) + Math.abs(event.movementY) > 8) clearTimeout(pressTimer);
  }));

  // Keyboard: T plays all Treasures, E ends the turn (when those buttons are on the page).
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target.tagName || "").toLowerCase();
    const card = event.target.closest && event.target.closest(".card");
    if (card && event.key === "i" && showCard(card)) { event.preventDefault(); return; }
    if (tag === "input" && event.target.type === "checkbox" && event.key === "Enter") {
      event.preventDefault();  // Enter on a chosen card confirms the choice
      const confirm = event.target.form && event.target.form.querySelector("button.confirm");
      if (confirm) confirm.click();
      return;
    }
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const button = root.querySelector('button[data-key="' + CSS.escape(event.key.toLowerCase()) + '"]');
    if (button) { event.preventDefault(); button.click(); }
  });

  // The socket: "game moved" arrives as this seat's freshly rendered table. Every open (first
  // or after a drop) says which step is shown and gets anything newer; a heartbeat does the
  // same now and then, and a socket that stops answering it is dropped and opened again.
  const HEARTBEAT_MS = 20000, SILENT_MS = 8000, POLL_MS = 15000, TICK_MS = 4000;
  let delay = 500, socket = null, heard = 0, pinged = 0, polled = 0;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = socket = new WebSocket(scheme + location.host + root.dataset.ws);
    ws.onopen = () => {
      delay = 500;
      setState(true);
      have(ws);
    };
    ws.onmessage = (event) => {
      heard = Date.now();
      const msg = JSON.parse(event.data);
      if (msg.type === "moved") apply(msg.html, msg.step, msg.status);
      else if (msg.type === "at" && (msg.step > shown().step || msg.status !== shown().status)) sync();
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;  // already replaced (see drop)
      socket = null;
      setState(false);
      if (event.code === 4403) return;  // refused: not allowed to watch this game
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  // A socket that no longer answers: forget it at once (its close may take minutes) and reopen.
  function drop(ws) {
    socket = null;
    ws.onclose = null;
    ws.close();
    setState(false);
    setTimeout(connect, 0);
  }
  function have(ws, ping) {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ping) pinged = Date.now();
    ws.send(JSON.stringify(ping ? { have: shown().step, ping: true } : { have: shown().step }));
  }
  setInterval(() => {
    const now = Date.now();
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      // While the socket is down, look over HTTP now and then so the table keeps up.
      if (document.visibilityState === "visible" && now - polled > POLL_MS) { polled = now; sync(); }
      return;
    }
    if (pinged > heard && now - pinged > SILENT_MS) drop(socket);
    else if (now - Math.max(heard, pinged) > HEARTBEAT_MS) have(socket, true);
  }, TICK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    if (socket && socket.readyState === WebSocket.OPEN) have(socket, true); else sync();
  });
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
