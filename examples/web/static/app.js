// The Conquian page: shows what the server sends this seat, and sends its choices.
// Plain JavaScript, no build step. The server is the referee: the page only offers the
// moves the server listed as legal, and builds a take by asking the server's take
// builder which cards may be clicked next.
"use strict";

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const $ = (id) => document.getElementById(id);

const seat = { game: null, number: null, key: null, socket: null };
let payload = null;    // the latest view of this seat
let builder = null;    // the take builder's latest answer (null when no take is possible)
let busy = false;
let pageWords = null;  // the page's own words in the chosen language (GET /api/words)

function lang() {
  return $("lang").value;
}

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (seat.key) headers.Authorization = "Bearer " + seat.key;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ---------------------------------------------------------------- drawing

function cardElement(text, options = {}) {
  const element = document.createElement(options.onClick ? "button" : "span");
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  element.className = "card suit-" + suit;
  element.dataset.card = text;
  element.textContent = rank + SUITS[suit];
  const names = payload ? payload.names_of_cards : {};
  if (names[text]) {
    element.title = names[text];
    element.setAttribute("aria-label", names[text]);
  }
  if (options.className) element.classList.add(options.className);
  if (options.onClick) {
    element.type = "button";
    element.disabled = !!options.disabled;
    element.addEventListener("click", options.onClick);
  }
  return element;
}

function fill(container, elements) {
  container.replaceChildren(...elements);
}

function meldsElements(table) {
  return table.map((meld) => {
    const element = document.createElement("div");
    element.className = "meld";
    element.append(...meld.map((card) => cardElement(card)));
    return element;
  });
}

function render() {
  const view = payload.view;
  const me = payload.seat;
  const other = 1 - me;
  const words = payload.words;
  const myTurn = view.to_move === me && !payload.over;
  document.documentElement.lang = payload.lang;
  document.body.dataset.state = payload.over ? "over" : myTurn ? "turn" : "wait";
  document.body.dataset.ply = String(view.ply);
  document.body.dataset.busy = busy ? "1" : "0";

  $("status").textContent = words.status;
  $("opponent-name").textContent = payload.names[other];
  fill($("opponent-hand"), Array.from({ length: view.hand_sizes[other] }, () => {
    const back = document.createElement("span");
    back.className = "card back";
    return back;
  }));
  $("opponent-table-label").textContent = words.table_other;
  fill($("opponent-table"), meldsElements(view.tables[other]));
  $("my-table-label").textContent = words.table_you;
  fill($("my-table"), meldsElements(view.tables[me]));
  $("hand-label").textContent = words.hand;

  fill($("offer"), view.offer ? [cardElement(view.offer, { className: "offered" })] : []);
  $("origin").textContent = payload.origin;
  $("rules-name").textContent = words.rules;
  $("stock").textContent = words.stock;
  $("dead").textContent = words.dead;
  fill($("dead-cards"), view.dead.map((card) => cardElement(card)));

  const hand = [...view.hand];
  const selected = new Set(builder ? builder.selected : []);
  const addable = new Set(builder ? builder.addable : []);
  fill($("hand"), hand.map((card) => cardElement(card, {
    className: selected.has(card) ? "selected" : addable.has(card) ? "addable" : null,
    disabled: busy || !myTurn || !(selected.has(card) || addable.has(card)),
    onClick: () => clickCard(card),
  })));

  // A take is being built once a card is chosen, or at once when the offered card
  // alone completes the take (it fits the table).
  const building = myTurn && builder && (builder.selected.length > 0 || builder.complete);
  $("builder").hidden = !building;
  if (!building) {
    fill($("arrangements"), []);
    fill($("discards"), []);
  } else {
    $("new-table").textContent = builder.table
      ? "→ " + builder.table.map((meld) => meld.map(pretty).join("")).join("  ")
      : words.chosen + builder.selected.map(pretty).join(" ");
    fill($("arrangements"), builder.needs_arrangement ? [
      label(words.arrange),
      ...builder.arrangements.map((melds, index) => button(
        melds.join(" "), () => arrange(index), "arrangement")),
    ] : []);
    $("discard-label").textContent = builder.discards.length ? words.discard : "";
    const finish = builder.discards.map((card) => cardElement(card, {
      className: "discard", disabled: busy, onClick: () => send(takeText(card)),
    }));
    if (builder.can_go_out) {
      finish.push(button(words.go_out, () => send(takeText(null)), "go-out"));
    }
    fill($("discards"), finish);
  }

  const choices = myTurn ? payload.choices.map((choice) => button(
    choice.label, () => send(choice.move), "choice", choice.move)) : [];
  fill($("choices"), choices);

  fill($("narration"), payload.narration.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("end").hidden = !payload.over;
  $("record").href = "#";
}

function pretty(card) {
  return card.slice(0, -1) + SUITS[card.slice(-1)];
}

function label(text) {
  const element = document.createElement("span");
  element.textContent = text;
  return element;
}

function button(text, onClick, className, move) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.className = className;
  if (move) element.dataset.move = move;
  element.disabled = busy;
  element.addEventListener("click", onClick);
  return element;
}

