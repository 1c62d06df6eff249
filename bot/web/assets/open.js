// The link's landing page: the token is in the address's fragment, which
// no server sees. Take it out of the address bar, post it to sign in,
// and go to the game's page (or show why the link opens nothing).
(function () {
  "use strict";
  var token = location.hash.slice(1);
  history.replaceState(null, "", location.pathname);
  var body = new URLSearchParams();
  body.set("token", token);
  fetch("open", { method: "POST", body: body, credentials: "same-origin" })
    .then(function (r) {
      return r.text().then(function (text) {
        if (r.ok) {
          location.replace(text);
          return;
        }
        var doc = new DOMParser().parseFromString(text, "text/html");
        var gone = doc.getElementById("gone");
        document.getElementById("opening").replaceWith(gone || doc.body);
      });
    });
})();
