// Reading aloud, by a voice on this device: a read-aloud button (.say) reads the words of the
// .sayable it sits in, a "?" opened its tips, and the table (game.js) reads its lines
// through peabodySpeech.speak. Only a voice that speaks the page's language, and never one
// that sends the words away to be spoken; with none, the button pressed says so in words.
// Every page with a read-aloud button loads this.
(function () {
  "use strict";

  var SPEECH_MS = 6000; // the longest anything waits for its line to be read

  // The words of a .sayable: its .words part if it has one, else all its text. What is
  // folded away in a <details> is read too, but not the words of its <summary> (a button's)
  // nor a picture's (a number line says itself in its caption).
  function words(element) {
    var part = (element.querySelector(".words") || element).cloneNode(true);
    part.querySelectorAll("summary, svg").forEach(function (unsaid) { unsaid.remove(); });
    return (part.textContent || "").replace(/\s+/g, " ").trim();
  }

  var waitForVoices = null;

  function voices() {
    if (!window.speechSynthesis) {
      return Promise.resolve([]);
    }
    var now = speechSynthesis.getVoices();
    if (now.length) {
      return Promise.resolve(now);
    }
    waitForVoices = waitForVoices || new Promise(function (resolve) {
      function done() {
        resolve(speechSynthesis.getVoices());
      }
      speechSynthesis.addEventListener("voiceschanged", done, { once: true });
      setTimeout(done, 1500);
    });
    return waitForVoices;
  }

  // "en-gb", "es": the language the page is written in, the one the voice must speak.
  function pageLanguage() {
    return (document.documentElement.lang || "en").toLowerCase().replace("_", "-");
  }

  function languageOf(voice) {
    return (voice.lang || "").toLowerCase().replace("_", "-");
  }

  // Only a voice on the device (any other sends the words away to be spoken) that speaks the
  // page's language: the same country's if there is one ("en-GB" for "en-gb"), else any
  // ("es-MX" for "es"). None: the page's words are not read in another language's voice.
  function voiceFor(list, language) {
    var base = language.split("-")[0];
    var speaking = list.filter(function (v) {
      return v.localService && languageOf(v).split("-")[0] === base;
    });
    return speaking.filter(function (v) { return languageOf(v) === language; })[0] || speaking[0];
  }

  var pressed = null; // the last read-aloud button pressed

  // Read ``text`` aloud; ``then``, if given, once it is read (or could not be).
  function speak(text, then) {
    var called = false;
    function done() {
      if (!called && then) {
        called = true;
        then();
      }
    }
    voices().then(function (list) {
      var voice = voiceFor(list, pageLanguage());
      if (!voice) {
        // The button pressed says why nothing is read, in the page's language (nothing is
        // said when the table reads by itself); its words take a line of their own, and
        // join its name, which still says what it would have read.
        var button = pressed;
        if (button && !button.classList.contains("no-voice")) {
          var why = document.createElement("span");
          why.className = "no-voice-words";
          why.textContent = " " + button.dataset.noVoice;
          button.classList.add("no-voice");
          button.appendChild(why);
        }
        done();
        return;
      }
      var line = new SpeechSynthesisUtterance(text);
      line.voice = voice;
      line.lang = voice.lang;
      line.onend = line.onerror = done;
      speechSynthesis.cancel();
      speechSynthesis.speak(line);
      setTimeout(done, SPEECH_MS);
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".say");
    if (button) {
      pressed = button;
      speak(words(button.closest(".sayable")));
    }
  });

  // The tips behind a "?" (templates/games/tips.html) are read aloud as they are opened.
  document.addEventListener("toggle", function (event) {
    var tips = event.target;
    if (tips.classList && tips.classList.contains("tips") && tips.open) {
      pressed = null; // with no voice the tips are there to read: nothing more to say
      speak(words(tips));
    }
  }, true);

  // "Read everything to me" starts on, but reads only where this device has a voice of its
  // own for the page's language: with none, the switch shows off, and the table reads
  // nothing (game.js and walk.js look at the switch).
  function fitSwitch() {
    var toggle = document.getElementById("read-switch");
    if (!toggle || toggle.getAttribute("aria-pressed") !== "true") {
      return;
    }
    voices().then(function (list) {
      if (!voiceFor(list, pageLanguage())) {
        toggle.setAttribute("aria-pressed", "false");
      }
    });
  }
  fitSwitch();

  // The table's "Read everything to me", once htmx has swapped it in switched on, says so.
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (target && target.id === "read-switch" && target.getAttribute("aria-pressed") === "true") {
      pressed = target; // with no voice, the switch says so
      speak(target.dataset.saysOn); // "I will read everything to you.", in the page's language
      fitSwitch();
    }
  });

  window.peabodySpeech = { speak: speak, words: words };
})();
