// The findings table's filters: each select keeps the rows whose data attribute matches; text is never parsed as HTML.
(function () {
  "use strict";
  var table = document.getElementById("findings-table");
  if (!table) { return; }
  var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-filter]"));
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var count = document.getElementById("findings-shown");
  function apply() {
    var shown = 0;
    rows.forEach(function (row) {
      var keep = selects.every(function (s) { return s.value === "" || row.getAttribute("data-" + s.dataset.filter) === s.value; });
      row.hidden = !keep;
      if (keep) { shown += 1; }
    });
    count.textContent = String(shown);
  }
  selects.forEach(function (s) { s.addEventListener("change", apply); });
  var reset = document.getElementById("filters-reset");
  if (reset) {
    reset.addEventListener("click", function () { selects.forEach(function (s) { s.value = ""; }); apply(); });
  }
  apply();
}());
