"use strict";
// The table: one link's view, live.  Clicking a piece lights up where its legal actions go;
// an action whose odds the game words shows them first (they are in its label too); anything
// else is in the list of legal actions.
const $ = (id) => document.getElementById(id);
const token = location.pathname.split("/").pop();
const api = "/api/play/" + token;
let data = null;
let selected = null;
let stepping = null; // a step number while looking back; null: live
let pending = null; // the action whose odds are shown
let drawn = null; // the board's SVG as last drawn
let replay = null; // once the game is over: the replay step shown (every secret), or null
let logSeen = null; // how many log events this page has shown (the rest are new)

function nodesOf(node) {
  return $("board").querySelectorAll('[data-node="' + CSS.escape(node) + '"]');
}

function mark(nodes, css) {
  $("board").querySelectorAll("." + css).forEach((e) => e.classList.remove(css));
  nodes.forEach((n) => nodesOf(n).forEach((e) => e.classList.add(css)));
}

function sources() {
  return new Set(data.actions.filter((a) => a.nodes.length > 0).map((a) => a.nodes[0]));
}

function targets(node) {
  return new Set(data.actions.filter((a) => a.nodes.length > 1 && a.nodes[0] === node)
    .map((a) => a.nodes[a.nodes.length - 1]));
}

function problem(text) {
  $("problem").textContent = text || "";
}

async function load() {
  const url = stepping === null ? api : api + "/steps/" + stepping;
  const response = await fetch(url);
  const answer = await response.json().catch(() => ({ error: "the server failed" }));
  if (!response.ok) {
    problem(answer.error);
    return;
  }
  show(answer);
}

function render() {
  const name = (data.game + " " + data.variant).trim();
  const who = data.seat === null ? "spectating" : "playing " + data.seat;
  $("title").textContent = name + " — " + who;
  document.title = name + " — wargames";
  // Redraw the board only when it changed: a redraw between two clicks would lose them.
  if (drawn !== data.board) {
    drawn = data.board;
    $("board").innerHTML = data.board || "";
  }
  $("text").textContent = data.text;
  $("setup").textContent = data.setup_words ? "Set-up: " + data.setup_words + "." : "";
  const turn = data.seat !== null && data.to_act.includes(data.seat) && stepping === null;
  let status;
  if (data.outcome) status = "Game over. " + data.outcome.text;
  else if (turn) status = "Your turn (" + data.seat + ").";
  else status = "Waiting for " + data.to_act.join(", ") + ".";
  if (data.error) status += " " + data.error;
  $("status").textContent = status;
  const list = $("actions");
  list.replaceChildren();
  const filter = $("filter").value.trim().toLowerCase();
  data.actions.filter((a) => (a.label + " " + a.text).toLowerCase().includes(filter)).slice(0, 400).forEach((a) => {
    const item = document.createElement("li");
    const button = Object.assign(document.createElement("button"), { textContent: a.label, title: a.text });
    button.dataset.action = a.text;
    button.addEventListener("click", () => propose(a.text));
    item.append(button);
    list.append(item);
  });
  drawLog(data.log, data.log_total, logSeen === null ? data.log_total : logSeen);
  logSeen = data.log_total;
  $("step-label").textContent = "step " + data.step + " of " + data.moves;
  $("download").hidden = !data.outcome;
  $("replay-link").href = api + "/replay";
  mark([...sources()], "source");
  if (selected !== null && sources().has(selected)) {
    mark([selected], "selected");
    mark([...targets(selected)], "target");
  } else selected = null;
  document.body.dataset.turn = turn ? "yes" : "no";
  document.body.dataset.over = data.outcome ? "yes" : "no";
  document.body.dataset.version = String(data.version) + ":" + data.step;
}

function drawLog(lines, total, seen) {
  // The log, latest first, numbered by each event's place in the whole log (`total` events);
  // those after the first `seen` (new since the page last drew it) are highlighted: what
  // just happened.
  const log = $("log");
  log.replaceChildren();
  log.start = total;
  lines.slice().reverse().forEach((line, back) => {
    const item = Object.assign(document.createElement("li"), { textContent: line });
    if (total - back > seen) item.className = "new";
    log.append(item);
  });
}

