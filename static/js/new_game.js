// The create-game form: choosing a recommended kingdom (or ticking cards) selects that way of
// choosing; the picker's filters (Attack, +Buy, set). Without this file the server infers it.
(function () {
  "use strict";
  const form = document.querySelector("form.create-game");
  if (!form) return;
  const mode = (value) => form.querySelector('input[name="kingdom_mode"][value="' + value + '"]');
  const explicit = document.createElement("input");
  explicit.type = "hidden";
  explicit.name = "kingdom_mode_explicit";
  form.appendChild(explicit);

  form.addEventListener("change", (event) => {
    const el = event.target;
    if (el.name === "recommended" && mode("recommended")) mode("recommended").checked = true;
    else if (el.name === "custom_cards" && el.checked && mode("custom")) mode("custom").checked = true;
    else if (el.name === "kingdom_mode") explicit.value = "1";  // the player chose it
    else return;
  });

  const filters = form.querySelector(".kingdom-filters");
  if (!filters) return;
  filters.hidden = false;
  const items = Array.from(form.querySelectorAll(".kingdom-options > li[data-sets]"));
  const count = filters.querySelector("[data-filter-count]");
  function apply() {
    const attack = filters.querySelector('[data-filter="attack"]').checked;
    const buy = filters.querySelector('[data-filter="buy"]').checked;
    const set = filters.querySelector('[data-filter="set"]').value;
    let shown = 0;
    items.forEach((li) => {
      const ok = (!attack || li.dataset.attack === "1") && (!buy || li.dataset.buy === "1")
        && (!set || li.dataset.sets.split(" ").includes(set));
      li.hidden = !ok;
      if (ok) shown += 1;
    });
    count.textContent = shown + " of " + items.length + " kingdoms";
  }
  filters.addEventListener("change", apply);
  filters.addEventListener("input", apply);
  apply();
})();
