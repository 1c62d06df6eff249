// A game's page: it hears each new version of the game (Server-Sent
// Events) and loads itself again; a move is posted without leaving the
// page, whose answer is the page again. Without this script the page
// still works: the moves are plain forms.
(function () {
  "use strict";
  var busy = false;
  var wanted = 0;

  function shown() {
    var main = document.getElementById("game");
    return main ? Number(main.dataset.version) : 0;
  }

  // swap puts the game of the page html in place of the shown one,
  // keeping the focus where it was when it can.
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var next = doc.getElementById("game") || doc.getElementById("gone");
    var cur = document.getElementById("game");
    if (!next || !cur) {
      return;
    }
    var focused = document.activeElement;
    var again = focused && focused.name === "move" ? focused.value : null;
    cur.replaceWith(next);
    settle();
    if (again !== null) {
      var same = Array.prototype.find.call(document.querySelectorAll("button[name=move]"), function (b) {
        return b.value === again;
      });
      (same || document.querySelector("button[name=move]") || document.body).focus();
    }
  }

  function refresh() {
    if (busy) {
      return;
    }
    busy = true;
    fetch("./", { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(swap)
      .catch(function () {})
      .then(function () {
        busy = false;
        if (wanted > shown()) {
          refresh();
        }
      });
  }

  // settle readies the shown game: times in the reader's own zone, and
  // the filter of a long list of moves.
  function settle() {
    document.querySelectorAll("time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d)) {
        t.textContent = d.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
      }
    });
    var filter = document.getElementById("filter");
    if (filter) {
      var buttons = document.querySelectorAll(".list button");
      if (buttons.length > 12) {
        filter.hidden = false;
        filter.addEventListener("input", function () {
          var q = filter.value.trim().toLowerCase();
          buttons.forEach(function (b) {
            b.hidden = q !== "" && b.textContent.toLowerCase().indexOf(q) < 0 && b.value.toLowerCase().indexOf(q) < 0;
          });
        });
      }
    }
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches || !form.matches("form.moves")) {
      return;
    }
    e.preventDefault();
    var data = new URLSearchParams(new FormData(form));
    if (e.submitter && e.submitter.name) {
      data.set(e.submitter.name, e.submitter.value);
    }
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(swap)
      .catch(function () { refresh(); });
  });

  settle();
  if (window.EventSource && document.getElementById("game")) {
    var events = new EventSource("events");
    events.addEventListener("version", function (e) {
      wanted = Number(e.data);
      if (wanted > shown()) {
        refresh();
      }
    });
    events.addEventListener("gone", function () {
      events.close();
      refresh();
    });
  }
})();
