// Results entry on the round page.
//
// The keyboard bar is made so that every board 1-9999 can be addressed and no result lands on a
// board the arbiter did not mean:
//   * the board field takes digits only; Space, Tab or Enter then moves to the result field, but
//     only when the number names a game of this round (the line beside the bar shows its
//     players while typing; a board that is not in the round, or a bye, is refused there and
//     nothing is sent);
//   * the result field takes one key: 1 (white wins), 0 (black wins), = or 5 (draw), + and -
//     (forfeit win for white or black); Enter sends; Backspace on an empty result goes back to
//     the board;
//   * anything out of place (a board that is not a game of the round, a second result key, a
//     key that means nothing there, a refusal of the server) stops the bar: every key but
//     Escape (start again) and Backspace (correct) is then ignored, so keys typed ahead of a
//     mistake (a forgotten Enter, say) can never slide onto another board;
//   * Escape clears everything;
//   * Tab never takes the focus from the bar to the rows' selects, where a typed key would
//     pick a result for another board (Shift+Tab from the board field leaves it backwards).
// Keys typed while a result is being sent wait in a queue and are replayed in order once the
// answer is in, so typing ahead never loses a digit.
//
// The server refuses to replace (or clear) a different result already on a board unless told
// to: it answers 409 with X-Result-Exists. The bar then asks ("... replace it by ...? Enter to
// confirm") and sends again with replace=1; any other key keeps the old result. Keys typed
// before the question appeared are dropped, so they can never confirm it. The selects of the
// rows send the same request and ask with a confirm dialog.
(function () {
  "use strict";
  const bar = document.getElementById("entry-bar");
  if (!bar) return;
  const url = bar.dataset.url;
  const boardInput = bar.querySelector("input[name=board]");
  const resultInput = bar.querySelector("input[name=result]");
  const preview = document.getElementById("entry-preview");
  const log = document.getElementById("entry-log");
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  const texts = read("entry-texts");
  const keys = read("entry-keys"); // key -> [result code, written form]
  const byes = read("entry-byes"); // board number -> player on a bye
  let csrf = "";
  try {
    csrf = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  } catch (e) {
    csrf = "";
  }

  // the bar's state: mode is "board", "result", "confirm" (a replacement to confirm) or
  // "error" (a refusal shown; back: the field it happened in)
  const state = { mode: "board", back: "board", board: "", key: "", pending: null };
  const queue = [];
  let busy = false;

  function fmt(text, values) {
    return text.replace(/%\((\w+)\)s/g, (m, k) => (k in values ? String(values[k]) : m));
  }
  function row(n) {
    return document.getElementById("board-" + n);
  }
  function say(text, level) {
    preview.textContent = text;
    preview.className = "entry-preview" + (level ? " " + level : "");
  }
  function note(text, level) {
    if (!text) return;
    const li = document.createElement("li");
    li.textContent = text;
    li.className = level || "";
    log.prepend(li);
    while (log.children.length > 6) log.lastElementChild.remove();
  }
  // a message both beside the bar and in its log
  function tell(text, level) {
    note(text, level);
    say(text, level);
  }
  function setBusy(on) {
    busy = on;
    if (on || queue.length) bar.dataset.busy = "1";
    else delete bar.dataset.busy;
  }

  // the board typed, as a number without leading zeros ("" when there is none)
  function boardNumber() {
    return /^[0-9]{1,4}$/.test(state.board) ? String(parseInt(state.board, 10)) : "";
  }

  // what the bar would do now: { ok, n, row, text }
  function check() {
    if (!state.board) return { ok: false, text: "" };
    const n = boardNumber();
    const r = n ? row(n) : null;
    if (!r) {
      if (n && Object.prototype.hasOwnProperty.call(byes, n)) {
        return { ok: false, text: fmt(texts.bye, { board: n, name: byes[n] }) };
      }
      return { ok: false, text: fmt(texts.no_board, { board: n || state.board, round: bar.dataset.round }) };
    }
    let text = fmt(texts.board, { board: n, white: r.dataset.white, black: r.dataset.black });
    const now = r.dataset.label;
    text += " · " + (now ? fmt(texts.now, { result: now }) : texts.no_result);
    const chosen = state.key && keys[state.key];
    if (chosen) {
      text += " → " + chosen[1];
      if (now && r.dataset.choice !== chosen[0]) text += " (" + fmt(texts.replaces, { result: now }) + ")";
    }
    return { ok: true, n: n, row: r, text: text };
  }

  function render(message, level) {
    boardInput.value = state.board;
    resultInput.value = state.key && keys[state.key] ? keys[state.key][1] : "";
    bar.dataset.mode = state.mode;
    const where = state.mode === "error" ? state.back : state.mode;
    const field = where === "board" ? boardInput : resultInput;
    if (document.activeElement !== field) field.focus();
    if (message !== undefined) {
      say(message, level);
    } else if (state.mode !== "confirm" && state.mode !== "error") {
      const c = check();
      say(c.text || texts.help, c.ok || !c.text ? "" : "bad");
    }
  }

  function clear() {
    state.mode = "board";
    state.board = "";
    state.key = "";
    state.pending = null;
  }

  function keep() {
    // the arbiter did not confirm a replacement: say so where it stays visible
    const p = state.pending;
    if (p) note(fmt(texts.kept, { board: p.board, result: p.current }), "info");
    clear();
  }

  // -- the server --------------------------------------------------------------------------

  async function post(values) {
    const response = await fetch(url, {
      method: "POST",
      body: new URLSearchParams(values),
      headers: { "X-CSRFToken": csrf, "HX-Request": "true" },
      credentials: "same-origin",
    });
    const html = await response.text();
    let message = "";
    try {
      message = decodeURIComponent(response.headers.get("X-Message") || "");
    } catch (e) {
      message = html;
    }
    return {
      status: response.status,
      ok: response.ok,
      html: html,
      message: message || (response.ok ? "" : response.status + " " + response.statusText),
      level: level(response.headers.get("X-Message-Level") || "") || (response.ok ? "ok" : "bad"),
      exists: response.headers.get("X-Result-Exists"),
      version: response.headers.get("X-Board-Version"),
    };
  }

  // "x of y results entered": counted again from the rows after each change
  function recount() {
    const counter = document.getElementById("results-count");
    if (!counter || !texts.count) return;
    const rows = document.querySelectorAll("#boards tbody tr");
    const pending = document.querySelectorAll("#boards tbody tr.pending").length;
    counter.textContent = fmt(texts.count, { entered: rows.length - pending, total: rows.length });
  }

  function swapRow(n, html) {
    const body = document.createElement("tbody");
    body.innerHTML = html.trim();
    const fresh = body.querySelector("tr");
    const old = row(n);
    if (fresh && old) old.replaceWith(fresh);
    // a team event: the match header's new score, sent after the row
    body.querySelectorAll("template[data-match-score]").forEach(function (t) {
      const score = document.getElementById(t.dataset.matchScore);
      if (score) score.textContent = t.content.textContent;
    });
    recount();
  }

  async function refreshRow(n) {
    // after a refusal the row may be out of date (another arbiter was faster): reload it
    try {
      const page = await fetch(window.location.href, { credentials: "same-origin" });
      const doc = new DOMParser().parseFromString(await page.text(), "text/html");
      const fresh = doc.getElementById("board-" + n);
      const old = row(n);
      if (fresh && old) old.replaceWith(document.importNode(fresh, true));
      recount();
    } catch (e) {
      /* the message already says what happened */
    }
  }

  // the class of a message of the server's level (X-Message-Level)
  function level(name) {
    return { success: "ok", info: "info", warning: "warn", error: "bad" }[name] || name;
  }

  // send the bar's entry; replace: the arbiter confirmed replacing the result shown to him
  async function submit(replace) {
    const c = check();
    if (!c.ok) return fail(c.text || texts.board_first);
    const chosen = keys[state.key];
    if (!chosen) return fail(texts.result_first);
    const entry = {
      board: c.n,
      result: chosen[0],
      version: replace && state.pending ? state.pending.version : c.row.dataset.version,
      replace: replace ? "1" : "",
    };
    const key = state.key;
    setBusy(true);
    say(fmt(texts.sending, { board: c.n }), "");
    let answer = null;
    try {
      answer = await post(entry);
    } catch (err) {
      if (state.mode === "confirm") state.mode = "result";
      fail(fmt(texts.network, { error: String(err) }));
    }
    if (answer && answer.ok) {
      swapRow(entry.board, answer.html);
      clear();
      note(answer.message, answer.level);
      render(answer.message, answer.level);
    } else if (answer && answer.status === 409 && answer.exists) {
      const r = row(entry.board);
      state.mode = "confirm";
      state.board = entry.board;
      state.key = key;
      state.pending = {
        board: entry.board,
        version: answer.version,
        current: r ? r.dataset.label || answer.exists : answer.exists,
      };
      // keys typed before the question was shown must not answer it
      const dropped = queue.length ? " " + texts.dropped : "";
      queue.length = 0;
      render(answer.message + " " + texts.confirm + dropped, "ask");
    } else if (answer) {
      state.pending = null;
      if (state.mode === "confirm") state.mode = "result";
      note(answer.message, "bad");
      fail(answer.message);
      if (answer.status === 409) await refreshRow(entry.board);
    }
    setBusy(false);
    drain();
  }

  // -- the keys ----------------------------------------------------------------------------

  function isDigit(k) {
    return k.length === 1 && k >= "0" && k <= "9";
  }

  // a refusal: every key but Escape (start again) and Backspace (correct) is ignored until
  // the arbiter has seen it, so keys typed ahead cannot slide onto another board
  function fail(text) {
    if (state.mode !== "error") state.back = state.mode === "result" ? "result" : "board";
    state.mode = "error";
    return render(text + " " + texts.locked, "bad");
  }

  function handle(k, shift) {
    if (k === "Escape") {
      if (state.mode === "confirm") keep();
      else clear();
      return render(texts.help, "");
    }
    if (state.mode === "confirm") {
      if (k === "Enter") return submit(true);
      const p = state.pending;
      keep(); // any other key keeps the old result
      return fail(fmt(texts.kept, { board: p.board, result: p.current }));
    }
    if (state.mode === "error") {
      if (k !== "Backspace") return undefined;
      state.mode = state.back;
    }
    if (state.mode === "board") {
      if (isDigit(k)) {
        if (state.board.length >= 4) return fail(texts.digits);
        state.board += k;
        return render();
      }
      if (k === "Backspace") {
        state.board = state.board.slice(0, -1);
        return render();
      }
      if (k === " " || k === "Enter" || k === "Tab") {
        if (!state.board) return render(texts.board_first, "bad");
        const c = check();
        if (!c.ok) return fail(c.text);
        state.mode = "result";
        return render();
      }
      return fail(keys[k] ? texts.next : texts.digits);
    }
    // result field
    if (keys[k]) {
      if (state.key) return fail(texts.one_key);
      state.key = k;
      return render();
    }
    if (k === "Enter") return state.key ? submit(false) : fail(texts.result_first);
    if (k === "Backspace") {
      if (state.key) state.key = "";
      else state.mode = "board";
      return render();
    }
    if (k === "Tab" && shift) {
      state.mode = "board";
      return render();
    }
    if (k === " " || k === "Tab") return render();
    return fail(texts.result_keys);
  }

  function drain() {
    while (!busy && queue.length) {
      const [k, shift] = queue.shift();
      handle(k, shift);
    }
    setBusy(busy);
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const k = e.key;
    const ours = k.length === 1 || ["Enter", "Tab", "Escape", "Backspace"].includes(k);
    if (!ours) return; // arrows, Home, F5... as usual
    // Shift+Tab from the board field leaves the bar (backwards); Tab never leaves it forwards:
    // a key typed into a row's select would change that row's result
    if (k === "Tab" && e.shiftKey && state.mode === "board" && !busy && !queue.length) return;
    e.preventDefault();
    queue.push([k, e.shiftKey]);
    drain();
  }
  boardInput.addEventListener("keydown", onKey);
  resultInput.addEventListener("keydown", onKey);

  // typing that arrives without key events (a phone's keyboard, pasting)
  boardInput.addEventListener("input", function () {
    if (state.mode === "confirm") keep();
    state.mode = "board";
    state.board = boardInput.value.replace(/[^0-9]/g, "").slice(0, 4);
    render();
  });
  resultInput.addEventListener("input", function () {
    const k = [...resultInput.value].pop() || "";
    if (state.mode !== "result" || !keys[k]) return render(texts.result_keys, "bad");
    state.key = k;
    return render();
  });
  boardInput.addEventListener("focus", function () {
    if (busy || state.mode === "board" || state.mode === "error") return;
    if (state.mode === "confirm") keep();
    state.mode = "board";
    render();
  });
  resultInput.addEventListener("focus", function () {
    if (busy || state.mode !== "board") return;
    const c = check();
    if (c.ok) state.mode = "result";
    render(c.ok ? undefined : c.text || texts.board_first, c.ok ? undefined : "bad");
  });

  // -- the selects of the rows -------------------------------------------------------------

  document.getElementById("boards").addEventListener("change", async function (e) {
    const select = e.target;
    if (!(select instanceof HTMLSelectElement) || select.name !== "result") return;
    const tr = select.closest("tr");
    const n = tr.id.replace("board-", "");
    const values = { board: n, result: select.value, version: tr.dataset.version, replace: "" };
    try {
      let answer = await post(values);
      if (answer.status === 409 && answer.exists) {
        if (window.confirm(answer.message)) {
          answer = await post({ ...values, version: answer.version, replace: "1" });
        } else {
          select.value = tr.dataset.choice;
          note(fmt(texts.kept, { board: n, result: tr.dataset.label }), "info");
          return;
        }
      }
      if (answer.ok) {
        swapRow(n, answer.html);
        tell(answer.message, answer.level);
      } else {
        select.value = tr.dataset.choice;
        tell(answer.message, "bad");
        if (answer.status === 409) await refreshRow(n);
      }
    } catch (err) {
      select.value = tr.dataset.choice;
      say(fmt(texts.network, { error: String(err) }), "bad");
    }
  });

  render(texts.help, "");
  bar.dataset.ready = "1";
})();
