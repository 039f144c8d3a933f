// Results entry from the keyboard: the board number, then 1 0 = + - (white wins, black wins,
// draw, white wins by forfeit, black wins by forfeit), then Enter. Sent with htmx; the row is
// replaced with the saved one.
(function () {
  "use strict";
  const bar = document.getElementById("entry-bar");
  if (!bar) return;
  const boardInput = bar.querySelector("input[name=board]");
  const resultInput = bar.querySelector("input[name=result]");
  const keys = ["1", "0", "=", "+", "-"];
  function send() {
    const board = boardInput.value.trim();
    const result = resultInput.value.trim();
    if (!board || !result) return;
    const row = document.getElementById("board-" + board);
    const version = row ? row.dataset.version : "";
    htmx.ajax("POST", bar.dataset.url, {
      target: row ? "#board-" + board : undefined,
      swap: "outerHTML",
      values: { board: board, result: result, version: version },
    });
    boardInput.value = "";
    resultInput.value = "";
    boardInput.focus();
  }
  boardInput.addEventListener("keydown", function (e) {
    if (keys.includes(e.key) && boardInput.value.trim()) {
      e.preventDefault();
      resultInput.value = e.key;
      resultInput.focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (resultInput.value.trim()) send(); else resultInput.focus();
    }
  });
  resultInput.addEventListener("keydown", function (e) {
    if (keys.includes(e.key)) {
      e.preventDefault();
      resultInput.value = e.key;
    } else if (e.key === "Enter") {
      e.preventDefault();
      send();
    }
  });
  document.body.addEventListener("refresh-messages", function () { window.location.reload(); });
  boardInput.focus();
  bar.dataset.ready = "1";
})();
