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
let lost = false;      // the game is gone, or the invitation was used: the page stops

function lang() {
  return $("lang").value;
}

// A request to the server: its JSON answer, or an Error with the server's message and
// the status. An answer that is not the server's JSON (a crash, a proxy's error page)
// is said with its status in the page's language.
//
// A request that gets no answer at all (the server is down, or the network) is an Error
// with "offline" set, said as the connection-lost line (#offline), not as the browser's
// own words ("Failed to fetch").
async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (seat.key) headers.Authorization = "Bearer " + seat.key;
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    const error = new Error(pageWords ? pageWords.connection_lost : "Connection lost: retrying…");
    error.offline = true;
    throw error;
  }
  return answerOf(response);
}

// Shows or hides the connection-lost line: shown while the server cannot be reached,
// hidden as soon as it answers again (a view through the WebSocket).
function offline(shown) {
  $("offline").hidden = !shown;
  document.body.dataset.offline = shown ? "1" : "0";
}

async function answerOf(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;  // not JSON
  }
  if (!response.ok || data === null) {
    // A refusal the page has words for (a name, a full server) is said in its language.
    const text = data && typeof data.error === "string" ? data.error : serverError(response.status);
    const message = data ? refusal(data.problem, text) : text;
    const error = new Error(message);
    error.status = response.status;
    error.problem = data && data.problem;  // why, when the server says (no_such_game...)
    throw error;
  }
  return data;
}

// The page's words for a refusal the server names (its "problem"), else its own text.
function refusal(problem, text) {
  return (pageWords && pageWords["refused_" + problem]) || text;
}

function serverError(status) {
  const words = pageWords || { server_error: "The server answered {status}: try again later." };
  return words.server_error.replace("{status}", String(status));
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
  if (lost || !payload) return;  // nothing to draw: the game is gone, or not yet here
  const key = focusKeyOf(document.activeElement) || heldFocus;
  draw();
  if (busy || !key) return;
  // The same button again, else (it went with the move) the first action of the next turn.
  heldFocus = restoreFocus(key) || restoreFocus(FIRST_ACTION) ? null : key;
}

function draw() {
  const view = payload.view;
  const me = payload.seat;
  const words = payload.words;
  const myTurn = view.to_move === me && !payload.over;
  document.documentElement.lang = payload.lang;
  document.body.dataset.state = payload.over ? "over" : myTurn ? "turn" : "wait";
  document.body.dataset.ply = String(view.ply);
  document.body.dataset.busy = busy ? "1" : "0";

  // A friend, invited to a game between people, may give his name (once drawn, the form
  // keeps what he types).
  const naming = payload.mode === "humans" && me !== 0 && !payload.over && !renamed;
  if (naming && $("rename").hidden) $("new-name").value = payload.names[me];
  $("rename").hidden = !naming;
  $("status").textContent = words.status;
  $("seed-line").textContent = words.seed;  // the deal's seed, when a player chose it
  $("seed-line").hidden = !words.seed;
  // The other players, the next one first (one, or two in a three-player game): each
  // one's name, hand size and table, and who has the turn (the offered card, M4).
  $("opponents").dataset.count = String(payload.others.length);
  fill($("opponents"), payload.others.map((other) => opponentElement(other, view)));
  $("offered-to").textContent = words.offered_to;
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
  // The opening exchange (M10): a click on a hand card gives it to the next player.
  const gives = new Set(myTurn ? payload.gives : []);
  fill($("hand"), hand.map((card) => gives.size ? cardElement(card, {
    className: "give",
    disabled: busy || !gives.has(card),
    onClick: () => send("give " + card),
  }) : cardElement(card, {
    className: selected.has(card) ? "selected" : addable.has(card) ? "addable"
      : card === view.given ? "given" : null,
    pressed: selected.has(card),
    disabled: busy || !myTurn || !(selected.has(card) || addable.has(card)),
    onClick: () => clickCard(card),
  })));
  $("given").textContent = words.given;

  // A take is being built once a card is chosen, or at once when the offered card
  // alone completes the take (it fits the table).
  const building = myTurn && builder && (builder.selected.length > 0 || builder.complete);
  $("builder").hidden = !building;
  $("take-hint").textContent = gives.size ? words.give_hint
    : myTurn && builder && !building ? words.take_hint : "";
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
  if (payload.joined) {  // every friend has joined: no more to send
    $("invite").hidden = true;
    $("invites").hidden = true;
  }
  for (const item of $("invite-links").children) {  // each invitation goes once used
    const invited = Number(item.dataset.seat);
    item.hidden = payload.seats_joined[invited];
    item.querySelector(".invited").textContent = payload.names[invited] + ": ";
  }
  $("record").href = "#";
}

