"use strict";
// The lobby: create a game from the catalogue, join an open game's free seat, or upload a
// replay to watch.
const $ = (id) => document.getElementById(id);
let catalog = null;

function option(select, value, text) {
  const item = document.createElement("option");
  item.value = value;
  item.textContent = text ?? value;
  select.append(item);
}

function chooseGame() {
  const game = catalog.games.find((g) => g.name === $("game").value);
  $("variant").replaceChildren();
  game.variants.filter((v) => v !== "").forEach((v) => option($("variant"), v));
  $("variant").disabled = $("variant").options.length === 0;
  $("options").value = JSON.stringify(game.demo_options);
  $("options").title = "defaults: " + JSON.stringify(game.options);
  chooseSetup(game);
  const seats = $("seats");
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats" }));
  game.players.forEach((player, i) => {
    const label = document.createElement("label");
    label.textContent = player + " ";
    const select = document.createElement("select");
    select.name = "seat-" + player;
    select.dataset.player = player;
    const level = (b) => (b in catalog.levels ? `${b} bot (${catalog.levels[b]})` : b);
    catalog.bots.forEach((b) => option(select, b, level(b)));
    select.value = i === 0 ? "human" : "random";
    label.append(select);
    seats.append(label);
  });
}

function chooseSetup(game) {
  // A list per set-up keyword that offers values (each in the game's words), its default
  // first; the fieldset is hidden for a game without any.
  const setup = $("setup");
  setup.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Set-up" }));
  const offered = game.setup.filter((k) => k.values.length > 0);
  offered.forEach((keyword) => {
    const label = Object.assign(document.createElement("label"), { title: keyword.about });
    label.textContent = keyword.name.replaceAll("_", " ") + " ";
    const select = document.createElement("select");
    select.name = "setup-" + keyword.name;
    select.dataset.keyword = keyword.name;
    select.dataset.default = JSON.stringify(keyword.default);
    keyword.values.forEach((v) => option(select, JSON.stringify(v.value), v.words));
    label.append(select);
    setup.append(label);
  });
  setup.hidden = offered.length === 0;
}

function chosenSetup() {
  // The set-up keywords chosen away from their defaults.
  const setup = {};
  document.querySelectorAll("#setup select").forEach((s) => {
    if (s.value !== s.dataset.default) setup[s.dataset.keyword] = JSON.parse(s.value);
  });
  return setup;
}

async function create(event) {
  event.preventDefault();
  $("problem").textContent = "";
  let options;
  try {
    options = JSON.parse($("options").value || "{}");
  } catch (error) {
    $("problem").textContent = "The options are not JSON: " + error.message;
    return;
  }
  const seats = {};
  document.querySelectorAll("#seats select").forEach((s) => { seats[s.dataset.player] = s.value; });
  const listed = $("listed").checked;
  const request = {
    game: $("game").value, variant: $("variant").value || null, options,
    setup: chosenSetup(), seats, listed,
  };
  const response = await fetch("/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("problem").textContent = answer.error;
    return;
  }
  const first = Object.keys(seats).find((p) => seats[p] === "human");
  if (listed && first !== undefined) {
    const taken = await take(answer.id, first);
    if (taken) answer.seats[first] = taken;
  }
  const list = $("link-list");
  list.replaceChildren();
  const add = (name, url, id) => {
    const item = document.createElement("li");
    const link = Object.assign(document.createElement("a"), { href: url, id, target: "_blank" });
    link.textContent = new URL(url, location.href).href;
    item.append(name + ": ", link);
    list.append(item);
  };
  Object.entries(answer.seats).forEach(([p, s]) => add(p, s.url, "link-" + p));
  add("spectators", answer.spectators.url, "link-spectators");
  $("links").dataset.game = answer.id;
  $("links").hidden = false;
  showOpen();
}

async function take(id, seat) {
  // Take a free seat of a listed game: its link, or null (the problem shown).
  $("join-problem").textContent = "";
  const url = "/api/games/" + encodeURIComponent(id) + "/seats/" + encodeURIComponent(seat);
  const response = await fetch(url, { method: "POST" });
  const answer = await response.json();
  if (!response.ok) {
    $("join-problem").textContent = answer.error;
    showOpen();
    return null;
  }
  return answer;
}

async function showOpen() {
  const answer = await (await fetch("/api/lobby")).json();
  const list = $("open-games");
  list.replaceChildren();
  answer.games.forEach((g) => {
    const item = document.createElement("li");
    item.dataset.game = g.id;
    const seats = Object.entries(g.seats).filter(([p]) => !g.free.includes(p))
      .map(([p, s]) => p + ": " + (s === "human" ? "taken" : s));
    const others = seats.length ? " (" + seats.join(", ") + ")" : "";
    item.append((g.game + " " + g.variant).trim() + others);
    g.free.forEach((seat) => {
      const button = Object.assign(document.createElement("button"), {
        textContent: "Join as " + seat,
      });
      button.dataset.seat = seat;
      button.addEventListener("click", async () => {
        const taken = await take(g.id, seat);
        if (taken) location.href = taken.url;
      });
      item.append(" ", button);
    });
    list.append(item);
  });
  $("open-none").hidden = answer.games.length > 0;
}

async function upload() {
  $("replay-problem").textContent = "";
  const file = $("replay-file").files[0];
  if (!file) return;
  const response = await fetch("/api/replays", { method: "POST", body: await file.text() });
  const answer = await response.json();
  if (!response.ok) {
    $("replay-problem").textContent = answer.error;
    return;
  }
  location.href = answer.spectators.url + "#step=0";
}

async function main() {
  catalog = await (await fetch("/api/catalog")).json();
  catalog.games.forEach((g) => option($("game"), g.name));
  $("game").addEventListener("change", chooseGame);
  $("create").addEventListener("submit", create);
  $("replay-file").addEventListener("change", upload);
  chooseGame();
  showOpen();
  setInterval(showOpen, 10000);
}
main();
