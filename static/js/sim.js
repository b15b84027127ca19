// The simulation page: poll the status while the games run, move the progress bar, and
// reload once they are done (the page then shows the final results and chart).
(function () {
  "use strict";
  var box = document.getElementById("sim-progress");
  if (!box) { return; }
  var url = box.dataset.statusUrl;
  var bar = document.getElementById("sim-bar");
  var count = document.getElementById("sim-count");
  var status = document.getElementById("sim-status");
  var shown = Number(bar.value);
  function poll() {
    fetch(url, {headers: {"Accept": "application/json"}}).then(function (r) {
      return r.json();
    }).then(function (s) {
      bar.max = s.games;
      bar.value = s.done;
      count.textContent = s.done + " / " + s.games + " games";
      status.textContent = s.status;
      if (s.status === "done" || s.status === "failed") {
        window.location.reload();
        return;
      }
      if (s.done - shown >= Math.max(1, s.games / 5)) {  // fresh partial results now and then
        window.location.reload();
        return;
      }
      window.setTimeout(poll, 1000);
    }).catch(function () { window.setTimeout(poll, 3000); });
  }
  window.setTimeout(poll, 1000);
}());
