// The new-game forms (a game alone, a game played together): Enter on a choice of game deals
// the cards, as it would in a text box.
(function () {
  "use strict";

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key === "Enter" && target.matches(".new-game input[type=radio]")) {
      event.preventDefault();
      target.form.requestSubmit();
    }
  });
})();