function showError(message) {
  $("error").textContent = message || "";
}

// ---------------------------------------------------------------- acting

function accept(data) {
  if (payload && data.view.ply < payload.view.ply) return;  // an older view arrived late
  const fresh = !payload || data.view.ply !== payload.view.ply;
  payload = data;
  if (fresh || !payload.builder) builder = payload.builder;
  render();
}

function takeText(discard) {
  // The take's notation: the chosen hand cards, then the discard or "out".
  const laid = builder.selected.length ? " +" + builder.selected.join("") : "";
  return "take" + laid + (discard ? " -" + discard : " out");
}

async function clickCard(card) {
  const chosen = builder.selected.includes(card)
    ? builder.selected.filter((c) => c !== card)
    : [...builder.selected, card];
  await ask(async () => {
    builder = await api("POST", `/api/games/${seat.game}/build`, {
      selected: chosen, lang: lang(),
    });
  });
}

async function arrange(index) {
  await ask(async () => {
    builder = await api("POST", `/api/games/${seat.game}/build`, {
      selected: builder.selected, arrangement: index, lang: lang(),
    });
  });
}

async function send(move) {
  let text = move;
  if (builder && builder.arrangements.length && move.startsWith("take")) {
    // Under rules where the arrangement matters (V2), name the chosen table.
    text += " [" + builder.table.map((meld) => meld.join("")).join(" ") + "]";
  }
  await ask(async () => {
    accept(await api("POST", `/api/games/${seat.game}/move`, {
      move: text, ply: payload.view.ply, lang: lang(),
    }));
  });
}

async function ask(action) {
  busy = true;
  render();
  try {
    await action();
    showError("");
  } catch (error) {
    showError(error.message);
  } finally {
    busy = false;
    render();
  }
}

// ---------------------------------------------------------------- joining

function listen() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/api/games/${seat.game}/ws`);
  seat.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ key: seat.key, lang: lang() }));
  });
  socket.addEventListener("message", (event) => accept(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (seat.socket === socket) setTimeout(listen, 1000);  // reconnect
  });
}

async function join() {
  const [game, number, key] = location.hash.slice(1).split("/");
  Object.assign(seat, { game, number: Number(number), key });
  $("lobby").hidden = true;
  $("table").hidden = false;
  const invite = sessionStorage.getItem("invite:" + game);
  if (invite) {
    $("invite").hidden = false;
    $("invite-link").href = invite;
    $("invite-link").textContent = new URL(invite, location.href).href;
  }
  try {
    accept(await api("GET", `/api/games/${game}?lang=${lang()}`));
  } catch (error) {
    showError(error.message);
    return;
  }
  listen();
}

async function download(event) {
  event.preventDefault();
  const response = await fetch(`/api/games/${seat.game}/record`, {
    headers: { Authorization: "Bearer " + seat.key },
  });
  const blob = await response.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `conquian-${seat.game}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

// ---------------------------------------------------------------- the page's words

// Puts the page's own words (the lobby's form, the invitation, the record link) in the
// chosen language. A name still at the default of the language it was shown in follows.
async function showWords() {
  const previous = pageWords;
  pageWords = await api("GET", `/api/words?lang=${lang()}`);
  document.documentElement.lang = lang();
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = pageWords[element.dataset.word];
  }
  const name = $("name");
  if (name.value.trim() === (previous ? previous.you : "You")) name.value = pageWords.you;
}

async function start(event) {
  event.preventDefault();
  const mode = document.querySelector("input[name=mode]:checked").value;
  const bot = $("bot").value;
  const rules = $("rules").value;
  const seedText = $("seed").value.trim();
  const name = $("name").value.trim() || pageWords.you;
  const names = mode === "bot"
    ? [name, $("bot").selectedOptions[0].textContent]
    : [name, pageWords.guest];
  try {
    const data = await api("POST", "/api/games", {
      mode, bot, names, rules, seed: seedText ? Number(seedText) : null,
    });
    if (data.seats.length > 1) sessionStorage.setItem("invite:" + data.game, data.seats[1].link);
    location.hash = data.seats[0].link.slice(2);
  } catch (error) {
    alert(error.message);
  }
}

function init() {
  const saved = localStorage.getItem("lang");
  if (saved) $("lang").value = saved;
  $("lang").addEventListener("change", async () => {
    localStorage.setItem("lang", lang());
    await showWords();
    if (!seat.game) return;
    if (seat.socket && seat.socket.readyState === WebSocket.OPEN) {
      seat.socket.send(JSON.stringify({ lang: lang() }));
    }
    accept(await api("GET", `/api/games/${seat.game}?lang=${lang()}`));
  });
  $("new-game").addEventListener("submit", start);
  $("record").addEventListener("click", download);
  window.addEventListener("hashchange", () => location.reload());
  showWords().then(() => {
    if (location.hash.length > 1) join();
  }, (error) => alert(error.message));
}

init();