// One other player's side: his name, his hand's backs (read as its size), his table;
// marked while it is his turn (he has the offered card, or decides on forcing it).
function opponentElement(other, view) {
  const section = document.createElement("section");
  section.className = "side opponent";
  section.dataset.seat = String(other.seat);
  section.classList.toggle("to-move", view.to_move === other.seat && !payload.over);
  const name = document.createElement("h2");
  name.className = "opponent-name";
  name.textContent = other.name;
  const hand = document.createElement("div");
  hand.className = "cards backs opponent-hand";
  hand.setAttribute("role", "img");
  hand.setAttribute("aria-label", other.hand_size);
  hand.append(...Array.from({ length: view.hand_sizes[other.seat] }, () => {
    const back = document.createElement("span");
    back.className = "card back";
    return back;
  }));
  const tableLabel = document.createElement("h3");
  tableLabel.className = "opponent-table-label";
  tableLabel.textContent = other.table;
  const table = document.createElement("div");
  table.className = "melds opponent-table";
  table.append(...meldsElements(view.tables[other.seat]));
  section.append(name, hand, tableLabel, table);
  return section;
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

// The refusal on screen, with the server's name for it: a new language says it again.
let shownError = null;

function showError(message, problem = null) {
  shownError = message ? { message, problem } : null;
  $("error").textContent = message || "";
}

// A refused request: a game the server no longer holds (a restart, or dropped when the
// server was full) stops the page; any other refusal is shown.
function failed(error) {
  if (error.problem === "no_such_game") lose();  // the server's word, not a proxy's 404
  else if (error.offline) offline(true);  // the WebSocket's retries bring the page back
  else showError(error.message, error.problem);
}

// Stops the page for good: no more buttons, no more reconnecting, only the line that
// says why (#lost, or #used for an invitation already used), in the page's language.
function lose(line = "lost") {
  lost = true;
  offline(false);
  const socket = seat.socket;
  seat.socket = null;  // its close event does not reconnect
  if (socket) socket.close();
  $("lobby").hidden = true;
  $("table").hidden = false;
  document.body.dataset.state = "lost";
  $(line).hidden = false;
}

// ---------------------------------------------------------------- acting

function accept(data) {
  if (lost) return;
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
    failed(error);
  } finally {
    busy = false;
    render();
  }
}

// ---------------------------------------------------------------- joining

// The seat's WebSocket: the server sends the view after every change. A closed socket
// is opened again after 1 s, then 2, 4... up to 8 s while it keeps failing, the
// connection-lost line shown meanwhile; not when the server no longer holds the game
// (4404: the page stops) or refused the key (4403). A seat open in too many tabs (4429)
// is said, and the tab tries again until one closes.
const RETRY_FIRST = 1000;
const RETRY_MOST = 8000;
let retry = RETRY_FIRST;
let crowded = false;  // the server refused this tab, one too many for the seat (4429)

