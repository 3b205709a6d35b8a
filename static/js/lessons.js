// The lesson pages. On the teacher's slides: one slide at a time, moved by the keys that
// presentation clickers send (→ Space PageDown on, ← PageUp back, Home End), F for full
// screen and B for a blank screen. Every slide is on the page already, each in a
// <template>: a slide is shown by copying it into #slide, with no trip to the server, and
// its address goes in the history so that a reload or the Back button finds it. On the
// rules page: the print button. Reading aloud is speech.js's, loaded beside this. The slides'
// sound switch starts off each time: a class hears a slide turn only if the teacher wants.
(function () {
  "use strict";

  var NEXT = ["ArrowRight", " ", "PageDown"];
  var BACK = ["ArrowLeft", "PageUp"];
  var BLANK = ["b", "B", "."];

  var printButton = document.querySelector(".rules-actions .print");
  if (printButton && window.print) {
    printButton.hidden = false;
    printButton.addEventListener("click", function () { window.print(); });
  }

  var holder = document.getElementById("slide");
  var sources = Array.from(document.querySelectorAll("template.slide-source"));
  if (!holder || !sources.length) {
    return;
  }
  var soundSwitch = document.getElementById("sound-switch");
  if (soundSwitch) {
    soundSwitch.hidden = false;
    soundSwitch.addEventListener("click", function () {
      var on = soundSwitch.getAttribute("aria-pressed") !== "true";
      soundSwitch.setAttribute("aria-pressed", String(on));
      sound("pair");
    });
  }

  function sound(name) {
    if (window.peabodySound) {
      window.peabodySound.play(name);
    }
  }

  var blank = document.createElement("div");
  blank.className = "blank-screen";
  blank.hidden = true;
  document.body.appendChild(blank);

  function here() {
    var shown = holder.querySelector(".slide");
    var key = shown ? shown.dataset.key : "";
    return sources.findIndex(function (source) { return source.dataset.key === key; });
  }

  function show(index, remember) {
    index = Math.max(0, Math.min(index, sources.length - 1));
    var source = sources[index];
    if (index !== here()) {
      holder.replaceChildren(source.content.cloneNode(true));
      document.title = source.dataset.title;
      sound(holder.querySelector(".demo .paired") ? "pair" : "place");
      if (remember) {
        history.pushState({ slide: source.dataset.key }, "", source.dataset.url);
      }
    }
    var title = holder.querySelector("h1");
    if (title) {
      title.focus();
    }
  }

  function step(by) {
    var now = here();
    var play = holder.querySelector("#play-together");
    if (by > 0 && now === sources.length - 1 && play) {
      play.focus(); // past the last slide: the way on is the class's game
      return;
    }
    show(now + by, true);
  }

  function fullScreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(function () {});
    } else if (document.fullscreenEnabled) {
      document.documentElement.requestFullscreen().catch(function () {});
    }
  }

  document.addEventListener("keydown", function (event) {
    if (!blank.hidden) {
      // Any key brings the slide back, and does nothing else.
      event.preventDefault();
      blank.hidden = true;
      return;
    }
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey ||
        target.matches("input, select, textarea") || target.isContentEditable) {
      return;
    }
    var key = event.key;
    if (NEXT.indexOf(key) >= 0) {
      step(1);
    } else if (BACK.indexOf(key) >= 0) {
      step(-1);
    } else if (key === "Home") {
      show(0, true);
    } else if (key === "End") {
      show(sources.length - 1, true);
    } else if (key === "f" || key === "F") {
      fullScreen();
    } else if (BLANK.indexOf(key) >= 0) {
      blank.hidden = false;
    } else {
      return;
    }
    event.preventDefault();
  });

  blank.addEventListener("click", function () { blank.hidden = true; });

  // The slides' own links move without loading the page, and so keep the full screen.
  holder.addEventListener("click", function (event) {
    var link = event.target.closest(".slide-nav a[rel]");
    if (link && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      step(link.rel === "next" ? 1 : -1);
    }
  });

  window.addEventListener("popstate", function () {
    var path = location.pathname;
    var index = sources.findIndex(function (source) { return source.dataset.url === path; });
    show(index < 0 ? 0 : index, false);
  });
})();
