// The game page's table panel, live: chat lines arrive over a socket of their own, undo and
// rematch changes refresh the panel, an applied undo reloads the page (the game went back).
// Without this file every form still works as a plain POST.
(function () {
  "use strict";
  const panel = document.getElementById("social");
  if (!panel) return;
  const csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  let refreshing = null;
  let again = false;  // a change heard while a refresh was already on its way

  function lines() { return document.getElementById("chat-lines"); }

  // Text only: a chat line is never HTML.
  function addLine(message) {
    const list = lines();
    if (!list || list.querySelector('[data-id="' + message.id + '"]')) return;
    const li = document.createElement("li");
    li.className = "chat-line" + (message.spectator ? " from-spectator" : "");
    li.dataset.id = String(message.id);
    // <bdi>: a name or line in another direction, or with bidi controls in it, cannot
    // reorder what follows it on the line (the mute button, the next words)
    const author = document.createElement("bdi");
    author.className = "chat-author";
    author.textContent = message.name;
    li.appendChild(author);
    if (message.spectator) {
      const small = document.createElement("small");
      small.className = "muted";
      small.textContent = " (spectator)";
      li.appendChild(small);
    }
    li.appendChild(document.createTextNode(": "));
    const body = document.createElement("bdi");
    body.className = "chat-body";
    body.textContent = message.body;
    li.appendChild(body);
    list.appendChild(li);
    li.scrollIntoView({ block: "nearest" });
  }

  // Chat lines this page heard over the socket after the panel's read was made are newer
  // than anything in it (ids only grow): carried over, or the swap would drop them until the
  // next refresh.
  function keepNewerLines(old, part) {
    const had = old.querySelector("#chat-lines");
    const got = part.querySelector("#chat-lines");
    if (!had || !got) return;
    const newest = Math.max(0, ...Array.from(got.children, (li) => Number(li.dataset.id) || 0));
    had.querySelectorAll(":scope > li[data-id]").forEach((li) => {
      if (Number(li.dataset.id) > newest) got.appendChild(li.cloneNode(true));
    });
  }

  function removeLine(id) {
    const li = lines() && lines().querySelector('[data-id="' + id + '"]');
    if (li) li.remove();
  }

  // Re-read the panel and swap every part but the message being typed. A change heard while
  // a read is on its way may be newer than what that read brings: read once more after it.
  async function refresh() {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      // The table's step when we ask: the panel is drawn after that, so a lower step in it
      // means the game went back. (Compared with the table as it is when the answer
      // arrives, a move made meanwhile looked like an undo and reloaded the page mid-click.)
      const table = document.getElementById("game");
      const asked = table ? Number(table.dataset.step) : -1;
      try {
        const response = await fetch(panel.dataset.panel, { credentials: "same-origin" });
        if (!response.ok) return;
        const tpl = document.createElement("template");
        tpl.innerHTML = (await response.text()).trim();
        const fresh = tpl.content.getElementById("social");
        if (!fresh) return;
        fresh.querySelectorAll("[data-social]").forEach((part) => {
          const old = panel.querySelector('[data-social="' + part.dataset.social + '"]');
          if (old) keepNewerLines(old, part);
          if (old && old.outerHTML !== part.outerHTML) old.replaceWith(part);
        });
        panel.dataset.step = fresh.dataset.step;
        panel.dataset.status = fresh.dataset.status;
        // The game went back (an undo we did not hear of): the whole table is out of date.
        if (table && Number(fresh.dataset.step) < asked) location.reload();
      } finally {
        refreshing = null;
        if (again) {
          again = false;
          refresh();
        }
      }
    })();
    return refreshing;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + panel.dataset.ws);
    // Whatever happened before the socket opened (a page loaded just before an undo) is
    // caught up by one refresh on every (re)connection.
    socket.onopen = () => { panel.dataset.socket = "open"; refresh(); };
    socket.onclose = () => {
      panel.dataset.socket = "closed";
      setTimeout(connect, 3000);
    };
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "chat") addLine(data.message);
      else if (data.type === "chat_hidden") removeLine(data.id);
      else if (data.type === "undo" && data.status === "applied") location.reload();
      else if (data.type === "changed" || data.type === "undo") {
        if (data.step === undefined || String(data.step) !== panel.dataset.step ||
            data.status !== panel.dataset.status) refresh();
      }
    };
  }

  // Chat: the same POST as without JavaScript, answered with JSON.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches || !form.matches("#chat-form")) return;
    event.preventDefault();
    const input = form.querySelector("[name=body]");
    const error = document.getElementById("chat-error");
    const response = await fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "X-CSRFToken": csrf, "Accept": "application/json" },
    });
    const reply = await response.json().catch(() => ({ ok: false, error: "server error" }));
    error.textContent = reply.ok ? "" : "Not sent: " + reply.error;
    error.hidden = reply.ok;
    if (reply.ok) {
      input.value = "";
      addLine(reply.message);
    }
  });

  connect();
})();
