// The replay of a game: the arrow keys go back (←) and on (→), as its Back and Next do.
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    var rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
    var link = rel && !event.altKey && !event.ctrlKey &&
      document.querySelector('.replay-nav a[rel="' + rel + '"]');
    if (link) {
      event.preventDefault();
      link.click();
    }
  });
})();
