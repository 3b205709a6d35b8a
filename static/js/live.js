// A family table with a device each: when another device's move is saved, the server says
// so (games/live.py, a stream of server-sent events), and this device draws its table again,
// playing out what is new one step at a time as after its own move (game.js).
(function () {
  "use strict";

  var live = document.getElementById("live");
  if (!live || !window.EventSource || !window.htmx) {
    return;
  }

  function game() {
    return document.getElementById("game");
  }

  var latest = 0; // the newest version the server has told of
  // A refused stream's Retry-After, in milliseconds: games.live.BUSY_RETRY and the
  // connection cap's (peabody/server.py) say 30 seconds.
  var BUSY = 30000;
  var waiting = null;

  function drawAgain(whatever) {
    waiting = null;
    var here = game();
    if (!here) {
      return;
    }
    // Not while this device's own move is on its way, nor while what happened is still
    // being shown: the table is drawn again once they are done.
    if (here.classList.contains("narrating") || document.querySelector(".htmx-request")) {
      // Tried again with the same reason: a look for a seat gone away draws even with no
      // news, else the way to let a bot play waits for someone's next move.
      waiting = setTimeout(function () { drawAgain(whatever); }, 300);
      return;
    }
    if (whatever !== true && latest <= Number(here.dataset.version)) {
      return; // this device's own move, already drawn
    }
    if (here.classList.contains("stage-practice")) {
      // This child is answering their own question while the others answer theirs:
      // drawing the table again would wipe what they typed or walked. Their answer is
      // still taken (games.views.still_asked), and draws the table as it is by then.
      return;
    }
    htmx.ajax("GET", here.dataset.url + "?told=" + here.dataset.told, {
      target: "#game",
      swap: "outerHTML",
    });
  }

  function over() {
    var here = game();
    return !here || here.classList.contains("stage-over");
  }

  // A device that drops and comes back reconnects by itself, saying the last version it
  // heard of (Last-Event-ID): the server tells it at once if the game has moved since.
  var source = null;
  function listen() {
    source = new EventSource(live.dataset.url + "?since=" + game().dataset.version);
    source.addEventListener("moved", function (event) {
      latest = Math.max(latest, Number(event.data));
      if (!waiting) {
        waiting = setTimeout(drawAgain, 100);
      }
    });
    source.addEventListener("error", function () {
      // The browser gives up on an answer that is not a stream (a busy server's 503, the
      // 204 of a game whose end everyone has seen): try again later, unless over. A busy
      // worker's 503 says Retry-After: BUSY seconds, which an EventSource cannot read; the
      // wait is drawn between half of it and all of it, so that the devices turned away
      // together do not all come back together.
      if (source.readyState === EventSource.CLOSED && !over()) {
        setTimeout(function () {
          if (!over()) {
            listen();
          }
        }, BUSY * (0.5 + Math.random() / 2));
      }
    });
  }
  listen();

  // Waiting for people whose devices may have gone (for a turn, or for their questions
  // after a hole): look again once the first of them would count as away, so the way to
  // let a bot play for them shows without a tap.
  var awayTimer = null;
  function watchAway() {
    clearTimeout(awayTimer);
    var soonest = Infinity;
    document.querySelectorAll("#game .away-seat:not(:has(form))").forEach(function (seat) {
      soonest = Math.min(soonest, Number(seat.dataset.awayIn));
    });
    if (soonest < Infinity) {
      awayTimer = setTimeout(function () { drawAgain(true); }, soonest * 1000);
    }
  }
  watchAway();

  document.addEventListener("htmx:afterSettle", function () {
    if (over()) {
      source.close(); // the game is over: nothing more will move
    }
    watchAway();
  });
})();
