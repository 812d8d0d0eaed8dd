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
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    throw error;
  }
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
    if (options.pressed !== undefined) element.setAttribute("aria-pressed", String(options.pressed));
    element.addEventListener("click", options.onClick);
  } else {
    element.setAttribute("role", "img");  // so that its aria-label, the card's name, is read
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

// Rendering replaces the buttons: the focused one is found again by what it stands for
// (a card of a row, a move, going out, an arrangement), so a keyboard keeps its place.
let heldFocus = null;  // what had the focus when an action began (its buttons are disabled)

function focusKeyOf(element) {
  if (!element || element === document.body) return null;
  if (element.dataset.card) return `#${element.parentElement.id} [data-card="${element.dataset.card}"]`;
  if (element.dataset.move) return `#choices [data-move="${element.dataset.move}"]`;
  if (element.classList.contains("go-out")) return "#discards .go-out";
  if (element.classList.contains("arrangement")) {
    const index = [...element.parentElement.querySelectorAll(".arrangement")].indexOf(element);
    return `#arrangements .arrangement:nth-of-type(${index + 1})`;
  }
  return null;
}

function restoreFocus(key) {
  const found = key && document.querySelector(key);
  if (found && !found.disabled) {
    found.focus();
    return true;
  }
  return false;
}

const FIRST_ACTION = "#hand button:enabled, #discards button:enabled, #choices button:enabled";

function render() {
  const key = focusKeyOf(document.activeElement) || heldFocus;
  draw();
  if (busy || !key) return;
  // The same button again, else (it went with the move) the first action of the next turn.
  heldFocus = restoreFocus(key) || restoreFocus(FIRST_ACTION) ? null : key;
}

function draw() {
  const view = payload.view;
  const me = payload.seat;
  const other = 1 - me;
  const words = payload.words;
  const myTurn = view.to_move === me && !payload.over;
  document.documentElement.lang = payload.lang;
  document.body.dataset.state = payload.over ? "over" : myTurn ? "turn" : "wait";
  document.body.dataset.ply = String(view.ply);
  document.body.dataset.busy = busy ? "1" : "0";

  // A friend, invited to a game between two people, may give his name (once drawn, the
  // form keeps what he types).
  const naming = payload.mode === "humans" && me === 1 && !payload.over && !renamed;
  if (naming && $("rename").hidden) $("new-name").value = payload.names[me];
  $("rename").hidden = !naming;
  $("status").textContent = words.status;
  $("opponent-name").textContent = payload.names[other];
  $("opponent-hand").setAttribute("aria-label", words.hand_size);
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
    pressed: selected.has(card),
    disabled: busy || !myTurn || !(selected.has(card) || addable.has(card)),
    onClick: () => clickCard(card),
  })));

  // A take is being built once a card is chosen, or at once when the offered card
  // alone completes the take (it fits the table).
  const building = myTurn && builder && (builder.selected.length > 0 || builder.complete);
  $("builder").hidden = !building;
  $("take-hint").textContent = myTurn && builder && !building ? words.take_hint : "";
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
        melds.map(prettyMeld).join("  "), () => arrange(index), "arrangement")),
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

  $("narration").start = payload.narration_start;  // the numbers of the whole game
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

function prettyMeld(meld) {  // "4c5c6c" as "4♣5♣6♣"
  return meld.match(/../g).map(pretty).join("");
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
  heldFocus = focusKeyOf(document.activeElement) || heldFocus;
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
    if (error.status === 404) $("lost").hidden = false;  // in the page's language
    else showError(error.message);
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
// chosen language. A name still at the default of the language it was shown in follows,
// unless it is being typed in (setting the field would move the caret under the typing).
async function showWords() {
  const previous = pageWords;
  pageWords = await api("GET", `/api/words?lang=${lang()}`);
  document.documentElement.lang = lang();
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = pageWords[element.dataset.word];
  }
  const name = $("name");
  const shown = previous ? previous.default_name : "Player 1";
  if (name.value.trim() === shown && document.activeElement !== name) {
    name.value = pageWords.default_name;
  }
}

let renamed = false;  // the friend has given his name: the form goes

async function rename(event) {
  event.preventDefault();
  const name = $("new-name").value.trim();
  if (!name) return;
  await ask(async () => {
    const data = await api("POST", `/api/games/${seat.game}/name`, { name, lang: lang() });
    renamed = true;
    accept(data);
  });
}

async function start(event) {
  event.preventDefault();
  const mode = document.querySelector("input[name=mode]:checked").value;
  const bot = $("bot").value;
  const rules = $("rules").value;
  const seedText = $("seed").value.trim();
  const name = $("name").value.trim() || pageWords.default_name;
  const names = mode === "bot" ? [name] : [name, pageWords.guest];  // a bot names itself
  try {
    const data = await api("POST", "/api/games", {
      mode, bot, names, rules, seed: seedText || null,  // digits as text: no rounding
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
  $("rename").addEventListener("submit", rename);
  $("record").addEventListener("click", download);
  window.addEventListener("hashchange", () => location.reload());
  showWords().then(() => {
    if (location.hash.length > 1) join();
  }, (error) => alert(error.message));
}

init();
