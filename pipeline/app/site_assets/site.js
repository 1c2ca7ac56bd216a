// pnp serve / pnp review --html: the gallery's search and filters, and (served live) the page kept up to date.
// Plain JavaScript, no build step. A round's news comes as a server-sent event; the page then fetches itself
// and swaps its <main> in place, so a saved edit shows without a reload and the changed cards are marked.
"use strict";

function filterGallery() {
  const search = document.getElementById("search");
  const tiles = document.querySelectorAll(".gallery .tile[data-key]");
  if (!tiles.length) return;
  const words = search ? search.value.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const chosen = {};
  document.querySelectorAll("select[data-filter]").forEach((select) => {
    if (select.value) chosen[select.dataset.filter] = select.value;
  });
  let shown = 0;
  tiles.forEach((tile) => {
    const text = tile.dataset.search || "";
    let visible = words.every((word) => text.includes(word));
    for (const [name, value] of Object.entries(chosen)) {
      const have = (tile.dataset[name] || "").split(" ");
      if (!have.includes(value)) visible = false;
    }
    tile.hidden = !visible;
    if (visible) shown += 1;
  });
  const count = document.getElementById("shown");
  if (count) count.textContent = `${shown} of ${tiles.length} cards`;
}

function keepFilters(apply) {
  // The search and the filters as the user left them, put back after the page's content is swapped.
  const state = {};
  const search = document.getElementById("search");
  if (search) state.search = search.value;
  document.querySelectorAll("select[data-filter]").forEach((s) => { state[s.dataset.filter] = s.value; });
  apply();
  const again = document.getElementById("search");
  if (again && state.search !== undefined) again.value = state.search;
  document.querySelectorAll("select[data-filter]").forEach((s) => {
    if (state[s.dataset.filter] !== undefined) s.value = state[s.dataset.filter];
  });
  wire();
}

function firstLocale() {
  // The gallery opens on the first locale: the same cards in every locale are one click away.
  const select = document.querySelector('select[data-filter="locale"]');
  if (select && !select.value && select.options.length > 2 && !sessionStorage.getItem("pnp-locale-chosen")) {
    select.value = select.options[1].value;
  }
}

function wire() {
  firstLocale();
  const search = document.getElementById("search");
  if (search) search.oninput = filterGallery;
  document.querySelectorAll("select[data-filter]").forEach((select) => {
    select.onchange = () => {
      if (select.dataset.filter === "locale") sessionStorage.setItem("pnp-locale-chosen", "1");
      filterGallery();
    };
  });
  filterGallery();
}

async function refresh(news) {
  const status = document.getElementById("status");
  const response = await fetch(location.href, { cache: "no-store" });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("main");
  const main = document.getElementById("main");
  if (!fresh || !main) return;
  keepFilters(() => { main.innerHTML = fresh.innerHTML; main.dataset.round = fresh.dataset.round; });
  const nav = page.querySelector("nav");
  const here = document.querySelector("nav");
  if (nav && here) {
    const line = here.querySelector("#status");
    here.innerHTML = nav.innerHTML;
    if (line) here.querySelector("#status").replaceWith(line);
  }
  document.body.dataset.round = String(news.round);
  if (status) {
    const changed = news.changed.length ? `${news.changed.length} card(s) changed` : "no card changed";
    status.textContent = `round ${news.round}: ${changed}, ${news.findings} finding(s)` + (news.problem ? " - see the alert" : "");
  }
}

function listen() {
  if (!document.body.dataset.live || !window.EventSource) return;
  const status = document.getElementById("status");
  const source = new EventSource(document.body.dataset.root + "events");
  source.onmessage = (event) => { refresh(JSON.parse(event.data)); };
  source.onerror = () => { if (status) status.textContent = "server gone: reconnecting"; };
  source.onopen = () => { if (status && status.textContent.startsWith("server gone")) status.textContent = "live"; };
}

wire();
listen();