async function loadReplay(step) {
  const response = await fetch(api + "/replay/" + step);
  const answer = await response.json().catch(() => ({ error: "the server failed" }));
  if (!response.ok) {
    problem(answer.error);
    return;
  }
  replay = answer;
  drawn = replay.board;
  $("board").innerHTML = replay.board || "";
  $("text").textContent = replay.text;
  drawLog(replay.log, replay.log_total, replay.log_total);
  $("actions").replaceChildren();
  $("status").textContent = "The replay: every action, every secret shown.";
  const action = replay.action === null ? "the start" : "after " + replay.action;
  $("step-label").textContent = "replay step " + replay.step + " of " + replay.moves + ", " +
    action;
  $("replay-view").textContent = "Back to the game";
  document.body.dataset.replay = String(replay.step);
}

function leaveReplay() {
  replay = null;
  drawn = null;
  delete document.body.dataset.replay;
  $("replay-view").textContent = "Replay step by step";
  render();
}

async function rematch() {
  const response = await fetch(api + "/rematch", { method: "POST" });
  const answer = await response.json();
  if (!response.ok) {
    problem(answer.error);
    return;
  }
  location.href = answer.url;
}

function clickBoard(event) {
  if (!data || stepping !== null || replay !== null) return;
  const element = event.target.closest("[data-node]");
  if (!element) return;
  const node = element.dataset.node;
  if (selected !== null && targets(selected).has(node)) {
    const from = selected;
    choose(data.actions.filter((a) => a.nodes.length > 1 && a.nodes[0] === from &&
      a.nodes[a.nodes.length - 1] === node));
    return;
  }
  if (sources().has(node)) {
    selected = node;
    mark([node], "selected");
    mark([...targets(node)], "target");
    if (targets(node).size === 0) choose(data.actions.filter((a) => a.nodes[0] === node));
    return;
  }
  selected = null;
  mark([], "selected");
  mark([], "target");
}

function choose(actions) {
  $("choices").hidden = true;
  if (actions.length === 1) {
    propose(actions[0].text);
    return;
  }
  const list = $("choice-list");
  list.replaceChildren();
  actions.forEach((a) => {
    const button = Object.assign(document.createElement("button"), { textContent: a.label, title: a.text });
    button.addEventListener("click", () => { $("choices").hidden = true; propose(a.text); });
    const item = document.createElement("li");
    item.append(button);
    list.append(item);
  });
  $("choices").hidden = false;
}

async function post(path, action) {
  const response = await fetch(api + path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action }),
  });
  return [response.ok, await response.json()];
}

function propose(action) {
  problem("");
  const chosen = data.actions.find((a) => a.text === action);
  if (!chosen || !chosen.odds) {
    send(action);
    return;
  }
  pending = action;
  $("odds-action").textContent = chosen.label.slice(0, chosen.label.length - chosen.odds.length - 3);
  $("odds-words").textContent = chosen.odds.charAt(0).toUpperCase() + chosen.odds.slice(1) + ".";
  $("odds").hidden = false;
}

async function send(action) {
  $("odds").hidden = true;
  pending = null;
  selected = null;
  const [ok, answer] = await post("/actions", action);
  if (!ok) {
    problem(answer.error);
    return;
  }
  show(answer);
}

function show(answer) {
  if (replay !== null) return; // the replay stays until left
  // Answers may arrive out of order: a live view never goes back to an older version.
  const live = stepping === null && answer.step === answer.moves;
  if (live && data && data.step === data.moves && answer.version < data.version) return;
  // A live update of the version already shown (our own move's echo) changes nothing.
  if (data && answer.version === data.version && answer.step === data.step) return;
  data = answer;
  render();
}

function goTo(step) {
  if (!data) return;
  if (replay !== null) {
    loadReplay(step === null ? replay.moves : Math.min(Math.max(0, step), replay.moves));
    return;
  }
  stepping = step === null || step >= data.moves ? null : Math.max(0, step);
  load();
}

function main() {
  $("board").addEventListener("click", clickBoard);
  $("make-it").addEventListener("click", () => pending && send(pending));
  $("cancel").addEventListener("click", () => { $("odds").hidden = true; pending = null; });
  $("filter").addEventListener("input", () => data && render());
  $("first").addEventListener("click", () => goTo(0));
  const at = () => (replay !== null ? replay.step : stepping ?? data.moves);
  $("prev").addEventListener("click", () => goTo(at() - 1));
  $("next").addEventListener("click", () => goTo(at() + 1));
  $("rematch").addEventListener("click", rematch);
  $("replay-view").addEventListener("click", () => {
    if (replay === null) loadReplay(0);
    else leaveReplay();
  });
  $("last").addEventListener("click", () => goTo(null));
  const start = /step=(\d+)/.exec(location.hash);
  if (start) stepping = Number(start[1]);
  const live = new EventSource(api + "/events");
  live.onmessage = () => { if (stepping === null && replay === null) load(); };
  load();
}
main();
