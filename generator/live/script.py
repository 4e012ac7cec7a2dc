"""The preview pages' script: follow each build in place, filter, enlarge.

Following builds: the server's event stream names each new build and the files it
changed. The gallery (`<body data-live="swap">`) asks the server for its page again,
preloads the new pictures of the changed pieces it shows, then swaps those images, the
captions and outlines that differ, the banner, the findings and the PDF list; nothing
else is touched, so the unchanged images stay as they are. A change the page cannot
take in place (a piece added, removed or moved; files the server no longer remembers)
reloads it, as the proof sheet always does. `since` and the stream's event ids keep a
reconnecting stream from missing a build.

The filter is kept in the address (`#element=fire&kind=tokens`), so it survives a reload
and can be shared. A card opens the enlarged view: the full SVG as a document of its
own, at print size (CSS millimetres, from the SVG's own size), with the bleed and the
safe zone drawn over it from the card's `data-guides` (mm), each toggled on and off.
"""

SCRIPT = r"""
"use strict";
const body = document.body;
let shown = Number(body.dataset.generation);
let events = null;
let updates = Promise.resolve();

function listen() {
  events = new EventSource(`/events?since=${shown}&run=${body.dataset.run}`);
  events.onmessage = (message) => {
    const news = JSON.parse(message.data);
    updates = updates.then(() => take(news)).catch(() => location.reload());
  };
  // The server restarted on this port and numbers its builds anew: show its pages.
  events.addEventListener("restarted", () => location.reload());
}

async function take(news) {
  if (news.generation <= shown) { return; }
  if (body.dataset.live !== "swap" || news.changed === null) { location.reload(); return; }
  const reply = await fetch(location.pathname + location.search, {cache: "no-store"});
  const next = new DOMParser().parseFromString(await reply.text(), "text/html");
  if (paths(document).join("\n") !== paths(next).join("\n")) { location.reload(); return; }
  const changed = new Set(news.changed);
  await Promise.all(Array.from(document.querySelectorAll("figure.piece"), (figure) =>
    swap(figure, next.querySelector(`figure.piece[data-path="${CSS.escape(figure.dataset.path)}"]`),
         changed.has(figure.dataset.path))));
  for (const id of ["nav", "status", "preflight", "pdfs"]) { replace(id, next); }
  const dialog = document.getElementById("enlarged");
  if (dialog.open && changed.has(dialog.dataset.path)) {  // the enlarged piece: its new version
    enlarge(document.querySelector(`figure.piece[data-path="${CSS.escape(dialog.dataset.path)}"]`));
  }
  const filter = next.getElementById("filter");
  if (filter && filter.outerHTML !== document.getElementById("filter").outerHTML) {
    replace("filter", next);
  }
  // Always: a swapped card may bear other elements now (`data-elements`), so what the
  // filter shows and each section's count follow it, even when the form stays the same.
  applyFilter();
  shown = news.generation;
  body.dataset.generation = String(news.generation);
}

function paths(doc) {
  return Array.from(doc.querySelectorAll("figure.piece"), (f) => f.dataset.path);
}

// The element with this id takes the next page's one (both pages always have it).
function replace(id, next) {
  const mine = document.getElementById(id), theirs = next.getElementById(id);
  if (mine && theirs) { mine.replaceWith(document.importNode(theirs, true)); }
}

// A changed piece gets its new picture once it is decoded, so it never blinks; then the
// caption, the outlines and the data of the card follow if they differ.
async function swap(figure, fresh, changed) {
  const img = figure.querySelector("img.thumb");
  const src = fresh.querySelector("img.thumb").getAttribute("src");
  if (changed && img.getAttribute("src") !== src) {
    const loading = new Image();
    loading.src = src;
    try { await loading.decode(); } catch (error) { /* shown broken, as the file is */ }
    img.src = src;
  }
  img.alt = fresh.querySelector("img.thumb").alt;
  for (const part of ["figcaption", "svg.marks"]) {
    const mine = figure.querySelector(part), theirs = fresh.querySelector(part);
    const copy = theirs ? document.importNode(theirs, true) : null;
    if (mine && copy && mine.outerHTML !== copy.outerHTML) { mine.replaceWith(copy); }
    else if (mine && !copy) { mine.remove(); }
    else if (!mine && copy) { img.after(copy); }
  }
  for (const key of ["version", "elements", "guides"]) {
    if (fresh.dataset[key] !== undefined) { figure.dataset[key] = fresh.dataset[key]; }
  }
}

// -- the filter --------------------------------------------------------------------

function chosen() {
  const asked = new URLSearchParams(location.hash.slice(1));
  return {element: asked.get("element") || "", kind: asked.get("kind") || ""};
}

function applyFilter() {
  const {element, kind} = chosen();
  const form = document.getElementById("filter");
  if (form) {
    for (const input of form.querySelectorAll("input[type=radio]")) {
      input.checked = input.value === (input.name === "element" ? element : kind);
    }
  }
  for (const section of document.querySelectorAll("section.group")) {
    const figures = section.querySelectorAll("figure.piece");
    let fitting = 0;
    for (const figure of figures) {
      const fits = (!kind || section.id === kind)
        && (!element || figure.dataset.elements.split(" ").includes(element));
      figure.hidden = !fits;
      fitting += fits ? 1 : 0;
    }
    section.hidden = fitting === 0;
    section.querySelector(".count").textContent = fitting === figures.length
      ? String(figures.length) : `${fitting} of ${figures.length}`;
  }
}

document.addEventListener("change", (event) => {
  const form = event.target.form;
  if (!form || form.id !== "filter") { return; }
  const asked = new URLSearchParams();
  for (const name of ["element", "kind"]) {
    const value = new FormData(form).get(name);
    if (value) { asked.set(name, value); }
  }
  history.replaceState(null, "", "#" + asked.toString());
  applyFilter();
});
window.addEventListener("hashchange", applyFilter);

// -- enlarge -----------------------------------------------------------------------

const MM = 96 / 25.4;  // CSS pixels a millimetre

// A length of the SVG's root (`69.5mm`) in millimetres; NaN if it has another unit.
function millimetres(length) {
  const found = /^([0-9.]+)mm$/.exec(length || "");
  return found ? Number(found[1]) : NaN;
}

async function enlarge(figure) {
  const dialog = document.getElementById("enlarged");
  const img = figure.querySelector("img.thumb"), src = img.getAttribute("src");
  // The thumbnail's own file, from the cache: its size is the printed size.
  const text = await (await fetch(src)).text();
  const root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  let width = millimetres(root.getAttribute("width"));
  let height = millimetres(root.getAttribute("height"));
  if (!(width > 0 && height > 0)) {
    [width, height] = [img.naturalWidth / MM, img.naturalHeight / MM];
  }
  const stage = dialog.querySelector(".stage");
  stage.style.width = `${width}mm`;
  stage.style.height = `${height}mm`;
  const piece = document.createElement("object");
  piece.type = "image/svg+xml";
  piece.className = "piece";
  piece.data = src;
  piece.setAttribute("aria-label", img.alt);
  stage.querySelector("object.piece")?.remove();
  stage.prepend(piece);
  drawGuides(dialog, figure.dataset.guides, width, height);
  dialog.querySelector(".caption").textContent = figure.querySelector("figcaption").textContent;
  dialog.dataset.path = figure.dataset.path;
  dialog.querySelector("a.file").href = src;
  if (!dialog.open) { dialog.showModal(); }
}

function drawGuides(dialog, guides, width, height) {
  const svg = dialog.querySelector("svg.guides");
  const [bleed, safe, face] = (guides || "").split(" ").map(Number);
  const known = guides && bleed >= 0 && safe >= 0;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.classList.toggle("none", !known);
  for (const toggle of dialog.querySelectorAll(".bar input[type=checkbox]")) {
    toggle.disabled = !known;
  }
  dialog.querySelector(".note").textContent = known
    ? `bleed ${bleed} mm, safe zone ${safe} mm inside the ${face > 0 ? "disc" : "cut"}`
    : "no guides: this file was built before its piece had them; build again";
  if (!known) { return; }
  const box = (inset) => [inset, inset, width - 2 * inset, height - 2 * inset];
  const [x, y, w, h] = box(bleed);
  svg.querySelector(".bleed").setAttribute("d",
    `M0 0H${width}V${height}H0Z M${x} ${y}V${y + h}H${x + w}V${y}Z`);
  for (const [name, inset] of [["trim", bleed], ["safe", bleed + safe]]) {
    const rect = svg.querySelector(`.${name}`);
    // A round piece's safe zone is a disc inside its face (its corners are cut away).
    const round = name === "safe" && face > 0;
    const [rx, ry, rw, rh] = round
      ? box((width - face) / 2 + safe) : box(inset);
    rect.setAttribute("x", rx); rect.setAttribute("y", ry);
    rect.setAttribute("width", Math.max(rw, 0)); rect.setAttribute("height", Math.max(rh, 0));
    rect.setAttribute("rx", round ? Math.max(rw, 0) / 2 : 0);
  }
}

document.addEventListener("click", (event) => {
  const figure = event.target.closest("figure.piece");
  if (figure && !event.target.closest("a")) { enlarge(figure); }
  if (event.target.matches("dialog#enlarged, dialog#enlarged button.close")) {
    document.getElementById("enlarged").close();
  }
});
document.addEventListener("keydown", (event) => {
  if ((event.key === "Enter" || event.key === " ") && event.target.matches("figure.piece")) {
    event.preventDefault();
    enlarge(event.target);
  }
});
document.addEventListener("change", (event) => {
  const toggle = event.target;
  if (!toggle.matches("dialog#enlarged .bar input[type=checkbox]")) { return; }
  const guides = document.querySelector("dialog#enlarged svg.guides");
  guides.classList.toggle(`no-${toggle.name}`, !toggle.checked);
});

applyFilter();
listen();
"""
