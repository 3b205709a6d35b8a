// A sum walked on the number line (templates/games/question.html, .walk): one step at a
// time. Each step's slider moves a marker along the line; a tap on the line (or a drag
// along it) puts the marker there; Enter, or the step's own button, lands. Every landing is
// drawn as a hop, shown, said in the live region and read aloud when the child asked for
// everything to be read. The sliders are real form fields: without this script every step
// shows at once and the form sends them as they are.
(function () {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";

  function $(selector, root) {
    return (root || document).querySelector(selector);
  }

  function all(selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  }

  // A number as the page writes it, with a real minus sign: "−2".
  function shown(value) {
    return value < 0 ? "\u2212" + -value : String(value);
  }

  function readAll() {
    var toggle = document.getElementById("read-switch");
    return Boolean(toggle) && toggle.getAttribute("aria-pressed") === "true";
  }

  function say(walk, text) {
    var announcer = document.getElementById("announcer");
    if (announcer) {
      announcer.textContent = text;
    }
    if (readAll() && window.peabodySpeech) {
      window.peabodySpeech.speak(text);
    }
  }

  // The drawing of the line on show (the usual one, or the projector's wide one), and where
  // a value sits on it in its own units.
  function drawing(walk) {
    return all(".number-line svg", walk).filter(function (svg) {
      return svg.getBoundingClientRect().width > 0;
    })[0];
  }

  function axis(svg) {
    var line = $(".axis", svg);
    return { left: Number(line.getAttribute("x1")), right: Number(line.getAttribute("x2")),
             y: Number(line.getAttribute("y1")) };
  }

  function xOf(walk, svg, value) {
    var low = Number(walk.dataset.low);
    var high = Number(walk.dataset.high);
    var ends = axis(svg);
    return ends.left + (value - low) * (ends.right - ends.left) / (high - low);
  }

  // The whole number nearest to where a pointer is on the line.
  function valueAt(walk, svg, clientX) {
    var point = svg.createSVGPoint();
    point.x = clientX;
    point.y = 0;
    var x = point.matrixTransform(svg.getScreenCTM().inverse()).x;
    var low = Number(walk.dataset.low);
    var high = Number(walk.dataset.high);
    var ends = axis(svg);
    var value = Math.round(low + (x - ends.left) * (high - low) / (ends.right - ends.left));
    return Math.max(low, Math.min(high, value));
  }

  function marker(svg) {
    var found = $(".walk-marker", svg);
    if (!found) {
      found = document.createElementNS(SVG, "circle");
      found.setAttribute("class", "walk-marker");
      found.setAttribute("r", "9");
      found.setAttribute("cy", String(axis(svg).y));
      svg.appendChild(found);
    }
    return found;
  }

  function spoken(walk, value) {
    return value < 0 ? walk.dataset.minus.replace("%(count)s", String(-value)) : String(value);
  }

  function place(walk, slider) {
    var value = Number(slider.value);
    slider.setAttribute("aria-valuetext", spoken(walk, value));
    var output = $("output", slider.closest(".stride"));
    output.textContent = shown(value);
    all(".number-line svg", walk).forEach(function (svg) {
      marker(svg).setAttribute("cx", String(xOf(walk, svg, value)));
    });
  }

  function hop(walk, from, to) {
    all(".number-line svg", walk).forEach(function (svg) {
      var y = axis(svg).y;
      var a = xOf(walk, svg, from);
      var b = xOf(walk, svg, to);
      var arc = document.createElementNS(SVG, "path");
      arc.setAttribute("class", "hop walked" + (to < from ? " back" : ""));
      arc.setAttribute("d", "M " + a + " " + (y - 4) + " Q " + (a + b) / 2 + " " + (y - 40) +
        " " + b + " " + (y - 4));
      svg.insertBefore(arc, marker(svg));
    });
  }

  function active(walk) {
    return $(".stride:not([hidden]):not(.landed-here) .landing", walk);
  }

  // The child lands where the marker is: the hop is drawn and said, and the next step
  // starts there; after the last, the OK button waits.
  function land(walk) {
    var slider = active(walk);
    if (!slider) {
      return;
    }
    var stride = slider.closest(".stride");
    var value = Number(slider.value);
    hop(walk, Number(walk.dataset.at), value);
    walk.dataset.at = String(value);
    stride.classList.add("landed-here");
    say(walk, walk.dataset.landed.replace("%(number)s", shown(value)));
    var next = stride.nextElementSibling;
    if (next) {
      next.hidden = false;
      var following = $(".landing", next);
      following.value = String(value);
      place(walk, following);
      following.focus();
    } else {
      var ok = $("#land-ok", walk);
      ok.hidden = false;
      ok.focus();
    }
  }

  function start(walk) {
    if (walk.dataset.walking) {
      return;
    }
    walk.dataset.walking = "1";
    walk.dataset.at = walk.dataset.start;
    walk.classList.add("stepping");
    all(".stride", walk).forEach(function (stride, n) {
      stride.hidden = n > 0;
      var button = $(".land-here", stride);
      button.hidden = false;
      button.addEventListener("click", function () { land(walk); });
    });
    $("#land-ok", walk).hidden = true;
    all(".landing", walk).forEach(function (slider) {
      slider.addEventListener("input", function () { place(walk, slider); });
      slider.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {
          event.preventDefault();
          land(walk);
        }
      });
    });
    // A tap on the line, or a drag along it, puts the marker there.
    all(".number-line svg", walk).forEach(function (svg) {
      var dragging = false;
      function follow(event) {
        var slider = active(walk);
        if (slider) {
          slider.value = String(valueAt(walk, svg, event.clientX));
          place(walk, slider);
        }
      }
      svg.addEventListener("pointerdown", function (event) {
        dragging = true;
        follow(event);
      });
      svg.addEventListener("pointermove", function (event) {
        if (dragging) {
          follow(event);
        }
      });
      ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
        svg.addEventListener(name, function () { dragging = false; });
      });
    });
    place(walk, active(walk));
  }

  function ready() {
    all(".walk").forEach(start);
  }

  document.addEventListener("DOMContentLoaded", ready);
  document.addEventListener("htmx:afterSettle", ready);
})();
