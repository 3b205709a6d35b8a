// The table's sounds, made here with the Web Audio API: a few soft notes each, no files.
// A sound plays only when the page's sound switch is on, after the page has had a tap or a
// key (browsers refuse sound before that), and never over a voice reading aloud: a sound
// asked for while one speaks is left out, not kept for later.
(function () {
  "use strict";

  var LOUDNESS = 0.08; // quiet: under the voice, under a room's talk

  // Each sound is notes: [start (s), length (s), frequency (Hz), glide to (Hz), wave].
  var SOUNDS = {
    take: [[0, 0.09, 520, 700, "sine"]],
    place: [[0, 0.1, 330, 300, "triangle"]],
    discard: [[0, 0.12, 392, 260, "triangle"]],
    flip: [[0, 0.07, 620, 620, "sine"], [0.05, 0.08, 820, 820, "sine"]],
    knock: [[0, 0.07, 180, 150, "triangle"], [0.14, 0.07, 180, 150, "triangle"]],
    pair: [[0, 0.1, 659, 659, "sine"], [0.09, 0.16, 988, 988, "sine"]],
    hole: [[0, 0.14, 523, 523, "triangle"], [0.12, 0.14, 659, 659, "triangle"],
      [0.24, 0.3, 784, 784, "triangle"]],
    best: [[0, 0.14, 523, 523, "triangle"], [0.12, 0.14, 659, 659, "triangle"],
      [0.24, 0.14, 784, 784, "triangle"], [0.36, 0.5, 1047, 1047, "sine"],
      [0.36, 0.5, 523, 523, "sine"]],
    // The end of a hole a few points from the lowest: up two steps, warm.
    close: [[0, 0.14, 523, 523, "triangle"], [0.12, 0.3, 659, 659, "triangle"]],
    // The end of a game, by how it went for the child: a fanfare for a win, a rising
    // "nearly" for a close one, else a little tune up and back down to rest. All kind.
    "won-game": [[0, 0.1, 523, 523, "triangle"], [0.1, 0.1, 659, 659, "triangle"],
      [0.2, 0.1, 784, 784, "triangle"], [0.3, 0.12, 1047, 1047, "triangle"],
      [0.42, 0.08, 784, 784, "triangle"], [0.5, 0.45, 1047, 1047, "sine"],
      [0.5, 0.45, 523, 523, "sine"]],
    "close-game": [[0, 0.12, 392, 392, "triangle"], [0.12, 0.12, 523, 523, "triangle"],
      [0.24, 0.12, 659, 659, "triangle"], [0.36, 0.5, 784, 784, "sine"]],
    "behind-game": [[0, 0.12, 392, 392, "triangle"], [0.12, 0.12, 523, 523, "triangle"],
      [0.24, 0.12, 659, 659, "triangle"], [0.36, 0.45, 523, 523, "sine"]],
    right: [[0, 0.12, 587, 587, "sine"], [0.1, 0.22, 880, 880, "sine"]],
    // A wrong answer: two soft notes going down a little, a "hmm", never a buzz.
    wrong: [[0, 0.16, 392, 392, "sine"], [0.14, 0.24, 349, 340, "sine"]],
  };

  var context = null;
  var freeAt = 0; // when the last sound asked for ends: sounds take turns, never pile up
  var tapped = false;

  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      tapped = tapped || event.isTrusted;
    }, true);
  });

  function hadATap() {
    var activation = navigator.userActivation;
    return activation ? activation.hasBeenActive : tapped;
  }

  function switchedOn() {
    var toggle = document.getElementById("sound-switch");
    return Boolean(toggle) && toggle.getAttribute("aria-pressed") === "true";
  }

  function speaking() {
    var voice = window.speechSynthesis;
    return Boolean(voice) && (voice.speaking || voice.pending);
  }

  function audio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!context && Context) {
      context = new Context();
    }
    if (context && context.state === "suspended") {
      context.resume().catch(function () {});
    }
    return context;
  }

  function note(ctx, out, at, spec) {
    var start = at + spec[0];
    var end = start + spec[1];
    var tone = ctx.createOscillator();
    var envelope = ctx.createGain();
    tone.type = spec[4];
    tone.frequency.setValueAtTime(spec[2], start);
    if (spec[3] !== spec[2]) {
      tone.frequency.exponentialRampToValueAtTime(spec[3], end);
    }
    // A soft start, a note held a moment, then a fading end: no click at either.
    envelope.gain.setValueAtTime(0.0001, start);
    envelope.gain.exponentialRampToValueAtTime(1, start + 0.015);
    envelope.gain.exponentialRampToValueAtTime(0.5, start + spec[1] * 0.6);
    envelope.gain.exponentialRampToValueAtTime(0.0001, end);
    tone.connect(envelope);
    envelope.connect(out);
    tone.start(start);
    tone.stop(end + 0.02);
  }

  // Play a sound by name; the milliseconds until it (and any before it) ends, 0 if not played.
  function play(name) {
    var notes = SOUNDS[name];
    if (!notes || !switchedOn() || !hadATap() || speaking()) {
      return 0;
    }
    var ctx = audio();
    if (!ctx) {
      return 0;
    }
    var at = Math.max(ctx.currentTime + 0.01, freeAt);
    var out = ctx.createGain();
    out.gain.value = LOUDNESS;
    out.connect(ctx.destination);
    notes.forEach(function (spec) { note(ctx, out, at, spec); });
    var length = Math.max.apply(null, notes.map(function (spec) { return spec[0] + spec[1]; }));
    freeAt = at + length + 0.05;
    return Math.ceil((freeAt - ctx.currentTime) * 1000);
  }

  // A moment with a sound of its own (data-sound: the end of a game, by how it went) plays
  // it as it is drawn after a tap (a page opened afresh stays quiet).
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    var moment = target && target.id === "game" && document.querySelector("#game [data-sound]");
    if (moment) {
      play(moment.dataset.sound);
    }
  });

  window.peabodySound = { play: play, sounds: SOUNDS };
})();
