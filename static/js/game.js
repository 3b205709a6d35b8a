// Tells the bots' moves one at a time, about a second apart, so a child can follow them.
// With reduced motion (or no script at all) every step is shown at once.
(function () {
  "use strict";

  var PACE_MS = 1000;
  var timer = null;

  function reducedMotion() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function announce(text) {
    var region = document.getElementById("announcer");
    if (region) {
      region.textContent = text;
    }
  }

  function tidy(text) {
    return text.replace(/\s+/g, " ").trim();
  }

  // The words of a step, without the letters drawn on its little card picture.
  function stepText(step) {
    var parts = step.querySelectorAll(".step-text, .reason");
    return tidy(Array.prototype.map.call(parts, function (p) { return p.textContent; }).join(" "));
  }

  function promptText(game) {
    var prompt = game.querySelector("#prompt");
    return prompt ? tidy(prompt.textContent) : "";
  }

  function focusPrompt(game) {
    var prompt = game.querySelector("#prompt");
    if (prompt) {
      prompt.focus();
    }
  }

  function finish(game, moveFocus) {
    window.clearTimeout(timer);
    timer = null;
    game.classList.remove("narrating");
    var steps = game.querySelectorAll(".step");
    steps.forEach(function (step) { step.hidden = false; });
    var skip = game.querySelector(".skip");
    if (skip) {
      skip.hidden = true;
    }
    announce(promptText(game));
    if (moveFocus) {
      focusPrompt(game);
    }
  }

  function start(game, moveFocus) {
    window.clearTimeout(timer);
    var steps = Array.prototype.slice.call(game.querySelectorAll(".step"));
    var paced = steps.filter(function (step) { return !step.classList.contains("own"); });
    if (!game.dataset.narrate || paced.length === 0 || reducedMotion()) {
      var all = steps.map(stepText);
      all.push(promptText(game));
      announce(all.join(" "));
      if (moveFocus) {
        focusPrompt(game);
      }
      return;
    }
    game.classList.add("narrating");
    paced.forEach(function (step) { step.hidden = true; });
    var skip = game.querySelector(".skip");
    skip.hidden = false;
    skip.addEventListener("click", function () { finish(game, true); });
    skip.focus();
    var i = 0;
    function next() {
      if (i >= paced.length) {
        finish(game, true);
        return;
      }
      paced[i].hidden = false;
      announce(stepText(paced[i]));
      i += 1;
      timer = window.setTimeout(next, PACE_MS);
    }
    next();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var game = document.getElementById("game");
    if (game) {
      start(game, false);
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var game = document.getElementById("game");
    if (game && event.detail.target && event.detail.target.id === "game") {
      start(game, true);
    }
  });
})();