function listen() {
  if (lost) return;  // a reconnect scheduled before the page stopped
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/api/games/${seat.game}/ws`);
  seat.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ key: seat.key, lang: lang() }));
  });
  socket.addEventListener("message", (event) => {
    retry = RETRY_FIRST;  // the server answers again
    offline(false);
    if (crowded) showError("");
    crowded = false;
    accept(JSON.parse(event.data));
  });
  socket.addEventListener("close", (event) => {
    if (seat.socket !== socket) return;
    if (event.code === 4404) {
      lose();
    } else if (event.code === 4403) {
      seat.socket = null;
      showError(refusal("bad_key", event.reason), "bad_key");
    } else {
      if (event.code === 4429) {
        crowded = true;
        showError(refusal("too_many_tabs", event.reason), "too_many_tabs");
      } else {
        offline(true);  // the server went away (a restart, a crash, the network)
      }
      setTimeout(listen, retry);
      retry = Math.min(retry * 2, RETRY_MOST);
    }
  });
}

// Opens the game of the location's hash: a seat link (#ID/SEAT/KEY), or a friend's
// invitation (#ID/invite/TOKEN), which is exchanged for the friend's seat link. The
// link replaces the invitation in the history, so that Back does not send it again.
//
// An invitation works once, so it is not spent by mistake: the creator's own tab, opening
// it, goes back to his seat, and a browser that has joined with it before goes back to
// the seat it got (kept in localStorage by the invitation's token).
async function join() {
  let [game, number, key] = location.hash.slice(1).split("/");
  $("lobby").hidden = true;
  $("table").hidden = false;
  if (number === "invite") {
    const known = sessionStorage.getItem("seat:" + game) || localStorage.getItem("joined:" + key);
    if (known) {
      location.replace(known);  // the hash changes: the page opens that seat
      return;
    }
    try {
      const joined = await api("POST", `/api/games/${game}/join`, { invite: key });
      localStorage.setItem("joined:" + key, joined.link);
      history.replaceState(null, "", joined.link);
      [game, number, key] = joined.link.slice(2).split("/");
    } catch (error) {
      if (error.status === 409) lose("used");  // in the page's language
      else if (error.status === 400 || error.status === 403) lose("bad");
      else if (error.offline) retryJoin();
      else failed(error);
      return;
    }
  }
  Object.assign(seat, { game, number: Number(number), key });
  const invites = JSON.parse(sessionStorage.getItem("invites:" + game) || "[]");
  if (invites.length === 1) {
    $("invite").hidden = false;
    $("invite-link").href = invites[0];
    $("invite-link").textContent = new URL(invites[0], location.href).href;
  } else if (invites.length > 1) {  // a three-player game: one link for each friend
    $("invites").hidden = false;
    fill($("invite-links"), invites.map((invite, index) => {
      const item = document.createElement("li");
      item.dataset.seat = String(index + 1);
      const invited = document.createElement("span");
      invited.className = "invited";
      const link = document.createElement("a");
      link.className = "invite-link";
      link.href = invite;
      link.textContent = new URL(invite, location.href).href;
      item.append(invited, link);
      return item;
    }));
  }
  try {
    accept(await api("GET", `/api/games/${game}?lang=${lang()}`));
  } catch (error) {
    if (error.offline) retryJoin();
    else failed(error);  // a lost game is said in the page's language
    return;
  }
  offline(false);
  listen();
}

// The server could not be reached while the page opened its game: said, and tried again.
function retryJoin() {
  offline(true);
  setTimeout(join, retry);
  retry = Math.min(retry * 2, RETRY_MOST);
}

// Saves the finished game's record; a refusal (or a server's error page) is shown, not
// saved as the record.
async function download(event) {
  event.preventDefault();
  let blob;
  try {
    const response = await fetch(`/api/games/${seat.game}/record`, {
      headers: { Authorization: "Bearer " + seat.key },
    });
    if (!response.ok) await answerOf(response);  // throws the refusal
    blob = await response.blob();
  } catch (error) {
    failed(error);
    return;
  }
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
//
// The words of each language are kept once fetched, and every language's are fetched
// when the page opens: a page whose server is down still changes its language.
const wordsOf = {};

async function showWords() {
  const previous = pageWords;
  const code = lang();
  pageWords = wordsOf[code] || (wordsOf[code] = await api("GET", `/api/words?lang=${code}`));
  document.documentElement.lang = lang();
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = pageWords[element.dataset.word];
  }
  if (shownError && shownError.problem) {
    $("error").textContent = refusal(shownError.problem, shownError.message);
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
  const exchange = $("exchange").checked;  // the opening exchange (M10)
  const seedText = $("seed").value.trim();
  const name = $("name").value.trim() || pageWords.default_name;
  const guests = playersOf(rules) === 3 ? [pageWords.guest, pageWords.guest_third] : [pageWords.guest];
  const names = mode === "bot" ? [name] : [name, ...guests];  // the bots name themselves
  try {
    const data = await api("POST", "/api/games", {
      mode, bot, names, rules, exchange, seed: seedText || null,  // digits as text: no rounding
    });
    if (data.invitations.length) {
      sessionStorage.setItem("invites:" + data.game, JSON.stringify(data.invitations));
    }
    sessionStorage.setItem("seat:" + data.game, data.seats[0].link);  // see join()
    location.hash = data.seats[0].link.slice(2);
  } catch (error) {
    alert(error.offline ? pageWords.unreachable : error.message);
  }
}

// The number of players of a preset of the rules menu (its option's data-players).
function playersOf(rules) {
  const option = [...$("rules").options].find((each) => each.value === rules);
  return Number(option ? option.dataset.players || 2 : 2);
}

// The lobby says what a three-player game is (two bots, or two invitations) when its
// preset is chosen.
function showPlayers() {
  $("three-players").hidden = playersOf($("rules").value) !== 3;
}

function init() {
  const saved = localStorage.getItem("lang");
  if (saved) $("lang").value = saved;
  $("lang").addEventListener("change", async () => {
    localStorage.setItem("lang", lang());
    try {
      await showWords();
    } catch (error) {
      failed(error);  // not fetched before, and the server cannot be reached
      return;
    }
    if (!seat.game || lost) return;
    if (seat.socket && seat.socket.readyState === WebSocket.OPEN) {
      seat.socket.send(JSON.stringify({ lang: lang() }));
    }
    try {
      accept(await api("GET", `/api/games/${seat.game}?lang=${lang()}`));
    } catch (error) {
      failed(error);
    }
  });
  $("new-game").addEventListener("submit", start);
  $("rules").addEventListener("change", showPlayers);
  showPlayers();
  $("rename").addEventListener("submit", rename);
  $("record").addEventListener("click", download);
  window.addEventListener("hashchange", () => location.reload());
  showWords().then(() => {
    if (location.hash.length > 1) join();
    for (const option of $("lang").options) {  // the other languages, for later
      const code = option.value;
      if (!wordsOf[code]) {
        api("GET", `/api/words?lang=${code}`).then((words) => { wordsOf[code] = words; }, () => {});
      }
    }
  }, (error) => alert(error.message));
}

init();
