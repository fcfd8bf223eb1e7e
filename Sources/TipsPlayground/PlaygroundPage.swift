/// The playground's one page: inline CSS and JS, nothing fetched but the API of the server
/// it came from (its Content-Security-Policy allows nothing else). Every text from the
/// catalog or the session is set with `textContent`, never parsed as HTML.
enum PlaygroundPage {
    static let html = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Tips playground</title>
    <style>
    :root { color-scheme: light dark; --line: #8884; --ok: #1a7f37; --wait: #777; --gone: #c0392b; --shown: #0969da; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 -apple-system, system-ui, sans-serif; }
    header { display: flex; gap: 16px; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
    header h1 { font-size: 16px; margin: 0; }
    #clock { font-variant-numeric: tabular-nums; }
    main { display: grid; grid-template-columns: 400px 1fr; gap: 0; }
    aside { padding: 12px 16px; border-right: 1px solid var(--line); }
    section { margin-bottom: 16px; }
    h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; margin: 0 0 6px; color: #888; }
    label { display: block; margin: 4px 0; }
    input, select, button, textarea { font: inherit; }
    button { padding: 3px 10px; border-radius: 6px; border: 1px solid var(--line); background: #8881; cursor: pointer; }
    button:hover { background: #8883; }
    .row { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; }
    #tips { padding: 12px 16px; display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 12px; align-content: start; }
    .tip { border: 1px solid var(--line); border-radius: 13px; padding: 12px; }
    .tip[data-status="available"] { border-color: var(--ok); box-shadow: 0 0 0 1px var(--ok); }
    .tip[data-displayed="true"] { border-color: var(--shown); box-shadow: 0 0 0 2px var(--shown); }
    .tip .status { font-size: 12px; font-weight: 600; }
    .tip[data-status="available"] .status { color: var(--ok); }
    .tip[data-status="pending"] .status { color: var(--wait); }
    .tip[data-status^="invalidated"] .status { color: var(--gone); }
    .card { display: flex; gap: 10px; margin: 8px 0; padding: 10px; border-radius: 10px; background: #8881; }
    .tip:not([data-status="available"]) .card { opacity: .45; }
    .glyph { width: 32px; height: 32px; border-radius: 8px; background: #8883; display: flex; align-items: center; justify-content: center; font-size: 10px; overflow: hidden; flex: none; }
    .card .title { font-weight: 600; }
    .explanation { white-space: pre-wrap; font: 12px/1.35 ui-monospace, Menlo, monospace; margin: 6px 0 0; max-height: 14em; overflow: auto; }
    details summary { cursor: pointer; color: #888; font-size: 12px; }
    #bottom { grid-column: 1 / -1; border-top: 1px solid var(--line); padding: 12px 16px; display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
    #journal, #history { font: 12px/1.35 ui-monospace, Menlo, monospace; white-space: pre; overflow: auto; max-height: 18em; margin: 0; }
    #history li.refused { color: var(--gone); }
    #error { color: var(--gone); white-space: pre-wrap; min-height: 1.4em; }
    #scenario { width: 100%; height: 14em; font: 12px ui-monospace, Menlo, monospace; }
    .hidden { display: none; }
    </style></head>
    <body>
    <header>
      <h1>Tips playground</h1><span id="catalog"></span>
      <span id="clock"></span>
      <label>Platform <select id="platform"></select></label>
      <label>Locale <select id="locale"></select></label>
      <button id="relaunch" title="a new TipStore over the same journal">Relaunch app</button>
      <button id="restart" title="a fresh store, clock and journal; the steps are forgotten">Start over</button>
    </header>
    <main>
    <aside>
      <section><h2>Clock</h2>
        <div class="row"><button id="advance-1h">+1 hour</button><button id="advance-6h">+6 hours</button>
        <button id="advance-1d">+1 day</button><button id="advance-7d">+7 days</button></div>
        <div class="row"><input id="advance-by" size="8" placeholder="1d12h"><button id="advance">Advance</button></div>
      </section>
      <section><h2>Donate an event</h2>
        <select id="donate-event"></select>
        <div id="donate-fields"></div>
        <div class="row"><label>times <input id="donate-times" type="number" min="1" max="100" value="1" style="width:4em"></label>
        <button id="donate">Donate</button></div>
      </section>
      <section><h2>Parameters</h2><div id="params"></div></section>
      <section><h2>Any step</h2>
        <div class="row"><input id="line" placeholder="display SaveShortcutTip for 30s" style="flex:1"><button id="run-line">Run</button></div>
      </section>
      <section><h2>Save as scenario</h2>
        <div class="row"><input id="title" placeholder="playground session" style="flex:1"><button id="save">Save</button></div>
        <a id="download" class="hidden" download="playground.scenario">Download playground.scenario</a>
        <textarea id="scenario" class="hidden" readonly></textarea>
      </section>
      <div id="error" role="alert"></div>
    </aside>
    <div id="tips"></div>
    <div id="bottom">
      <div><h2>Steps</h2><ol id="history"></ol></div>
      <div><h2>Journal (<span id="journal-count">0</span> lines)</h2><pre id="journal"></pre></div>
    </div>
    </main>
    <script>
    "use strict";
    const $ = (id) => document.getElementById(id);
    let catalog = null;
    function el(tag, props, ...children) {
      const e = document.createElement(tag);
      for (const [k, v] of Object.entries(props || {})) {
        if (k === "text") e.textContent = v; else if (k.startsWith("data-")) e.setAttribute(k, v); else e[k] = v;
      }
      for (const c of children) if (c) e.append(c);
      return e;
    }
    async function api(path, body) {
      const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
      const r = await fetch(path, init);
      const j = await r.json();
      if (!r.ok) throw new Error(j.error || r.statusText);
      return j;
    }
    function showError(text) { $("error").textContent = text || ""; }
    async function step(body) {
      try {
        const r = await api("/api/step", body);
        showError(r.accepted ? r.messages.join("\\n") : "refused: " + r.line + "\\n" + r.messages.join("\\n"));
        render(r.state);
      } catch (e) { showError(e.message); }
    }
    // A control for a value of a declared type; read() gives the JSON the API takes.
    function control(type, id) {
      let input, read;
      if (type.kind === "bool") { input = el("input", { type: "checkbox", id }); read = () => input.checked; }
      else if (type.kind === "enum") {
        input = el("select", { id }); for (const c of type.cases) input.append(el("option", { value: c, text: "." + c }));
        read = () => input.value;
      } else if (type.kind === "int" || type.kind === "double") {
        input = el("input", { type: "number", id, step: type.kind === "int" ? "1" : "any", value: "0", style: "width:7em" });
        read = () => Number(input.value);
      } else if (type.kind === "set") { input = el("input", { id, placeholder: "a, b" }); read = () => input.value.split(",").map(s => s.trim()).filter(s => s); }
      else if (type.kind === "date") { input = el("input", { id, placeholder: "2026-01-05T09:00:00Z" }); read = () => input.value; }
      else { input = el("input", { id }); read = () => input.value; }
      if (!type.optional) return { input, read };
      const none = el("input", { type: "checkbox", title: "nil" });
      const wrap = el("span", {}, input, el("label", { style: "display:inline" }, none, " nil"));
      return { input: wrap, read: () => none.checked ? null : read() };
    }
    let fieldReaders = [];
    function showFields() {
      const event = catalog.events.find(e => e.name === $("donate-event").value);
      const box = $("donate-fields"); box.replaceChildren(); fieldReaders = [];
      for (const f of event ? event.fields : []) {
        const c = control(f.type, "field-" + f.name);
        box.append(el("label", {}, f.name + " ", c.input)); fieldReaders.push([f.name, c.read]);
      }
    }
    function setup() {
      $("catalog").textContent = catalog.catalog.split("/").filter(s => s).pop() || catalog.catalog;
      $("catalog").title = catalog.catalog;
      for (const p of catalog.platforms) $("platform").append(el("option", { value: p, text: p }));
      for (const l of catalog.locales) $("locale").append(el("option", { value: l, text: l }));
      for (const e of catalog.events) $("donate-event").append(el("option", { value: e.name, text: e.name }));
      $("donate-event").onchange = showFields; showFields();
      for (const p of catalog.parameters) {
        const c = control(p.type, "param-" + p.name);
        const set = el("button", { text: "Set", id: "set-" + p.name, onclick: () => step({ kind: "set", parameter: p.name, value: c.read() }) });
        $("params").append(el("div", { className: "row" }, el("span", { text: p.name + (p.transient ? " (transient)" : "") }), c.input, set,
          el("span", { id: "value-" + p.name, className: "value" })));
      }
      for (const by of ["1h", "6h", "1d", "7d"]) $("advance-" + by).onclick = () => step({ kind: "advance", by });
      $("advance").onclick = () => step({ kind: "advance", by: $("advance-by").value });
      $("donate").onclick = () => {
        const payload = {}; for (const [n, r] of fieldReaders) payload[n] = r();
        step({ kind: "donate", event: $("donate-event").value, payload, times: Number($("donate-times").value) });
      };
      $("relaunch").onclick = () => step({ kind: "relaunch" });
      $("platform").onchange = () => step({ kind: "platform", platform: $("platform").value });
      $("locale").onchange = async () => { try { render(await api("/api/locale", { locale: $("locale").value })); } catch (e) { showError(e.message); } };
      $("run-line").onclick = () => step({ kind: "line", line: $("line").value });
      $("restart").onclick = async () => { try { render(await api("/api/restart", {})); showError(""); } catch (e) { showError(e.message); } };
      $("save").onclick = async () => {
        try {
          const r = await api("/api/scenario", { title: $("title").value });
          $("scenario").value = r.scenario; $("scenario").classList.remove("hidden");
          const a = $("download"); a.href = "data:text/plain;charset=utf-8," + encodeURIComponent(r.scenario);
          a.download = r.fileName; a.classList.remove("hidden");
        } catch (e) { showError(e.message); }
      };
    }
    function render(s) {
      $("clock").textContent = s.now + " (+" + s.elapsed + ")";
      $("platform").value = s.platform; $("locale").value = s.locale;
      const tips = $("tips"); tips.replaceChildren();
      const order = { available: 0, pending: 1 };
      const sorted = [...s.tips].sort((a, b) => (order[a.status] ?? 2) - (order[b.status] ?? 2));
      for (const t of sorted) {
        const buttons = el("div", { className: "row" });
        if (t.displayed) buttons.append(el("button", { text: "End display", onclick: () => step({ kind: "end", tip: t.name }) }));
        else buttons.append(el("button", { text: "Display", onclick: () => step({ kind: "begin", tip: t.name }) }));
        for (const a of t.actions || []) buttons.append(el("button", { text: a.title, onclick: () => step({ kind: "action", tip: t.name, action: a.id }) }));
        buttons.append(el("button", { text: "Close ✕", onclick: () => step({ kind: "close", tip: t.name }) }));
        buttons.append(el("button", { text: "Reset", onclick: () => step({ kind: "reset", tip: t.name }) }));
        const card = el("div", { className: "card" }, el("div", { className: "glyph", text: t.image || "" }),
          el("div", {}, el("div", { className: "title", text: t.title || "" }), t.message ? el("div", { className: "message", text: t.message }) : null));
        const why = el("details", { open: t.status === "available" }, el("summary", { text: "explain" }), el("pre", { className: "explanation", text: t.explanation }));
        tips.append(el("div", { className: "tip", "data-tip": t.name, "data-status": t.status, "data-displayed": String(t.displayed) },
          el("div", { className: "row" }, el("strong", { text: t.name }), el("span", { className: "status", text: t.status + (t.displayed ? ", on screen" : "") })),
          card, buttons, why));
      }
      for (const p of s.parameters) { const v = $("value-" + p.name); if (v) v.textContent = "= " + p.value; }
      const h = $("history"); h.replaceChildren();
      for (const e of s.history) h.append(el("li", { className: e.accepted ? "" : "refused", text: e.line + (e.accepted ? "" : "  (refused)") }));
      $("journal-count").textContent = String(s.journalLineCount);
      $("journal").textContent = s.journal.join("\\n");
      $("journal").scrollTop = $("journal").scrollHeight;
    }
    (async () => {
      try { catalog = await api("/api/catalog"); setup(); render(await api("/api/state")); }
      catch (e) { showError(e.message); }
    })();
    </script></body></html>
    """
}
