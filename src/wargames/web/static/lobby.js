"use strict";
// The lobby: create a game from the catalogue, or upload a replay to watch.
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
  const seats = $("seats");
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats" }));
  game.players.forEach((player, i) => {
    const label = document.createElement("label");
    label.textContent = player + " ";
    const select = document.createElement("select");
    select.name = "seat-" + player;
    select.dataset.player = player;
    catalog.bots.forEach((b) => option(select, b));
    select.value = i === 0 ? "human" : "random";
    label.append(select);
    seats.append(label);
  });
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
  const request = { game: $("game").value, variant: $("variant").value || null, options, seats };
  const response = await fetch("/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("problem").textContent = answer.error;
    return;
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
  $("links").hidden = false;
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
}
main();
