/* "Test this deck" on the builder: send the list being edited (with the side and format fields),
   not the last saved version. The form names its sources in data-list-source and friends. */
(function () {
  "use strict";

  const form = document.getElementById("sim-test-form");
  if (!form || !form.dataset.listSource) return;

  function valueOf(selector) {
    const field = selector ? document.querySelector(selector) : null;
    return field ? field.value : "";
  }

  form.addEventListener("submit", () => {
    form.elements.namedItem("list").value = valueOf(form.dataset.listSource);
    form.elements.namedItem("side").value = valueOf(form.dataset.sideSource);
    form.elements.namedItem("format").value = valueOf(form.dataset.formatSource);
  });
})();
