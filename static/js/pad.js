// The number pad of a practice question: each key types into the answer box, so a child
// can answer with taps alone. Without this script the box takes typing as any box does.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var key = event.target.closest(".pad-key");
    var box = key && document.getElementById("answer");
    if (!box) {
      return;
    }
    var typed = box.value;
    if (key.dataset.key === "delete") {
      typed = typed.slice(0, -1);
    } else if (key.dataset.key === "\u2212") {
      // The minus goes in front, once: a second press takes it away.
      typed = typed.charAt(0) === "\u2212" ? typed.slice(1) : "\u2212" + typed;
    } else if (typed.replace("\u2212", "").length < 3) {
      typed += key.dataset.key;
    }
    box.value = typed;
  });
})();
