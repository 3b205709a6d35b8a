// The lesson pages. On the teacher's slides: one slide at a time, moved by the keys that
// presentation clickers send (→ Space PageDown on, ← PageUp back, Home End), F for full
// screen and B for a blank screen. Every slide is on the page already, each in a
// <template>: a slide is shown by copying it into #slide, with no trip to the server, and
// its address goes in the history so that a reload or the Back button finds it. On the
// class's game (the game page on a projector): the same clicker plays, see classGame. On the
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

  function all(selector, root) {
    return Array.from((root || document).querySelectorAll(selector));
  }

  // A black screen over the page (B or "."), for when the class should look at the teacher;
  // any key or a tap takes it away, and does nothing else.
  function blankScreen() {
    var blank = document.createElement("div");
    blank.className = "blank-screen";
    blank.hidden = true;
    document.body.appendChild(blank);
    blank.addEventListener("click", function () { blank.hidden = true; });
    return blank;
  }

  // == the class's game

  // A clicker sends PageDown, PageUp, B (or ".") and F5/Esc. PageDown shows the next move
  // on offer (its button takes the focus: ringed on the screen, said by a screen reader)
  // and a second PageDown makes it, as does PageDown held down (once: a held key must not
  // play a run of moves); PageUp goes back a choice. Knock, which ends the hole, is never
  // shown first. After a key of the number pad, OK is shown. F5, which a clicker's
  // "slideshow" button sends to start, asks for the full screen as F does on the slides,
  // and never reloads the page; Esc, its "stop", leaves the full screen.
  // On the number line, each step has three choices: "One more" (PageDown, first), "One
  // less" (PageUp, first) and "Stop here". PageDown moves the marker the way shown, or lands
  // at "Stop here"; PageUp goes from a way to "Stop here", and from there to the other way.
  // At the line's end PageDown goes on to "Stop here", as the marker can go no further.
  // Arrows, Enter and digits stay game.js's, pad.js's and walk.js's.
  // The page before the table (its button deals) is played the same way, and the page after
  // it of what the class found tricky.
  var CHOICES = "button[name=move], #keep, .ending-actions .button, .pad-key, .now .skip, " +
    "#deal, #tricky, .class-game .slide-nav a, .tricky-actions .button";

  function classGame(keys) {
    var blank = blankScreen();
    var walking = { marker: null, way: "", before: "less" };

    function announce(text) {
      var region = document.getElementById("announcer");
      if (region && text) {
        region.textContent = text;
      }
    }

    function choices() {
      var here = document.getElementById("game") || document.querySelector(".class-game");
      var found = all(CHOICES, here).filter(function (choice) {
        return !choice.disabled && !choice.closest("[inert], [hidden]") &&
          choice.getClientRects().length > 0;
      });
      var knock = function (choice) { return choice.id === "knock"; };
      return found.filter(function (c) { return !knock(c); }).concat(found.filter(knock));
    }

    function make(choice) {
      choice.click();
      if (choice.classList.contains("pad-key")) {
        announce(document.getElementById("answer").value); // what the answer is now
        document.getElementById("answer-ok").focus();
      }
    }

    // the number line (walk.js): the marker of the step being walked, and its choices

    function marker() {
      return document.querySelector(
        ".walk.stepping .stride:not([hidden]):not(.landed-here) .landing"
      );
    }

    function showWay(way) {
      var stride = walking.marker.closest(".stride");
      var label = stride.querySelector(".clicker-way");
      if (!label) {
        label = document.createElement("span");
        label.className = "clicker-way";
        label.setAttribute("aria-hidden", "true");
        stride.appendChild(label);
      }
      walking.way = way;
      label.dataset.way = way;
      label.textContent = way === "stop" ? "" : keys.dataset[way];
      if (way === "stop") {
        stride.querySelector(".land-here").focus();
      } else {
        walking.marker.focus();
        announce(keys.dataset[way]);
      }
    }

    function step(by) {
      var slider = walking.marker;
      var value = Number(slider.value) + by;
      slider.value = String(Math.max(Number(slider.min), Math.min(Number(slider.max), value)));
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      announce(slider.getAttribute("aria-valuetext"));
    }

    function atTheEnd(slider, way) {
      var end = way === "more" ? slider.max : slider.min;
      return Number(slider.value) === Number(end);
    }

    function walk(by, now) {
      if (walking.marker !== now) {
        walking = { marker: now, way: "", before: "less" };
      }
      var way = walking.way;
      if (!way) {
        showWay(by > 0 ? "more" : "less");
      } else if (by > 0 && way === "stop") {
        now.closest(".stride").querySelector(".land-here").click(); // walk.js lands
      } else if (by > 0 && atTheEnd(now, way)) {
        walking.before = way; // the line goes no further that way: stop here
        showWay("stop");
      } else if (by > 0) {
        step(way === "more" ? 1 : -1);
      } else if (way === "stop") {
        showWay(walking.before === "more" ? "less" : "more");
      } else {
        walking.before = way;
        showWay("stop");
      }
    }

    // A press; true when it only showed something (a choice, a way on the number line),
    // which PageDown held down then makes.
    function press(by) {
      var now = marker();
      if (now) {
        var fresh = walking.marker !== now || !walking.way;
        walk(by, now);
        return fresh || by < 0;
      }
      var ring = choices();
      if (!ring.length) {
        return false;
      }
      var at = ring.indexOf(document.activeElement);
      if (by > 0 && at >= 0) {
        make(ring[at]);
        return false;
      }
      if (by > 0) {
        ring[0].focus();
      } else {
        ring[at < 0 ? ring.length - 1 : (at - 1 + ring.length) % ring.length].focus();
      }
      return true;
    }

    // What the PageDown held down now may still do: make what its first press showed.
    var held = false;
    window.addEventListener("keyup", function (event) {
      if (event.key === "PageDown") {
        held = false;
      }
    });

    function fullScreen(on) {
      if (on && !document.fullscreenElement && document.fullscreenEnabled) {
        document.documentElement.requestFullscreen().catch(function () {});
      } else if (!on && document.fullscreenElement) {
        document.exitFullscreen().catch(function () {});
      }
    }

    // Before game.js hears the key (which moves the focus alone), and before a slider of
    // the number line moves by it.
    window.addEventListener("keydown", function (event) {
      var sending = document.querySelector("#table-form.htmx-request");
      if (!blank.hidden) {
        blank.hidden = true;
      } else if (event.altKey || event.ctrlKey || event.metaKey) {
        return;
      } else if (event.key === "F5" || event.key === "Escape") {
        fullScreen(event.key === "F5");
      } else if (BLANK.indexOf(event.key) >= 0) {
        blank.hidden = false;
      } else if (sending) {
        // A move already sent is not sent again.
      } else if (event.key === "PageDown" && event.repeat) {
        if (held) {
          held = false;
          press(1);
        }
      } else if (event.key === "PageDown" || event.key === "PageUp") {
        // PageUp held down counts once.
        var shown = event.repeat ? false : press(event.key === "PageDown" ? 1 : -1);
        held = event.key === "PageDown" && shown;
      } else {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    }, true);
  }

  var clickerKeys = document.getElementById("clicker-keys");
  if (clickerKeys || document.querySelector(".class-game")) {
    classGame(clickerKeys);
  }

  // == the slides

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

  var blank = blankScreen();

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
      // Past the last slide, the way on to the class's game is shown; once more, taken.
      if (document.activeElement === play) {
        play.click();
      } else {
        play.focus();
      }
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
