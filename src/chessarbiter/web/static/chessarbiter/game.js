/* The game viewer: the position of each ply is an SVG board the server draws
   (…/game/<ply>.svg); the keys ← → Home End and the move list change the ply shown,
   without reloading the page. Without this script every link still works (?ply=N). */
(function () {
  "use strict";

  function clamp(v, ply) {
    var plies = parseInt(v.dataset.plies, 10) || 0;
    return Math.max(0, Math.min(plies, ply));
  }

  function show(v, ply) {
    ply = clamp(v, ply);
    v.dataset.ply = String(ply);
    var img = v.querySelector("img.game-board");
    img.src = v.dataset.svg.replace(/0\.svg$/, ply + ".svg");
    var current = null;
    v.querySelectorAll("a.ply").forEach(function (a) {
      var on = parseInt(a.dataset.ply, 10) === ply;
      a.classList.toggle("current", on);
      if (on) {
        a.setAttribute("aria-current", "true");
        current = a;
      } else {
        a.removeAttribute("aria-current");
      }
    });
    if (current && current.scrollIntoView) {
      current.scrollIntoView({ block: "nearest" });
    }
    var url = new URL(window.location.href);
    url.searchParams.set("ply", String(ply));
    window.history.replaceState(null, "", url.toString());
  }

  function target(v, step) {
    var ply = parseInt(v.dataset.ply, 10) || 0;
    if (step === "first") return 0;
    if (step === "last") return parseInt(v.dataset.plies, 10) || 0;
    return ply + parseInt(step, 10);
  }

  document.addEventListener("keydown", function (e) {
    var v = document.querySelector(".game-viewer");
    if (!v || e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var step = { ArrowLeft: "-1", ArrowRight: "1", Home: "first", End: "last" }[e.key];
    if (!step) return;
    e.preventDefault();
    show(v, target(v, step));
  });

  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest(".game-viewer a[data-ply], .game-viewer a[data-step]") : null;
    if (!a) return;
    var v = a.closest(".game-viewer");
    e.preventDefault();
    show(v, a.dataset.ply !== undefined ? parseInt(a.dataset.ply, 10) : target(v, a.dataset.step));
  });
})();
