// The family's time zone: until the grown-up has chosen one, the list starts on the zone this
// browser is in, and a line says so. Nothing is saved until the grown-up presses Save.
(function () {
  "use strict";

  var select = document.querySelector("select[data-browser-time-zone]");
  var said = document.getElementById("time-zone-offered");
  if (!select || select.value || !said) {
    return;
  }
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  var offered = Array.prototype.some.call(select.options, function (option) {
    return option.value === zone;
  });
  if (offered) {
    select.value = zone;
    said.hidden = false;
  }
})();
