// The event form: only the settings of the chosen system are shown. Every fieldset and
// field marked data-systems="swiss team-swiss ..." is hidden unless the system select's value
// is among them; a system no element names (a kind of event added later) shows everything.
// Hidden fields are still sent (their values are the defaults), and with scripts off
// everything shows: the server's validation is the library's either way. The tie-breaks'
// placeholder follows the chosen system's default (data-defaults, from the library).
(function () {
  "use strict";
  var form = document.getElementById("event-form");
  if (!form) return;
  var select = form.querySelector("select[name=system]");
  if (!select) return;
  var marked = Array.prototype.slice.call(form.querySelectorAll("[data-systems]"));
  var named = {};
  marked.forEach(function (el) {
    el.getAttribute("data-systems").split(/\s+/).forEach(function (s) { if (s) named[s] = true; });
  });
  var tiebreaks = form.querySelector("input[name=tiebreaks]");
  var defaults = {};
  if (tiebreaks && tiebreaks.getAttribute("data-defaults")) {
    try { defaults = JSON.parse(tiebreaks.getAttribute("data-defaults")); } catch (e) { defaults = {}; }
  }
  function show() {
    var system = select.value;
    var known = Object.prototype.hasOwnProperty.call(named, system);
    marked.forEach(function (el) {
      var systems = el.getAttribute("data-systems").split(/\s+/);
      el.hidden = known && systems.indexOf(system) < 0;
    });
    if (tiebreaks && Object.prototype.hasOwnProperty.call(defaults, system)) {
      tiebreaks.placeholder = defaults[system];
    }
    form.setAttribute("data-system", system);
  }
  select.addEventListener("change", show);
  show();
})();
