// deckgen serve: the page. Plain JavaScript, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
let state = null;
let editing = null;   // the part in the editor: a card code, or "back", "back2", "lid" (their pictures)
let editKind = null;  // "card" (a court's or joker's photo and caption) or "picture" (a back's or the lid's)
let info = null;      // what the editor shows: photo, crop, faces

async function api(method, url, body, raw) {
  const options = { method, headers: {} };
  if (raw !== undefined) {
    options.body = raw;
    options.headers["Content-Type"] = "application/octet-stream";
  } else if (body !== undefined) {
    options.body = JSON.stringify(body);
    options.headers["Content-Type"] = "application/json";
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ------------------------------------------------------------------ the preview

function figureFor(part) {
  let fig = document.querySelector(`figure[data-key="${part.key}"]`);
  if (!fig) {
    fig = document.createElement("figure");
    fig.dataset.key = part.key;
    const img = document.createElement("img");
    img.alt = part.label;
    img.addEventListener("load", () => { img.dataset.shown = img.dataset.version; });
    const cap = document.createElement("figcaption");
    fig.append(img, cap);
    if (part.photo) {
      fig.classList.add("photo");
      img.addEventListener("click", () => openEditor(part.key, "card"));
    } else if (part.kind === "back" || part.kind === "lid") {
      fig.classList.add("picture");
      img.addEventListener("click", () => openEditor(part.key, "picture"));
    }
    const holder = part.kind === "face" ? $("faces") : part.kind === "back" ? $("backs") : $("lid");
    holder.append(fig);
  }
  return fig;
}

function showParts(parts) {
  const keys = new Set(parts.map((p) => p.key));
  const box = keys.has("box");   // a tuck deck: the box's net where the tin lid was
  $("lid-title").textContent = box ? "Tuck box" : "Tin lid";
  $("lid-hint").textContent = box ? "the net to print, cut (solid lines) and fold (dashed)" : "click to place a picture";
  document.querySelectorAll("figure[data-key]").forEach((f) => { if (!keys.has(f.dataset.key)) f.remove(); });
  for (const part of parts) {
    if (!part.version) continue;
    const fig = figureFor(part);
    const img = fig.querySelector("img");
    if (img.dataset.version !== String(part.version)) {
      img.dataset.version = String(part.version);
      img.src = `/preview/${encodeURIComponent(part.key)}.png?v=${part.version}`;
    }
    fig.querySelector("figcaption").textContent = part.label + (part.warnings.length ? " ⚠" : "");
    fig.title = part.warnings.join("\n");
    fig.classList.toggle("warn", part.warnings.length > 0);
    fig.classList.toggle("selected", part.key === editing);
  }
}

function showBooklet(b) {
  if (!b) return;
  const holder = $("booklet");
  const pages = b.pages || [];
  $("booklet-status").textContent = b.busy ? "building the booklet…" : pages.length ? `${pages.length} pages: click one to enlarge` : "";
  $("booklet-error").hidden = !b.error;
  $("booklet-error").textContent = b.error ? `error: ${b.error}` : "";
  while (holder.children.length > pages.length) holder.lastElementChild.remove();
  pages.forEach((page, i) => {
    let fig = holder.children[i];
    if (!fig) {
      fig = document.createElement("figure");
      fig.dataset.page = String(page.page);
      const img = document.createElement("img");
      img.alt = `booklet page ${page.page}`;
      img.loading = "lazy";
      img.addEventListener("load", () => { img.dataset.shown = img.dataset.version; });
      img.addEventListener("click", () => {
        $("page-view-img").src = img.src;
        $("page-view").hidden = false;
      });
      const cap = document.createElement("figcaption");
      cap.textContent = page.page === 1 ? "cover" : i === pages.length - 1 ? "back cover" : `page ${page.page}`;
      fig.append(img, cap);
      holder.append(fig);
    }
    fig.querySelector("figcaption").textContent = page.page === 1 ? "cover" : i === pages.length - 1 ? "back cover" : `page ${page.page}`;
    const img = fig.querySelector("img");
    if (img.dataset.version !== String(b.version)) {
      img.dataset.version = String(b.version);
      img.width = page.width; img.height = page.height;
      img.src = `/preview/booklet/${page.page}.png?v=${b.version}`;
    }
  });
}

function fillSelect(select, names, chosen, themeDefault) {
  const wanted = [themeDefault === undefined ? null : ["", `theme's (${themeDefault})`], ...names.map((n) => [n, n])].filter(Boolean);
  const current = [...select.options].map((o) => o.value + "|" + o.text).join(",");
  if (current !== wanted.map(([v, t]) => v + "|" + t).join(",")) {
    select.replaceChildren(...wanted.map(([v, t]) => new Option(t, v)));
  }
  select.value = chosen || "";
}

function showFormats(formats, chosen) {   // "poker: 63 × 88 mm", the format's title as the tip
  const select = $("format");
  const wanted = formats.map((f) => [f.name, `${f.name}: ${f.width_mm.toFixed(0)} × ${f.height_mm.toFixed(0)} mm`, f.title]);
  if ([...select.options].map((o) => o.value + "|" + o.text).join(",") !== wanted.map(([v, t]) => v + "|" + t).join(",")) {
    select.replaceChildren(...wanted.map(([v, t, title]) => { const o = new Option(t, v); o.title = title; return o; }));
  }
  select.value = chosen || "";
}

function showChoices(c) {
  if (!c || !c.themes) return;
  if (c.formats) showFormats(c.formats, c.format);
  fillSelect($("theme"), c.themes, c.theme);
  fillSelect($("template"), c.templates, c.template, c.theme_template);
  fillSelect($("palette"), c.palettes, c.palette, c.theme_palette);
}

function showBuild(b) {
  if (!b || (!b.running && !b.steps)) return;
  $("build-panel").hidden = false;
  $("build").disabled = !!b.running;
  $("build").textContent = b.running ? "Building…" : "Build the deck";
  $("build-steps").replaceChildren(...(b.steps || []).map((s) => {
    const li = document.createElement("li");
    li.className = s.state;
    li.dataset.step = s.label;
    li.append(s.label);
    if (s.state !== "waiting") {
      const bar = document.createElement("progress");
      if (s.total) { bar.max = s.total; bar.value = s.state === "done" ? s.total : s.done; }
      else if (s.state === "done") { bar.max = 1; bar.value = 1; }
      li.append(bar);
    }
    if (s.files && s.files.length) {
      const shown = s.files.length > 6 ? s.files.filter((f) => !/\/cards\/[^/]+\.png$/.test(f) || /back/.test(f)) : s.files;
      for (const f of shown.slice(0, 12)) {
        const a = document.createElement("a");
        a.href = f; a.target = "_blank"; a.textContent = f.split("/").pop();
        li.append(a);
      }
      if (s.files.length > shown.length) li.append(` (+${s.files.length - shown.length} card images in output/cards)`);
    }
    return li;
  }));
  $("build-result").textContent = b.error ? `error: ${b.error}` : b.finished ? "Built: every file is in output/. " : b.running ? `working: ${b.current || ""}` : "";
  for (const link of (b.finished && b.look) || []) {
    const a = document.createElement("a");
    a.href = link; a.target = "_blank";
    a.textContent = link.endsWith("crops.png") ? "the photo crops" : "the whole deck (contact sheet)";
    $("build-result").append(a, " ");
  }
  $("build-result").className = b.error ? "message" : "";
  $("build-warnings").replaceChildren(...(b.warnings || []).map((w) => { const li = document.createElement("li"); li.textContent = "warning: " + w; return li; }));
}

function apply(next) {
  state = next;
  $("deck-name").textContent = next.name || "";
  document.title = next.name ? `${next.name} · deckgen` : "deckgen";
  $("error").hidden = !next.error;
  $("error").textContent = next.error ? `error: ${next.error}` : "";
  showParts(next.parts);
  showBooklet(next.booklet);
  showChoices(next.choices);
  showBuild(next.build);
  if (editing) {
    const part = next.parts.find((p) => p.key === editing);
    if (part && part.version && $("ed-card").dataset.version !== String(part.version)) {
      $("ed-card").dataset.version = String(part.version);
      $("ed-card").src = `/preview/${encodeURIComponent(editing)}.png?v=${part.version}`;
      showPrinted();
      refreshEditor();
    }
  }
}

$("page-view").addEventListener("click", () => { $("page-view").hidden = true; });

function listen() {
  const source = new EventSource("/api/events");
  source.onmessage = (event) => apply(JSON.parse(event.data));
  source.onerror = () => { source.close(); setTimeout(listen, 1000); };
}

// ------------------------------------------------------------------ deck choices and the build

for (const [id, key] of [["format", "card.format"], ["theme", "theme"], ["template", "back.template"], ["palette", "back.palette"]]) {
  $(id).addEventListener("change", async (event) => {
    try { apply(await api("POST", "/api/deck", { key, value: event.target.value || null })); }
    catch (err) { $("error").hidden = false; $("error").textContent = `error: ${err.message}`; }
  });
}

$("build").addEventListener("click", async () => {
  $("build").disabled = true;
  try { await api("POST", "/api/build"); } catch (err) { $("build-result").textContent = `error: ${err.message}`; $("build").disabled = false; }
});

// ------------------------------------------------------------------ the photo editor

const CARD_HINT = $("ed-hint").textContent;

function editorUrl() {
  return `/api/${editKind === "card" ? "card" : "picture"}/${encodeURIComponent(editing)}`;
}

async function openEditor(key, kind) {
  editing = key;
  editKind = kind;
  info = null;
  const editor = $("editor");
  editor.hidden = false;
  editor.dataset.kind = kind;
  editor.dataset.which = key;
  const part = state && state.parts.find((p) => p.key === key);
  $("ed-title").textContent = kind === "card" ? "Photo of" : "Picture on the";
  $("ed-code").textContent = kind === "card" ? key : (part ? part.label : key);
  $("ed-image-label").textContent = kind === "card" ? "Photo" : "Picture";
  $("ed-photo").classList.toggle("no-window", kind !== "card");
  $("ed-message").textContent = "";
  $("ed-printed-box").hidden = true;
  $("ed-text").value = "";
  document.querySelectorAll("figure.selected").forEach((f) => f.classList.remove("selected"));
  if (part) { $("ed-card").dataset.version = String(part.version); $("ed-card").src = `/preview/${encodeURIComponent(key)}.png?v=${part.version}`; }
  await refreshEditor();
}

let asked = 0;   // editor requests sent
let shown = 0;   // the latest of them whose answer the editor shows

async function editorRequest(method, body) {
  // The answer, or null when another part is in the editor now or a request sent later has
  // already been answered (a slow look at the part must not undo a change made since).
  const number = ++asked;
  const key = editing;
  const data = await api(method, editorUrl(), body);
  if (key !== editing || number < shown) return null;
  shown = number;
  return data;
}

async function refreshEditor() {
  if (!editing) return;
  try {
    const data = await editorRequest("GET");
    if (data) showEditor(data, false);
  } catch (err) { $("ed-message").textContent = err.message; }
}

function place(el, box) {
  el.style.left = `${box[0] * 100}%`; el.style.top = `${box[1] * 100}%`;
  el.style.width = `${(box[2] - box[0]) * 100}%`; el.style.height = `${(box[3] - box[1]) * 100}%`;
}

function keep(box) {   // the green kept area, and the photo dimmed round it
  place($("ed-window"), box);
  const [l, t, r, b] = box.map((v) => Math.min(1, Math.max(0, v)));
  const shades = $("ed-shade").children;
  place(shades[0], [0, 0, 1, t]);
  place(shades[1], [0, b, 1, 1]);
  place(shades[2], [0, t, l, b]);
  place(shades[3], [r, t, 1, b]);
}

function showEditor(data, saved) {
  if (editKind === "picture") { showPicture(data); return; }
  info = data;
  fillImages(data, "none: the drawn card");
  if (saved || document.activeElement !== $("ed-text")) $("ed-text").value = data.text || "";
  $("ed-hint").textContent = CARD_HINT;
  $("ed-dot").hidden = false;
  $("ed-auto").hidden = false;
  const has = !!data.window;
  $("ed-photo").hidden = !has;
  $("ed-hint").hidden = !has;
  if (has) {
    const img = $("ed-photo-img");
    const src = `/api/card/${encodeURIComponent(data.code)}/photo?v=${encodeURIComponent(data.image)}-${data.photo_version}`;
    if (img.getAttribute("src") !== src) img.src = src;
    keep(data.window);
    $("ed-faces").replaceChildren(...data.faces.map((f) => {
      const d = document.createElement("div"); d.className = "facebox" + (data.problems.length ? " bad" : ""); place(d, f); return d;
    }));
    const w = data.window;
    const dot = data.focus || [(w[0] + w[2]) / 2, (w[1] + w[3]) / 2];
    moveDot(dot, !data.focus);
  }
  showPrinted();
  showZoom(data);
  document.querySelectorAll("input[name=ed-mode]").forEach((r) => { r.checked = r.value === data.mode; });
  $("ed-fit").value = data.fit;
  $("ed-auto").disabled = !data.focus;
  $("ed-problems").replaceChildren(...[...data.problems, ...(data.note ? [data.note] : [])].map((p) => { const li = document.createElement("li"); li.textContent = p; return li; }));
}

function showPrinted() {   // the card as it prints, marked as the crop review marks it (a photo card only)
  const has = editKind === "card" && !!(info && info.window);
  $("ed-printed-box").hidden = !has;
  if (!has) return;
  const src = `/api/card/${encodeURIComponent(info.code)}/printed.png?v=${$("ed-card").dataset.version || 0}`;
  if ($("ed-printed").getAttribute("src") !== src) $("ed-printed").src = src;
}

// The zoom slider steps through zoomStops: every 0.05 up to 2, every 0.1 up to 4, every 0.25 beyond,
// each 2.5 % to 6.3 % closer than the last (nearly a log scale), so 1 to 2 (the zooms most photos want)
// takes a third of its length and each arrow key press moves one stop. Its ends are the server's (zoom_min, zoom_max).
let zoomStops = [];

function stopsBetween(min, max) {   // the zooms the slider offers, in hundredths to stay exact
  const last = Math.round(max * 100), stops = [];
  let at = Math.round(min * 100);
  while (at < last) {
    stops.push(at / 100);
    const step = at < 200 ? 5 : at < 400 ? 10 : 25;
    at = (Math.floor(at / step) + 1) * step;
  }
  stops.push(last / 100);
  return stops;
}

function nearestStop(zoom) {   // the stop closest to a zoom, as the eye judges it (by ratio)
  let best = 0;
  zoomStops.forEach((z, i) => { if (Math.abs(Math.log(z / zoom)) < Math.abs(Math.log(zoomStops[best] / zoom))) best = i; });
  return best;
}

function showZoom(data) {   // the slider, its number and the Automatic zoom button (off while the zoom is deckgen's)
  if (zoomStops[0] !== data.zoom_min || zoomStops[zoomStops.length - 1] !== data.zoom_max) {
    zoomStops = stopsBetween(data.zoom_min, data.zoom_max);
    $("ed-zoom").max = String(zoomStops.length - 1);
  }
  $("ed-zoom").value = String(nearestStop(data.zoom));
  $("ed-zoom-out").textContent = zoomText(data);
  $("ed-zoom").setAttribute("aria-valuetext", $("ed-zoom-out").textContent);
  $("ed-zoom-auto").disabled = !!data.auto_zoom;
}

function zoomNumber(zoom) {   // two decimals, more when deck.toml holds more (6.125 is not shown as 6.13)
  const two = zoom.toFixed(2);
  return Number(two) === zoom ? two : String(Number(zoom.toFixed(4)));
}

function zoomText(data) {   // the zoom shown, and whether deckgen chose it (it does only while no focus is set)
  if (!data.auto_zoom) return zoomNumber(Number(data.zoom));
  const zoom = Number(data.zoom).toFixed(2);
  return data.focus ? `${zoom}, automatic when no focus is set` : `${zoom}, automatic`;
}

function slidZoom() { return zoomStops[Number($("ed-zoom").value)]; }

function fillImages(data, none) {   // the photos in images/, the one written chosen
  const sel = $("ed-image");
  fillSelect(sel, data.images, data.image || "", undefined);
  sel.querySelectorAll('option[value=""]').forEach((o) => o.remove());
  sel.prepend(new Option(none, ""));
  if (data.image && ![...sel.options].some((o) => o.value === data.image)) sel.append(new Option(data.image, data.image));
  sel.value = data.image || "";
}

function showPicture(data) {   // a back's or the lid's picture: which photo, fill or fit, focus, size
  info = data;
  fillImages(data, data.which === "back2" ? "none of its own (the first back's)" : "none: the pattern only");
  const has = !!data.photo_px;
  const fill = data.mode === "fill";
  $("ed-photo").hidden = !has;
  $("ed-hint").hidden = !has;
  $("ed-photo").classList.toggle("no-window", !data.window);
  $("editor").toggleAttribute("data-fill", fill);   // a filled picture has a zoom
  showZoom(data);
  $("ed-hint").textContent = fill ? "Drag on the picture to move the focus: the green box is what it keeps, yellow boxes the faces found."
    : "The whole picture is shown; choose fill to crop it to the area.";
  if (has) {
    const img = $("ed-photo-img");
    const src = `/api/picture/${encodeURIComponent(data.which)}/photo?v=${encodeURIComponent(data.shown)}-${data.photo_version}`;
    if (img.getAttribute("src") !== src) img.src = src;
    if (data.window) keep(data.window);
    $("ed-faces").replaceChildren(...data.faces.map((f) => { const d = document.createElement("div"); d.className = "facebox"; place(d, f); return d; }));
    $("ed-dot").hidden = !fill;
    const face = data.faces[0];   // with no focus set, a filled picture is framed on the faces found
    moveDot(data.focus || (face ? [(face[0] + face[2]) / 2, (face[1] + face[3]) / 2] : [0.5, 0.5]), !data.focus);
  }
  document.querySelectorAll("input[name=ed-pmode]").forEach((r) => { r.checked = r.value === data.mode; });
  if (data.scale !== null && data.scale !== undefined) { $("ed-scale").value = data.scale; $("ed-scale-out").textContent = `${Math.round(data.scale * 100)} %`; }
  $("ed-auto").hidden = !fill;
  $("ed-auto").disabled = !data.focus;
  $("ed-scale").closest(".ed-row").classList.toggle("off", fill);   // the size is a fitted picture's
  $("ed-mirror").checked = !!data.mirror;
  const part = state && state.parts.find((p) => p.key === data.which);
  const problems = [...(data.problems || []), ...((part && part.warnings) || [])];
  $("ed-problems").replaceChildren(...problems.map((p) => { const li = document.createElement("li"); li.textContent = p; return li; }));
}

function moveDot(at, auto) {
  const dot = $("ed-dot");
  dot.style.left = `${at[0] * 100}%`; dot.style.top = `${at[1] * 100}%`;
  dot.classList.toggle("auto", !!auto);
}

async function setEdit(changes) {   // write changes to deck.toml; the editor shows what was written
  $("ed-message").textContent = "";
  try {
    const data = await editorRequest("POST", changes);
    if (data) showEditor(data, true);
  } catch (err) { $("ed-message").textContent = err.message; await refreshEditor(); }
}

function fractionAt(event) {
  const r = $("ed-photo-img").getBoundingClientRect();
  const clamp = (v) => Math.min(1, Math.max(0, v));
  return [clamp((event.clientX - r.left) / r.width), clamp((event.clientY - r.top) / r.height)];
}

function previewWindow(at) {   // the kept area follows the pointer while dragging
  if (!info || !info.window) return;
  const [x0, y0, x1, y1] = info.window, w = x1 - x0, h = y1 - y0;
  const left = Math.min(Math.max(at[0] - w / 2, Math.min(0, x0)), Math.max(1 - w, x0));
  const top = Math.min(Math.max(at[1] - h / 2, Math.min(0, y0)), Math.max(1 - h, y0));
  keep([left, top, left + w, top + h]);
}

let dragging = false;
$("ed-photo").addEventListener("pointerdown", (event) => {
  if (editKind === "picture" && !(info && info.mode === "fill")) return;   // a fitted picture has no crop
  dragging = true;
  $("ed-photo").setPointerCapture(event.pointerId);
  const at = fractionAt(event); moveDot(at, false); previewWindow(at);
});
$("ed-photo").addEventListener("pointermove", (event) => {
  if (!dragging) return;
  const at = fractionAt(event); moveDot(at, false); previewWindow(at);
});
$("ed-photo").addEventListener("pointerup", (event) => {
  if (!dragging) return;
  dragging = false;
  setEdit({ focus: fractionAt(event) });
});
$("ed-zoom").addEventListener("input", () => {
  $("ed-zoom-out").textContent = zoomNumber(slidZoom());
  $("ed-zoom").setAttribute("aria-valuetext", $("ed-zoom-out").textContent);
});
$("ed-zoom").addEventListener("change", () => setEdit({ zoom: slidZoom() }));
$("ed-zoom-auto").addEventListener("click", () => setEdit({ zoom: null }));
$("ed-auto").addEventListener("click", () => setEdit({ focus: null }));
document.querySelectorAll("input[name=ed-mode]").forEach((r) => r.addEventListener("change", () => setEdit({ mode: r.value })));
document.querySelectorAll("input[name=ed-pmode]").forEach((r) => r.addEventListener("change", () => setEdit({ mode: r.value })));
$("ed-scale").addEventListener("input", () => { $("ed-scale-out").textContent = `${Math.round(Number($("ed-scale").value) * 100)} %`; });
$("ed-scale").addEventListener("change", () => setEdit({ scale: Number($("ed-scale").value) }));
$("ed-fit").addEventListener("change", () => setEdit({ fit: $("ed-fit").value }));
$("ed-mirror").addEventListener("change", () => setEdit({ mirror: $("ed-mirror").checked }));
$("ed-image").addEventListener("change", () => setEdit({ image: $("ed-image").value || null }));
$("ed-text").addEventListener("change", () => setEdit({ text: $("ed-text").value.trim() ? $("ed-text").value : null }));
$("ed-text").addEventListener("keydown", (event) => { if (event.key === "Escape") { $("ed-text").value = (info && info.text) || ""; $("ed-text").blur(); } });
$("ed-close").addEventListener("click", () => {
  editing = null; editKind = null; info = null; $("editor").hidden = true;
  document.querySelectorAll("figure.selected").forEach((f) => f.classList.remove("selected"));
});

const drop = $("ed-drop");
drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", async (event) => {
  event.preventDefault();
  drop.classList.remove("over");
  const file = event.dataTransfer.files[0];
  if (!file) return;
  $("ed-message").textContent = `adding ${file.name}…`;
  try {
    const saved = await api("POST", `/api/images?name=${encodeURIComponent(file.name)}`, undefined, file);
    $("ed-message").textContent = "";
    await setEdit({ image: saved.image });
  } catch (err) { $("ed-message").textContent = err.message; }
});

// ------------------------------------------------------------------ start

api("GET", "/api/state").then(apply).catch(() => {});
listen();
