// The number pad of a practice question: each key types into the answer box, so a child
// can answer with taps alone. Without this script the box takes typing as any box does.
// By keys, as a class at a projector answers: digits and minus typed anywhere on the page
// go into the box (the focus goes to OK, so Enter sends it), Backspace takes one away, and
// Enter in the box sends it with OK rather than with the first move of the form.
(function () {
  "use strict";

  var MINUS = "\u2212";

  function typeInto(box, key) {
    var typed = box.value;
    if (key === "delete") {
      typed = typed.slice(0, -1);
    } else if (key === MINUS) {
      // The minus goes in front, once: a second press takes it away.
      typed = typed.charAt(0) === MINUS ? typed.slice(1) : MINUS + typed;
    } else if (typed.replace(MINUS, "").length < 3) {
      typed += key;
    }
    box.value = typed;
  }

  document.addEventListener("click", function (event) {
    var key = event.target.closest(".pad-key");
    var box = key && document.getElementById("answer");
    if (box) {
      typeInto(box, key.dataset.key);
    }
  });

  document.addEventListener("keydown", function (event) {
    var box = document.getElementById("answer");
    var ok = document.getElementById("answer-ok");
    if (!box || !ok || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var target = event.target;
    if (target === box) {
      if (event.key === "Enter") {
        event.preventDefault();
        ok.click();
      }
      return;
    }
    if (target.matches("input, select, textarea") || target.isContentEditable) {
      return;
    }
    var key = event.key;
    if (key === "-" || key === MINUS) {
      key = box.closest(".question").querySelector('.pad-key[data-key="' + MINUS + '"]') ? MINUS : "";
    } else if (key === "Backspace") {
      key = "delete";
    } else if (!/^[0-9]$/.test(key)) {
      return;
    }
    event.preventDefault();
    if (key) {
      typeInto(box, key);
      ok.focus();
    }
  });
})();
