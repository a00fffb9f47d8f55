"""The pages of `pirdsl serve`: plain HTML with a little JavaScript, no library, nothing fetched from elsewhere.

Every text from the game is put on the page with `textContent`; only the board
pictures, which the server writes with every text escaped (pirdsl/web/board.py),
go in as markup.
"""

from __future__ import annotations

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #222; }
header { background: #24344d; color: white; padding: 8px 16px; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 1.2em; margin: 0; }
main { display: flex; flex-wrap: wrap; gap: 16px; padding: 12px 16px; }
section { background: white; border: 1px solid #d8dde5; border-radius: 6px; padding: 8px 12px; }
#left { flex: 2 1 480px; display: flex; flex-direction: column; gap: 12px; min-width: 0; }
#boards { display: flex; flex-direction: column; gap: 12px; } #side { flex: 1 1 300px; display: flex; flex-direction: column; gap: 12px; }
#zones:empty { display: none; } #left:has(#boards:empty):has(#zones:empty) { display: none; } #zones h3 { margin: 4px 0; }
.zone-grid { display: flex; flex-wrap: wrap; gap: 6px 20px; align-items: flex-start; margin: 4px 0 8px; }
.zone { min-width: 60px; } .zname { font-size: 0.8em; color: #556; margin-bottom: 2px; }
.tiles { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; }
.tile { position: relative; box-sizing: border-box; width: 100px; min-height: 64px; padding: 4px 5px 14px; border: 1px solid #9aa7b8;
  border-radius: 6px; background: #fffdf4; box-shadow: 0 1px 2px rgba(0,0,0,0.18); font-size: 0.8em; line-height: 1.2;
  overflow-wrap: break-word; hyphens: auto; }
.tile .face { font-weight: 600; } .tile .fine { color: #667; font-size: 0.85em; margin-top: 2px; max-height: 4.8em; overflow: hidden; }
.tile .count { position: absolute; right: 4px; bottom: 2px; font-weight: bold; color: #24344d; font-size: 0.95em; }
.tile.back { background: repeating-linear-gradient(45deg, #3b5a8a 0 5px, #4a6ca3 5px 10px); border-color: #2c4670; }
.tile.back .count { color: white; }
.tile.pick { outline: 3px solid #d0362f; cursor: pointer; } .tile.pick:hover, .tile.pick:focus { background: #ffe08a; }
.small-zone .tile { width: 70px; min-height: 44px; font-size: 0.72em; padding-bottom: 12px; }
.nothing { color: #99a; font-size: 0.8em; font-style: italic; }
svg.board { width: 100%; max-height: 70vh; }
svg .pick { cursor: pointer; } svg .pick:hover use, svg .pick:hover rect { fill: #ffe08a; }
.chip { display: inline-block; margin: 2px 8px 2px 0; font-size: 0.85em; } .chip i { display: inline-block; width: 12px; height: 12px; border: 1px solid #888; margin-right: 4px; vertical-align: -1px; }
#decision.mine { border: 2px solid #d0362f; }
#options button { display: block; width: 100%; text-align: left; margin: 3px 0; padding: 6px 8px; border-radius: 4px;
  border: 1px solid #9aa7b8; background: #eef3fa; cursor: pointer; font-size: 0.95em; }
#options button:hover { background: #ffe08a; }
#options .detail { color: #556; font-size: 0.85em; }
#log { max-height: 240px; overflow-y: auto; font-size: 0.9em; margin: 0; padding-left: 3.2em; }
.seat { margin: 4px 0; } .seat b { display: inline-block; min-width: 7em; }
.small { color: #667; font-size: 0.85em; }
#message { color: #a02020; min-height: 1.2em; }
#cover { position: fixed; inset: 0; background: #24344d; color: white; display: none; align-items: center;
  justify-content: center; flex-direction: column; font-size: 1.4em; z-index: 10; }
#cover button { font-size: 1em; padding: 8px 20px; margin-top: 16px; }
table.links td { padding: 2px 8px; } form label { display: block; margin: 4px 0; }
"""

WELCOME_PAGE = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pirdsl</title>
<style>{STYLE}</style></head><body><header><h1>pirdsl serve</h1></header>
<main><section><p>Games are played here from links: ask the host of the table for yours.</p></section></main>
</body></html>"""

HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pirdsl: host</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>""" + STYLE + """</style></head><body>
<header><h1>pirdsl serve: open a table</h1><span class="small">This page is the host's: keep its address to yourself.</span></header>
<main>
<section style="flex:1 1 360px"><form id="open">
<label>Game <select id="game"></select></label>
<label>Players <input id="players" type="number" min="1" value="2"></label>
<div id="variants"></div>
<div id="params"></div>
<div id="seats"></div>
<label>Seed (optional) <input id="seed" type="number" min="0"></label>
<button type="submit">Open the table</button> <span id="message"></span>
</form></section>
<section style="flex:2 1 480px"><h3>Tables</h3><div id="tables"></div></section>
</main>
<script>
const host = "__HOST__";
let games = [];
const kinds = ["human", "random", "greedy", "mcts:500", "ismcts:0.5s"];
function el(tag, text) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; return e; }
function seatsForm() {
  const n = +document.getElementById("players").value || 1;
  const box = document.getElementById("seats"); const old = [...box.querySelectorAll("select")].map(s => s.value);
  box.textContent = "";
  for (let i = 0; i < n; i++) {
    const label = el("label", "Seat " + (i + 1) + " "); const s = el("select");
    for (const k of kinds) { const o = el("option", k === "human" ? "a person" : "bot: " + k); o.value = k; s.appendChild(o); }
    s.value = old[i] || (i === 0 ? "human" : "random"); label.appendChild(s); box.appendChild(label);
  }
}
function gameForm() {
  const g = games[document.getElementById("game").selectedIndex]; if (!g) return;
  const p = document.getElementById("players"); p.min = g.min_players; p.max = g.max_players;
  if (+p.value < g.min_players || +p.value > g.max_players) p.value = g.min_players;
  const v = document.getElementById("variants"); v.textContent = "";
  for (const name of g.variants) { const l = el("label"); const c = el("input"); c.type = "checkbox"; c.value = name; l.appendChild(c); l.appendChild(document.createTextNode(" variant " + name)); v.appendChild(l); }
  const ps = document.getElementById("params"); ps.textContent = "";
  for (const p of g.params || []) {
    const words = p.text || p.name.replaceAll("_", " ");
    const l = el("label", words[0].toUpperCase() + words.slice(1) + " "); const i = el("input"); i.type = "number";
    i.name = p.name; i.min = p.low; i.max = p.high; i.value = p.default; i.dataset.default = p.default;
    l.appendChild(i); l.appendChild(el("span", ` (${p.low} to ${p.high}; ${p.default} unless set)`)); l.lastChild.className = "small"; ps.appendChild(l);
  }
  seatsForm();
}
async function listTables() {
  const r = await fetch(`/api/${host}/tables`); const data = await r.json(); const box = document.getElementById("tables");
  box.textContent = "";
  for (const t of data.tables) {
    const set = Object.entries(t.params || {}).map(([n, v]) => `${n.replaceAll("_", " ")} ${v}`);
    const h = el("h4", `${t.game} (${t.players} players${t.variants.length ? ", " + t.variants.join(", ") : ""}${set.length ? ", " + set.join(", ") : ""}) ${t.over ? "— over" : "— round " + t.round}`);
    box.appendChild(h); const table = el("table"); table.className = "links";
    for (const s of t.seats) { const tr = el("tr"); tr.appendChild(el("td", s.name)); const td = el("td");
      if (s.url) { const a = el("a", location.origin + s.url); a.href = s.url; a.target = "_blank"; td.appendChild(a); } else td.textContent = s.kind;
      tr.appendChild(td); table.appendChild(tr); }
    const people = t.seats.filter(s => s.url);
    if (people.length > 1) { const tr = el("tr"); tr.appendChild(el("td", "one device for all")); const td = el("td"); const url = `/play/${t.table}/` + people.map(s => s.url.split("/").pop()).join("+"); const a = el("a", "pass-the-device link"); a.href = url; a.target = "_blank"; td.appendChild(a); tr.appendChild(td); table.appendChild(tr); }
    const tr = el("tr"); tr.appendChild(el("td", "spectators")); const td = el("td"); const a = el("a", location.origin + t.spectator); a.href = t.spectator; a.target = "_blank"; td.appendChild(a); tr.appendChild(td); table.appendChild(tr);
    box.appendChild(table);
  }
  for (const [id, why] of Object.entries(data.unusable || {})) box.appendChild(el("p", `Table ${id} cannot be resumed: ${why}`));
}
document.getElementById("players").addEventListener("change", seatsForm);
document.getElementById("game").addEventListener("change", gameForm);
document.getElementById("open").addEventListener("submit", async (event) => {
  event.preventDefault();
  const g = games[document.getElementById("game").selectedIndex];
  const body = { game: g.key, players: +document.getElementById("players").value,
    variants: [...document.querySelectorAll("#variants input:checked")].map(c => c.value),
    seats: [...document.querySelectorAll("#seats select")].map(s => s.value), params: {} };
  for (const i of document.querySelectorAll("#params input")) if (i.value !== "" && i.value !== i.dataset.default) body.params[i.name] = +i.value;
  const seed = document.getElementById("seed").value; if (seed !== "") body.seed = +seed;
  const r = await fetch(`/api/${host}/tables`, { method: "POST", body: JSON.stringify(body) });
  const data = await r.json(); document.getElementById("message").textContent = r.ok ? "" : data.error;
  listTables();
});
(async () => {
  const r = await fetch(`/api/${host}/games`); games = (await r.json()).games;
  const s = document.getElementById("game");
  for (const g of games) { const o = el("option", `${g.name} (${g.key})`); s.appendChild(o); }
  gameForm(); listTables();
})();
</script></body></html>"""

SEAT_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pirdsl</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>""" + STYLE + """</style></head><body>
<div id="cover"><div id="cover-text"></div><button id="cover-button">I am here: show my seat</button></div>
<header><h1 id="title">pirdsl</h1><span id="seat"></span><span id="status"></span><a id="rules" target="_blank" style="color:#cde">Rules</a><span id="connection" class="small"></span></header>
<main>
<div id="left"><div id="boards"></div><section id="zones"></section></div>
<div id="side">
<section id="decision"><div id="prompt"></div><div id="options"></div><div id="message"></div>
<button id="undo" style="display:none">Undo my last decision</button></section>
<section><h3>Players</h3><div id="players"></div><div id="shared"></div></section>
<section><h3>Log</h3><ol id="log"></ol></section>
</div>
</main>
<script>
const parts = location.pathname.split("/"); const tableId = parts[2];
const secrets = parts[3].split("+");
document.getElementById("rules").href = `/rules/${tableId}/${secrets[0]}`;
const views = {}; let shown = null; let covered = secrets.length > 1; let lastActive = null;
const sockets = {};
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function words(name) { return String(name).replaceAll("_", " "); }
function value(v) { if (v === null || v === undefined) return "—"; if (v === true) return "yes"; if (v === false) return "no"; if (Array.isArray(v)) return v.map(value).join(", ") || "none"; if (typeof v === "object") return JSON.stringify(v); return words(v); }
// A zone as a row of pieces, each a tile with its words: look-alike pieces once, with how many
// (gold ×40); pieces hidden from this seat as one face-down tile with their count. A piece that
// an option names (the server says which: option.pieces) is outlined and clicked to take it.
function zoneTiles(seat, name, zone, picks, small) {
  const box = el("div", undefined, "zone" + (small ? " small-zone" : ""));
  box.appendChild(el("div", words(name), "zname"));
  const row = el("div", undefined, "tiles"); box.appendChild(row);
  if (zone.items === null) {
    if (zone.count) { const t = el("div", undefined, "tile back"); t.title = `${zone.count} hidden`;
      t.appendChild(el("span", "×" + zone.count, "count")); row.appendChild(t); }
    else row.appendChild(el("span", "empty", "nothing"));
    return box;
  }
  if (!zone.items.length) { row.appendChild(el("span", "empty", "nothing")); return box; }
  const counts = new Map(); for (const i of zone.items) counts.set(i, (counts.get(i) || 0) + 1);
  for (const [item, n] of counts) {
    const t = el("div", undefined, "tile"); const cut = item.indexOf(" (");
    t.appendChild(el("div", cut > 0 ? item.slice(0, cut) : item, "face"));
    if (cut > 0) t.appendChild(el("div", item.slice(cut + 2, item.endsWith(")") ? -1 : undefined), "fine"));
    if (n > 1) t.appendChild(el("span", "×" + n, "count"));
    t.title = item;
    const pick = picks.get(JSON.stringify([seat, name, item]));
    if (pick) { t.classList.add("pick"); t.tabIndex = 0; t.title = pick.label; t.dataset.option = pick.index; }
    row.appendChild(t);
  }
  return box;
}
function send(secret, message) { const ws = sockets[secret]; if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); }
function active() {
  // The seat with a decision in front of it, else the first one.
  for (const s of secrets) if (views[s] && views[s].options.length) return s;
  return shown && views[shown] ? shown : secrets.find(s => views[s]);
}
function render() {
  const secret = active(); if (!secret) return;
  if (secrets.length > 1 && secret !== lastActive && lastActive !== null) covered = true;
  const v = views[secret]; shown = secret;
  const cover = document.getElementById("cover");
  if (covered && secrets.length > 1) {
    document.getElementById("cover-text").textContent = "Pass the device to " + (v.seat_name || "the next player");
    cover.style.display = "flex"; document.getElementById("boards").textContent = ""; document.getElementById("zones").textContent = ""; return;
  }
  cover.style.display = "none"; lastActive = secret;
  const o = v.observation;
  document.title = `${v.game}: ${v.seat_name || "spectator"}`;
  document.getElementById("title").textContent = v.game;
  document.getElementById("seat").textContent = v.seat_name ? "You are " + v.seat_name : "Spectator";
  let status = `Round ${o.round}` + (o.phase ? ` · ${words(o.phase)}` : "");
  if (v.winners) status += " · Game over: " + (v.winners.length ? v.winners.join(" and ") + " won" : "no winner");
  else if (v.stopped) status += " · stopped: " + v.stopped;
  else if (v.options.length) status += " · your decision";
  else if (v.waiting_for) status += " · waiting for " + v.waiting_for;
  document.getElementById("status").textContent = status;
  const boards = document.getElementById("boards"); boards.textContent = "";
  for (const b of v.boards) {
    const sec = el("section"); sec.appendChild(el("h3", words(b.name)));
    const holder = el("div"); holder.innerHTML = b.svg; sec.appendChild(holder);
    const legend = el("div");
    for (const entry of b.legend || []) { const chip = el("span", undefined, "chip"); const swatch = el("i"); swatch.style.background = entry.colour; chip.appendChild(swatch); chip.appendChild(document.createTextNode(entry.kind)); legend.appendChild(chip); }
    sec.appendChild(legend); boards.appendChild(sec);
  }
  boards.querySelectorAll(".pick").forEach(node => {
    const pick = () => act(secret, +node.dataset.option);
    node.addEventListener("click", pick);
    node.addEventListener("keydown", e => { if (e.key === "Enter") pick(); });
  });
  const decision = document.getElementById("decision");
  decision.className = v.options.length ? "mine" : "";
  let prompt = v.prompt || (v.winners ? "The game is over." : (v.waiting_for ? "Waiting for " + v.waiting_for + "." : ""));
  if (v.budget_left !== null && v.budget_left !== undefined) prompt += ` (${v.budget_left} left to spend)`;
  const onBoard = v.options.some(x => x.cells.length), inZones = v.options.some(x => (x.pieces || []).length);
  if (onBoard || inZones) prompt += ` — click a marked ${onBoard && inZones ? "cell or piece" : onBoard ? "cell on the board" : "piece"}, or a button`;
  document.getElementById("prompt").textContent = prompt;
  const options = document.getElementById("options"); options.textContent = "";
  for (const x of v.options) {
    const b = el("button"); b.appendChild(el("span", x.label));
    if (x.detail) { b.appendChild(el("br")); b.appendChild(el("span", x.detail, "detail")); }
    b.title = x.label; b.dataset.option = x.index; b.addEventListener("click", () => act(secret, x.index));
    options.appendChild(b);
  }
  const undo = document.getElementById("undo"); undo.style.display = v.can_undo ? "" : "none";
  undo.onclick = () => send(secret, { type: "undo", version: v.version });
  const picks = new Map();
  for (const x of v.options) for (const p of x.pieces || []) picks.set(JSON.stringify(p), x);
  const zonesBox = document.getElementById("zones"); zonesBox.textContent = "";
  const g = o.globals || {};
  const mine = v.seat >= 0 ? o.seats[v.seat] : null;
  function grid(seat, zones, small) {
    const box = el("div", undefined, "zone-grid");
    for (const [name, zone] of Object.entries(zones)) box.appendChild(zoneTiles(seat, name, zone, picks, small));
    return box;
  }
  if (mine && Object.keys(mine.zones || {}).length) {
    zonesBox.appendChild(el("h3", "Yours")); zonesBox.appendChild(grid(v.seat, mine.zones, false));
  }
  if (Object.keys(g.zones || {}).length) {
    zonesBox.appendChild(el("h3", "On the table")); zonesBox.appendChild(grid(-1, g.zones, false));
  }
  const players = document.getElementById("players"); players.textContent = "";
  o.seats.forEach((s, i) => {
    const d = el("div", undefined, "seat"); d.appendChild(el("b", s.name + (i === o.to_move ? " ◀" : "")));
    d.appendChild(document.createTextNode(` score ${value(s.score)} · ${v.seats[i].kind}` + (s.eliminated ? " · out" : "")));
    const vars = Object.entries(s.vars || {}).map(([k, x]) => `${words(k)} ${value(x)}`);
    if (vars.length) d.appendChild(el("div", vars.join(" · "), "small"));
    if (i !== v.seat && Object.keys(s.zones || {}).length) d.appendChild(grid(i, s.zones, true));
    players.appendChild(d);
  });
  const shared = document.getElementById("shared"); shared.textContent = "";
  const gv = Object.entries(g.vars || {}).map(([k, x]) => `${words(k)} ${value(x)}`);
  if (gv.length) shared.appendChild(el("div", gv.join(" · "), "small"));
  document.querySelectorAll(".tile.pick").forEach(node => {
    const pick = () => act(secret, +node.dataset.option);
    node.addEventListener("click", pick);
    node.addEventListener("keydown", e => { if (e.key === "Enter") pick(); });
  });
  const log = document.getElementById("log"); log.textContent = "";
  for (const line of o.log) log.appendChild(el("li", line));
  log.scrollTop = log.scrollHeight;
}
window.decided = [];  // the seats that took a decision on this page (for the browser tests)
function act(secret, index) {
  const v = views[secret]; if (!v || !v.options.length) return;
  if (!window.decided.includes(v.seat_name)) window.decided.push(v.seat_name);
  document.getElementById("message").textContent = "";
  send(secret, { type: "act", version: v.version, option: index, label: v.options[index].label });
}
document.getElementById("cover-button").addEventListener("click", () => { covered = false; lastActive = active(); render(); });
function connect(secret) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}/${secret}`);
  sockets[secret] = ws;
  ws.onopen = () => { document.getElementById("connection").textContent = ""; };
  ws.onmessage = (event) => {
    const m = JSON.parse(event.data);
    if (m.type === "view") { views[secret] = m; render(); }
    else if (m.type === "refused" || m.type === "info") { if (m.text !== "pong") document.getElementById("message").textContent = m.reason || m.text; }
  };
  ws.onclose = (event) => {
    document.getElementById("connection").textContent = "disconnected: reconnecting…";
    if (event.code !== 4404 && event.code !== 4400) setTimeout(() => connect(secret), 1000);
    else document.getElementById("connection").textContent = "this link opens no seat";
  };
}
secrets.forEach(connect);
</script></body></html>"""
