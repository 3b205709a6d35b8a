// A class answering on its own devices (games/classes): the server says when something
// moved (a server-sent event, as live.js hears a family table), and the page fetches what
// it shows and draws it again. On a child's device that is the question opening or closing;
// on the projector, a new answer in the spread.
(function () {
  "use strict";

  if (!window.EventSource || !window.fetch) {
    return;
  }

  // The part of the page that ``selector`` finds, fetched afresh as htmx would ask for it
  // (its partial), and put in place if ``changed(old, new)`` says it should be.
  var asked = {}; // the latest fetch of each part: an earlier one answering late is dropped
  function redraw(selector, changed) {
    var here = document.querySelector(selector);
    if (!here) {
      return;
    }
    var mine = (asked[selector] || 0) + 1;
    asked[selector] = mine;
    fetch(here.dataset.url, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        var now = document.querySelector(selector);
        if (!html || !now || asked[selector] !== mine) {
          return;
        }
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector(selector);
        if (!fresh || !changed(now, fresh)) {
          return;
        }
        now.replaceWith(fresh);
        if (window.htmx) {
          htmx.process(fresh);
        }
        if (selector === "#device") {
          // As after an htmx swap: walk.js sets up a number line, if one came.
          document.dispatchEvent(new CustomEvent("htmx:afterSettle", { detail: { target: fresh } }));
        }
        var heading = fresh.querySelector("h2[tabindex]");
        if (heading) {
          heading.focus();  // a screen reader hears what changed
        }
      });
  }

  function listen(url, since, onMoved) {
    var source = new EventSource(url + "?since=" + since);
    source.addEventListener("moved", onMoved);
    return source;
  }

  // A child's device: drawn again only when what it shows changes (a question opened,
  // closed), never while the child is typing an answer to the same question.
  var live = document.getElementById("class-live");
  var device = document.getElementById("device");
  if (live && device) {
    listen(live.dataset.url, device.dataset.version, function () {
      redraw("#device", function (old, fresh) {
        return old.dataset.key !== fresh.dataset.key;
      });
    });
  }

  // The projector: the spread drawn again with each new answer, heard while a question is
  // open (the spread is on the table only then; the projector's own moves bring it and take
  // it away).
  var heard = null;
  function hearAnswers() {
    var answers = document.getElementById("class-answers");
    if (answers && !heard) {
      heard = listen(answers.dataset.live, answers.dataset.version, function () {
        redraw("#class-answers", function () {
          return true;
        });
      });
    } else if (!answers && heard) {
      heard.close();
      heard = null;
    }
  }
  hearAnswers();
  document.addEventListener("htmx:afterSettle", hearAnswers);
})();
