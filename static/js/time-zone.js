// The family's time zone, offered from the browser's own (never guessed from an address):
// until the grown-up has chosen one, a list of zones (the time zone page, sign-up) starts on
// the zone this browser is in, and a line says so; the family page offers it in one press.
// Nothing is saved until the grown-up presses.
(function () {
  "use strict";

  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) {
    return;
  }

  var select = document.querySelector("select[data-browser-time-zone]");
  var said = document.getElementById("time-zone-offered");
  if (select && !select.value && said) {
    var listed = Array.prototype.some.call(select.options, function (option) {
      return option.value === zone;
    });
    if (listed) {
      select.value = zone;
      said.hidden = false;
    }
  }

  // Not UTC, which the times are told in already.
  var offer = document.getElementById("time-zone-offer");
  if (offer && zone !== "UTC" && zone !== "Etc/UTC") {
    offer.querySelector("input[name=time_zone]").value = zone;
    offer.querySelector(".zone").textContent = zone;
    offer.hidden = false;
  }
})();
