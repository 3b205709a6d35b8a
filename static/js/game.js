// The table, brought to life: the bots' steps told one by one with their cards moving, their
// words read aloud (speech.js) and their sounds played (sound.js), and a few keys. The page
// shows the table after every move; each step lists what it changed ("slot:before:after", ""
// a face-down card, "-" none), so the table is put back as it was, then played forward. Our
// CSP allows no inline script or style: all of it goes through classes and the CSSOM.
(function () {
  "use strict";

  var STEP_MS = 1000; // a step: its card's flight, then a moment to look
  var MOVE_MS = 700; // as long as the .flying transition in cards.css
  var speech = window.peabodySpeech; // speech.js, loaded before this
  var timers = [];
  var story = null; // the steps being told, and how many have landed

  function $(selector, root) {
    return (root || document).querySelector(selector);
  }

  function all(selector, root) {
    return Array.from((root || document).querySelectorAll(selector));
  }

  var CHEER_MS = 3300; // how long the moment at the end stands over the table

  function later(fn, ms) {
    timers.push(setTimeout(fn, ms));
  }

  function stopTimers() {
    timers.forEach(clearTimeout);
    timers = [];
  }

  function game() {
    return document.getElementById("game");
  }

  function calm() {
    return matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function announce(text) {
    var region = document.getElementById("announcer");
    if (region) {
      region.textContent = text;
    }
  }

  function readAll() {
    var toggle = document.getElementById("read-switch");
    return Boolean(toggle) && toggle.getAttribute("aria-pressed") === "true";
  }

  // sounds (sound.js), which take turns: a line read aloud waits until they are over

  var quietAt = 0;

  var KIND_SOUNDS = {
    draw_stock: "take", draw_discard: "take", swap: "place", discard: "discard", flip: "flip",
    knock: "knock",
  };

  function sound(name) {
    var ms = window.peabodySound && name ? window.peabodySound.play(name) : 0;
    if (ms) {
      quietAt = Date.now() + ms;
    }
  }

  function untilQuiet() {
    return Math.max(0, quietAt - Date.now());
  }

  // A move's pairs click into place after it; the cards turned up at the end of a hole are
  // the hole's sound.
  function pairs(step) {
    if (KIND_SOUNDS[step.kind] && step.pairs.length) {
      sound("pair");
    }
  }

  function stepSounds(step, withPairs) {
    sound(KIND_SOUNDS[step.kind]);
    if (withPairs) {
      pairs(step);
    }
  }

  // After a move: the end of a hole (by how it went for the child: data-cheer), or what
  // was said to a practice answer.
  var HOLE_SOUNDS = { won: "best", close: "close", behind: "hole" };

  function endSounds() {
    var here = game();
    if (here.dataset.narrate && $('.step[data-kind="reveal"]', here)) {
      var summary = $(".summary[data-cheer]", here);
      sound(summary ? HOLE_SOUNDS[summary.dataset.cheer] : "hole");
    }
    var feedback = $("#feedback", here);
    if (feedback) {
      sound(feedback.classList.contains("right") ? "right" : "wrong");
    }
  }

  // cards

  function cardFace(code) {
    var face = document.createElement("span");
    if (code === "" || code === "-") {
      face.className = code ? "hollow" : "back";
    } else if (code === "JK") {
      face.className = "face joker";
      face.textContent = "\u2605";
    } else {
      face.className = "face";
      face.dataset.suit = code.slice(-1);
      face.textContent = code.slice(0, -1);
    }
    return face;
  }

  // The child's own cards are found by their id, every other spot by its data-slot.
  function slot(name) {
    return document.getElementById(name) || $('[data-slot="' + name + '"]');
  }

  // Show a card code, "" (face down) or "-" (no card) in a slot. The names screen readers
  // hear stay those of the table after the move: the steps are told to them as words.
  function setSlot(name, value) {
    var element = slot(name);
    if (!element || name === "stock") {
      return;
    }
    if (element.classList.contains("held-by")) {
      element.hidden = value === "-";
    }
    element.replaceChild(cardFace(value), $(".face, .back, .hollow", element));
    if (name === "pile") {
      element.classList.toggle("empty", value === "-");
    }
  }

  function markPairs(step, on) {
    step.pairs.forEach(function (group) {
      group.forEach(function (name, i) {
        var element = slot(name);
        if (element) {
          element.classList.toggle("paired", on);
          element.classList.toggle("zero", on && i === group.length - 1);
          element.classList.toggle("pop", on && !calm());
        }
      });
    });
  }

  function parse(item) {
    var split = function (text, by) { return (text || "").split(by).filter(Boolean); };
    var reason = $("q", item);
    return {
      own: item.classList.contains("own"),
      seat: item.dataset.seat,
      kind: item.dataset.kind,
      reason: reason ? reason.textContent : "",
      line: speech.words($(".line", item)),
      said: speech.words(item),
      changes: split(item.dataset.changes, " ").map(function (text) {
        var parts = text.split(":");
        return { slot: parts[0], before: parts[1], after: parts[2] };
      }),
      pairs: split(item.dataset.pairs, " ").map(function (group) { return group.split(","); }),
    };
  }

  // telling the bots' steps

  // Where a step's cards fly: [from slot, to slot, the card shown on the way].
  function flights(step) {
    var change = {};
    step.changes.forEach(function (c) { change[c.slot.split("-")[0]] = c; });
    var hand = "hand-" + step.seat;
    var pile = change.pile;
    var place = change.card;
    if (step.kind === "draw_stock") {
      return [["stock", hand, ""]];
    }
    if (step.kind === "draw_discard" && pile) {
      return [["pile", hand, pile.before]];
    }
    if (step.kind === "discard" && pile) {
      return [[hand, "pile", pile.after]];
    }
    if (step.kind === "swap" && place && pile) {
      return [[hand, place.slot, place.after], [place.slot, "pile", pile.after]];
    }
    return [];
  }

  function fly(from, to, value) {
    var start = slot(from);
    var end = slot(to);
    if (!start || !end) {
      return;
    }
    end.hidden = false;
    var a = start.getBoundingClientRect();
    var b = end.getBoundingClientRect();
    if (!a.width || !b.width) {
      return;
    }
    var card = document.createElement("span");
    card.className = "card flying";
    card.appendChild(cardFace(value === "-" ? "" : value));
    card.style.left = a.left + "px";
    card.style.top = a.top + "px";
    card.style.setProperty("--h", a.height + "px");
    document.body.appendChild(card);
    card.getBoundingClientRect(); // laid out where it starts, so the move is animated
    card.style.transform = "translate(" + (b.left - a.left) + "px, " + (b.top - a.top) + "px) " +
      "scale(" + b.height / a.height + ")";
    later(function () { card.remove(); }, MOVE_MS);
  }

  function land(step) {
    step.changes.forEach(function (c) {
      setSlot(c.slot, c.after);
      var element = slot(c.slot);
      if (element) {
        element.classList.remove("away");
      }
    });
    markPairs(step, true);
  }

  // A bubble sits over its bot's face; where that would cross the screen's edge (a bot near
  // the side of a phone), it slides along until it is all in view.
  function inView(bubble) {
    bubble.style.translate = "";
    var box = bubble.getBoundingClientRect();
    var margin = 6;
    if (!box.width) {
      return;
    }
    var by = Math.max(margin - box.left, Math.min(0, innerWidth - margin - box.right));
    if (by) {
      bubble.style.translate = by + "px 0";
    }
  }

  function showReason(step) {
    all(".bubble").forEach(function (bubble) { bubble.hidden = true; });
    all(".acting").forEach(function (seat) { seat.classList.remove("acting"); });
    var seat = $('.opponent[data-seat="' + step.seat + '"]');
    if (seat) {
      var bubble = $(".bubble", seat) || seat.appendChild(document.createElement("p"));
      bubble.className = "bubble";
      bubble.textContent = step.reason;
      bubble.hidden = !step.reason;
      seat.classList.add("acting");
      inView(bubble);
    }
  }

  function play(step, done) {
    $(".now .words", game()).textContent = step.line;
    announce(step.said);
    showReason(step);
    var waiting = 2; // the step's time, and its line being read out
    function one() {
      waiting -= 1;
      if (waiting === 0) {
        done();
      }
    }
    // Read aloud, the step's sounds come first and its line after them; otherwise a pair's
    // sound waits for its cards to land.
    var reading = readAll();
    stepSounds(step, reading);
    if (reading) {
      later(function () { speech.speak(step.line, one); }, untilQuiet());
    } else {
      one();
    }
    var moving = flights(step);
    moving.forEach(function (f) { fly(f[0], f[1], f[2]); });
    var from = moving.map(function (f) { return f[0]; });
    var to = moving.map(function (f) { return f[1]; });
    // A moving card leaves at once; where it goes waits for it (the pile shows its old top).
    step.changes.forEach(function (c) {
      var element = slot(c.slot);
      if (element && to.indexOf(c.slot) >= 0 && c.slot !== "pile") {
        element.classList.add("away");
      } else if (element && from.indexOf(c.slot) >= 0) {
        setSlot(c.slot, c.after);
      }
    });
    if (step.kind === "flip" || step.kind === "reveal") {
      step.changes.forEach(function (c) {
        var element = slot(c.slot);
        if (element) {
          element.classList.add("flip");
        }
      });
    }
    later(function () {
      land(step);
      if (!reading) {
        pairs(step);
      }
    }, moving.length ? MOVE_MS : 250);
    later(one, STEP_MS);
  }

  function block(on) {
    all(".hand, .piles, .moves, .ending-actions, .side", game()).forEach(function (part) {
      part.inert = on;
    });
  }

  // After the steps: say what the child is asked now, and put the focus there.
  function settle(moveFocus, lines) {
    var prompt = document.getElementById("prompt");
    // What was said to a practice answer comes before the next thing asked.
    var feedback = $("#feedback .sayable");
    var said = (feedback ? [speech.words(feedback)] : [])
      .concat(prompt ? [speech.words(prompt)] : []);
    var text = lines.concat(said).join(" ");
    announce(text);
    if (moveFocus) {
      endSounds();
    }
    if (readAll() && text) {
      later(function () { speech.speak(text); }, untilQuiet());
    }
    if (moveFocus && prompt) {
      prompt.focus();
    }
    // The moment at the end (cheer.html) goes after a while: by its own animation, and with
    // reduced motion (a still picture, nothing animated) by this.
    var cheer = $(".cheer");
    if (cheer) {
      later(function () { cheer.hidden = true; }, CHEER_MS);
    }
  }

  function finish() {
    stopTimers();
    all(".flying").forEach(function (card) { card.remove(); });
    if (story) {
      story.steps.slice(story.landed).forEach(land);
      story = null;
    }
    var here = game();
    all(".away, .flip, .pop", here).forEach(function (e) { e.classList.remove("away", "flip", "pop"); });
    all(".bubble").forEach(function (bubble) { bubble.hidden = true; });
    all(".acting").forEach(function (seat) { seat.classList.remove("acting"); });
    here.classList.remove("narrating");
    block(false);
    $(".now", here).hidden = true;
    settle(true, []);
  }

  // A notice over the table ("That move was already made…") takes its room from the table,
  // not from the bottom of the screen. Kept on <html>, which htmx never swaps: it copies a
  // swapped element's style attribute, which our CSP refuses.
  function fitNotice() {
    var here = game();
    if (here) {
      var notice = $(":scope > .message", here);
      document.documentElement.style.setProperty(
        "--notice", (notice ? notice.offsetHeight : 0) + "px"
      );
    }
  }

  window.addEventListener("resize", fitNotice);

  function start(moveFocus) {
    fitNotice();
    stopTimers();
    story = null;
    var here = game();
    var steps = all(".step", here).map(parse);
    var paced = steps.filter(function (step) { return !step.own; });
    var fresh = Boolean(here.dataset.narrate);
    if (fresh) {
      // The child's own move sounds at once; the bots' as each is shown.
      steps.filter(function (step) { return step.own; }).forEach(function (step) {
        stepSounds(step, true);
      });
    }
    if (!fresh || !paced.length || calm()) {
      if (fresh) {
        paced.forEach(function (step) { stepSounds(step, true); });
      }
      settle(moveFocus, steps.map(function (step) { return step.said; }));
      return;
    }
    // Back to the table as it was before the bots moved, then forward one step at a time.
    paced.slice().reverse().forEach(function (step) {
      markPairs(step, false);
      step.changes.slice().reverse().forEach(function (c) { setSlot(c.slot, c.before); });
    });
    story = { steps: paced, landed: 0 };
    here.classList.add("narrating");
    block(true);
    var now = $(".now", here);
    now.hidden = false;
    $(".skip", now).addEventListener("click", finish);
    if (moveFocus) {
      $(".skip", now).focus();
    }
    (function next() {
      if (!story || story.landed >= paced.length) {
        finish();
        return;
      }
      play(paced[story.landed], function () {
        if (story) {
          story.landed += 1;
          next();
        }
      });
    })();
  }

  // arrow keys between the choices: a class at a projector, or anyone playing by keyboard,
  // goes from one move on offer to the next (→ ↓ PageDown) or back (← ↑ PageUp), and
  // Enter, as on any button, picks it. Tab still goes everywhere. A sum on the number line
  // is one of them: its marker (a slider) for the step on show; there the arrows move the
  // marker and Enter lands (walk.js), and OK joins them once the last step has landed.

  var CHOICE_KEYS = {
    ArrowRight: 1, ArrowDown: 1, PageDown: 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1,
  };

  // The moves on offer now, in the page's order.
  function offered(here) {
    return all("button[name=move]:enabled, #keep, .ending-actions .button, .pad-key, " +
               ".stride:not(.landed-here) .landing", here)
      .filter(function (choice) {
        return !choice.closest("[inert], [hidden]") && choice.getClientRects().length > 0;
      });
  }

  function moveBetweenChoices(event) {
    var by = CHOICE_KEYS[event.key];
    var here = game();
    var target = event.target;
    if (!by || !here || event.altKey || event.ctrlKey || event.metaKey ||
        target.matches("input:not([type=checkbox]), select, textarea")) {
      return;
    }
    var choices = offered(here);
    if (!choices.length) {
      return;
    }
    var at = choices.indexOf(document.activeElement);
    var next = at < 0 ? (by > 0 ? 0 : choices.length - 1) : at + by;
    event.preventDefault();
    choices[(next + choices.length) % choices.length].focus();
  }

  document.addEventListener("keydown", moveBetweenChoices);

  // wiring

  // A table just dealt (or opened): the focus is on the first move on offer, so Enter makes
  // it and Tab goes on to the next, not on the page's first link. While the bots' steps are
  // told it waits for them, as after any move.
  document.addEventListener("DOMContentLoaded", function () {
    if (game()) {
      start(false);
      // Not at the class's table: a clicker's first press there shows the first move, its
      // second makes it (lessons.js), so a move chosen for it already would be made at once.
      var clicker = document.body.classList.contains("class-table");
      var first = story || clicker ? null : offered(game())[0];
      if (first) {
        first.focus();
      }
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (target && target.id === "game") {
      start(true);
    } else if (target && target.id === "sound-switch") {
      sound("pair"); // switched on, a sound to say so; switched off, none plays
    }
  });
})();
